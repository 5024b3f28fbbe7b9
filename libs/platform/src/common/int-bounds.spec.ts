import { describe, expect, it } from '@jest/globals';
import { isInt32 } from './int-bounds.js';

describe('isInt32', () => {
  it.each([0, -1, 2147483647, -2147483648])('accepts %p', (value) => {
    expect(isInt32(value)).toBe(true);
  });

  it.each([2147483648, -2147483649, 1.5, Number.NaN, Infinity, '1', null, undefined])('refuses %p', (value) => {
    expect(isInt32(value)).toBe(false);
  });
});
