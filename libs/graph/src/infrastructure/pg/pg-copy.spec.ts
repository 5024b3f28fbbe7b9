import { describe, expect, it } from '@jest/globals';
import { copyField, copyLine } from './pg-copy.js';

describe('COPY text format', () => {
  it('escapes backslashes, tabs and line breaks, and writes NULL as \\N', () => {
    expect(copyField('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyField('plain')).toBe('plain');
    expect(copyField(null)).toBe('\\N');
  });

  it('writes booleans, numbers and int2[] literals', () => {
    expect(copyField(true)).toBe('t');
    expect(copyField(false)).toBe('f');
    expect(copyField(42)).toBe('42');
    expect(copyField([1, 5])).toBe('{1,5}');
    expect(copyField([])).toBe('{}');
  });

  it('keeps JSON text intact once COPY unescapes it', () => {
    const json = JSON.stringify({ dn: 'CN=A\\, B', text: 'line\nbreak' });
    expect(copyLine([1, json, 'x'])).toBe(`1\t${json.replaceAll('\\', '\\\\')}\tx\n`);
  });

  it('escapes every occurrence in successive calls', () => {
    expect([copyField('a\\'), copyField('b\\'), copyField('\\c\\')]).toEqual(['a\\\\', 'b\\\\', '\\\\c\\\\']);
  });
});
