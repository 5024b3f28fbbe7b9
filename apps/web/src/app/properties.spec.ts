import { describe, expect, it } from '@jest/globals';
import { formatProperty, propertyRows } from './properties';

describe('formatProperty', () => {
  it('writes epoch-second dates as UTC, never for 0 and -1', () => {
    expect(formatProperty('whencreated', 1653361642)).toBe('2022-05-24T03:07:22Z');
    expect(formatProperty('lastlogon', 0)).toBe('Never');
    expect(formatProperty('pwdlastset', -1)).toBe('Never');
  });

  it('writes other values as text', () => {
    expect(formatProperty('name', '<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(formatProperty('enabled', true)).toBe('true');
    expect(formatProperty('count', 3)).toBe('3');
    expect(formatProperty('serviceprincipalnames', ['a/b', 'c/d'])).toBe('a/b, c/d');
    expect(formatProperty('nested', { a: 1 })).toBe('{"a":1}');
    expect(formatProperty('nothing', null)).toBe('');
  });
});

describe('propertyRows', () => {
  it('sorts keys case-insensitively', () => {
    expect(propertyRows({ b: 1, A: 'x', c: false })).toEqual([['A', 'x'], ['b', '1'], ['c', 'false']]);
  });
});
