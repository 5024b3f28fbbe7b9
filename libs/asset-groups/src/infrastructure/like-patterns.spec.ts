import { describe, expect, it } from '@jest/globals';
import { containsPattern } from './like-patterns.js';

describe('containsPattern', () => {
  it('wraps the text in % wildcards', () => {
    expect(containsPattern('tier')).toBe('%tier%');
  });

  it('escapes the wildcards and the escape character of the text', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
