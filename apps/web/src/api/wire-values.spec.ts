import { describe, expect, it } from '@jest/globals';
import { asRecord, asStrings, asText, formatBytes, formatDate, isoTime, plainNumber, plainString, plainTime, plainValue } from './wire-values';

describe('loose readers', () => {
  it('read a wrong type as empty', () => {
    expect(asRecord({ a: 1 })).toEqual({ a: 1 });
    expect(asRecord([1])).toEqual({});
    expect(asRecord(null)).toEqual({});
    expect(asText('x')).toBe('x');
    expect(asText(3)).toBe('3');
    expect(asText(null)).toBe('');
    expect(asText(undefined)).toBe('');
    expect(asStrings(['a', 1, 'b'])).toEqual(['a', 'b']);
    expect(asStrings('a')).toEqual([]);
  });
});

describe('wire values under both WIRE_FORMATs', () => {
  it('unwraps the spec wrappers, Go sql.NullTime and plain values alike', () => {
    expect(plainValue({ string: 'alice', valid: true })).toBe('alice');
    expect(plainValue({ string: '', valid: false })).toBeNull();
    expect(plainValue({ uuid: 'abc', valid: true })).toBe('abc');
    expect(plainValue({ Time: '2024-01-02T03:04:05Z', Valid: true })).toBe('2024-01-02T03:04:05Z');
    expect(plainValue({ Time: '0001-01-01T00:00:00Z', Valid: false })).toBeNull();
    expect(plainValue('x')).toBe('x');
    expect(plainValue(undefined)).toBeNull();
    expect(plainValue({ other: 1 })).toEqual({ other: 1 });
  });

  it('reads strings and numbers from either shape', () => {
    expect(plainString({ string: 'n', valid: true })).toBe('n');
    expect(plainString(null)).toBe('');
    expect(plainString('plain')).toBe('plain');
    expect(plainNumber({ int64: 7, valid: true })).toBe(7);
    expect(plainNumber({ int32: 0, valid: false })).toBeNull();
    expect(plainNumber(3)).toBe(3);
    expect(plainNumber('3')).toBeNull();
  });

  it('treats the zero time, invalid and unparsable times as none', () => {
    expect(plainTime('0001-01-01T00:00:00Z')).toBeNull();
    expect(plainTime({ time: '0001-01-01T00:00:00Z', valid: false })).toBeNull();
    expect(plainTime('not a time')).toBeNull();
    expect(plainTime({ time: '2024-05-01T12:00:00Z', valid: true })?.toISOString()).toBe('2024-05-01T12:00:00.000Z');
  });

  it('formats times one way (local date and time), the ISO form beside it', () => {
    const date = new Date('2024-05-01T12:34:56Z');
    expect(formatDate(date)).toContain('2024');
    expect(formatDate(date)).toMatch(/\d{2}:\d{2}:\d{2}/);
    expect(formatDate(plainTime({ Time: '2024-05-01T12:34:56Z', Valid: true })!)).toBe(formatDate(date));
    expect(isoTime(date)).toBe('2024-05-01T12:34:56Z');
    expect(isoTime(new Date('2024-05-01T12:34:56.25Z'))).toBe('2024-05-01T12:34:56.250Z');
  });

  it('formats sizes', () => {
    expect(formatBytes(532)).toBe('532 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12 * 1024 * 1024)).toBe('12.0 MB');
  });
});
