import { describe, expect, it } from '@jest/globals';
import { formatBytes, formatTime, plainNumber, plainString, plainTime, plainValue } from './wire-values';

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

  it('formats times in local time, and "never" for none', () => {
    const date = new Date('2024-05-01T12:34:56Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected =
      `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
      `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    expect(formatTime('2024-05-01T12:34:56Z')).toBe(expected);
    expect(formatTime({ Time: '2024-05-01T12:34:56Z', Valid: true })).toBe(expected);
    expect(formatTime('0001-01-01T00:00:00Z')).toBe('—');
    expect(formatTime(null, 'never')).toBe('never');
  });

  it('formats sizes', () => {
    expect(formatBytes(532)).toBe('532 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12 * 1024 * 1024)).toBe('12.0 MB');
  });
});
