import { describe, expect, it } from '@jest/globals';
import { parseRfc3339 } from './rfc3339.js';

describe('parseRfc3339', () => {
  it.each([
    ['2025-07-08T17:00:00Z', '2025-07-08T17:00:00Z'],
    ['2025-07-08t17:00:00z', '2025-07-08T17:00:00Z'],
    ['2025-07-08T17:00:00+02:00', '2025-07-08T15:00:00Z'],
    ['2025-07-08T17:00:00-05:30', '2025-07-08T22:30:00Z'],
    ['2025-07-08T00:30:00+01:00', '2025-07-07T23:30:00Z'],
    ['2025-07-08T17:00:00.5Z', '2025-07-08T17:00:00.5Z'],
    ['2025-07-08T17:00:00.123456Z', '2025-07-08T17:00:00.123456Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00Z'],
    ['0099-06-01T00:00:00Z', '0099-06-01T00:00:00Z'],
    ['9999-12-31T23:59:59.999999Z', '9999-12-31T23:59:59.999999Z'],
  ])('reads %s as the UTC instant %s', (text, utc) => {
    expect(parseRfc3339(text)).toBe(utc);
  });

  it('reads a space in the offset as the + that the query string decoded away', () => {
    expect(parseRfc3339('2025-07-08T17:00:00 02:00')).toBe('2025-07-08T15:00:00Z');
  });

  it('keeps microseconds and drops finer digits, which PostgreSQL cannot store', () => {
    expect(parseRfc3339('2025-07-08T17:00:00.123456789Z')).toBe('2025-07-08T17:00:00.123456Z');
  });

  it.each([
    ['a date alone', '2025-07-08'],
    ['no zone', '2025-07-08T17:00:00'],
    ['a space for T', '2025-07-08 17:00:00Z'],
    ['no seconds', '2025-07-08T17:00Z'],
    ['an empty fraction', '2025-07-08T17:00:00.Z'],
    ['an offset without colon', '2025-07-08T17:00:00+0200'],
    ['month 13', '2025-13-01T00:00:00Z'],
    ['day 0', '2025-07-00T00:00:00Z'],
    ['February 30', '2025-02-30T00:00:00Z'],
    ['February 29 of a common year', '2023-02-29T00:00:00Z'],
    ['hour 24', '2025-07-08T24:00:00Z'],
    ['minute 60', '2025-07-08T17:60:00Z'],
    ['second 60', '2025-07-08T17:00:60Z'],
    ['offset hour 24', '2025-07-08T17:00:00+24:00'],
    ['offset minute 60', '2025-07-08T17:00:00+01:60'],
    ['year 0', '0000-06-01T00:00:00Z'],
    ['an instant before year 1 in UTC', '0001-01-01T00:30:00+01:00'],
    ['an instant after year 9999 in UTC', '9999-12-31T23:30:00-01:00'],
    ['non-ASCII digits', '２０２５-07-08T17:00:00Z'],
    ['trailing text', '2025-07-08T17:00:00Zjunk'],
    ['a Unix time', '1720458000'],
  ])('rejects %s', (_, text) => {
    expect(parseRfc3339(text)).toBeUndefined();
  });
});
