import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../common/api-error.js';
import { parsePreferWait } from './prefer.js';

describe('parsePreferWait', () => {
  it.each([
    [undefined, 30],
    ['wait=5', 5],
    ['wait=0', 30],
    ['respond-async, wait=12', 12],
    ['return=minimal', 30],
    ['wait=301', 300],
    ['WAIT = 7', 7],
  ])('reads %p as %p seconds', (header, seconds) => {
    expect(parsePreferWait(header)).toBe(seconds);
  });

  it.each(['wait=abc', 'wait=-1', 'wait=', 'wait=1.5'])('answers 400 for %p', (header) => {
    try {
      parsePreferWait(header);
      throw new Error('expected a 400');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).messages[0]).toMatch(/^Prefer header has an invalid value: wait must be a whole number/);
    }
  });
});
