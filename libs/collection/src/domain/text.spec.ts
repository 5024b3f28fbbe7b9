import { describe, expect, it } from '@jest/globals';
import { longerThan } from './text.js';

describe('longerThan', () => {
  it('counts code points: an emoji is one character', () => {
    expect(longerThan('\u{1F600}'.repeat(3), 3)).toBe(false);
    expect(longerThan('\u{1F600}'.repeat(4), 3)).toBe(true);
    expect(longerThan('ab\u{1F600}', 3)).toBe(false);
    expect(longerThan('ab\u{1F600}c', 3)).toBe(true);
  });

  it('decides by length alone when the UTF-16 length settles it', () => {
    expect(longerThan('', 0)).toBe(false);
    expect(longerThan('abc', 3)).toBe(false);
    expect(longerThan('abcdefg', 3)).toBe(true);
    expect(longerThan('x'.repeat(10 * 1024 * 1024), 255)).toBe(true);
  });
});
