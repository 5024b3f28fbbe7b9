import { describe, expect, it } from '@jest/globals';
import { dateOf, optionalDate, optionalNumber, optionalString } from './rows.js';

describe('row readers', () => {
  const at = new Date('2024-05-06T07:08:09.123Z');

  it('read a timestamp from the driver as the same Date, and from jsonb text as the instant it names', () => {
    expect(dateOf(at)).toBe(at);
    expect(dateOf('2024-05-06T07:08:09.123+00:00')).toEqual(at);
    expect(optionalDate(at)).toBe(at);
    expect(optionalDate('2024-05-06T09:08:09.123+02:00')).toEqual(at);
  });

  it('read null and a missing column as null', () => {
    for (const read of [optionalDate, optionalString, optionalNumber]) {
      expect(read(null)).toBeNull();
      expect(read(undefined)).toBeNull();
    }
  });

  it('read text and numbers, bigint and numeric text as numbers', () => {
    expect(optionalString('S-1-5-21')).toBe('S-1-5-21');
    expect(optionalString('')).toBe('');
    expect(optionalString(7)).toBe('7');
    expect(optionalNumber('9007199254740991')).toBe(9007199254740991);
    expect(optionalNumber(0)).toBe(0);
    expect(optionalNumber('12.5')).toBe(12.5);
  });
});
