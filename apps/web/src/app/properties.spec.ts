import { describe, expect, it } from '@jest/globals';
import { formatDate } from '../api/wire-values';
import { propertyRow, propertyRows } from './properties';

describe('propertyRow', () => {
  it('writes epoch-second dates in the one time format with their ISO form, never for 0 and -1', () => {
    expect(propertyRow('whencreated', 1653361642)).toEqual({
      key: 'whencreated',
      text: formatDate(new Date('2022-05-24T03:07:22Z')),
      iso: '2022-05-24T03:07:22Z',
    });
    expect(propertyRow('lastlogon', 0)).toEqual({ key: 'lastlogon', text: 'Never' });
    expect(propertyRow('pwdlastset', -1)).toEqual({ key: 'pwdlastset', text: 'Never' });
    expect(propertyRow('pwdlastset', 1e20)).toEqual({ key: 'pwdlastset', text: '100000000000000000000' });
  });

  it('reads lastseen as a time, and keeps text that is not one', () => {
    expect(propertyRow('lastseen', '2024-05-01T12:34:56.5Z')).toEqual({
      key: 'lastseen',
      text: formatDate(new Date('2024-05-01T12:34:56.5Z')),
      iso: '2024-05-01T12:34:56.500Z',
    });
    expect(propertyRow('lastseen', 'yesterday')).toEqual({ key: 'lastseen', text: 'yesterday' });
  });

  it('writes other values as text', () => {
    const text = (key: string, value: unknown) => propertyRow(key, value).text;
    expect(text('name', '<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(text('enabled', true)).toBe('true');
    expect(text('count', 3)).toBe('3');
    expect(text('serviceprincipalnames', ['a/b', 'c/d'])).toBe('a/b, c/d');
    expect(text('nested', { a: 1 })).toBe('{"a":1}');
    expect(text('nothing', null)).toBe('');
    expect(propertyRow('name', 'x').iso).toBeUndefined();
  });
});

describe('propertyRows', () => {
  it('sorts keys case-insensitively', () => {
    expect(propertyRows({ b: 1, A: 'x', c: false }).map((row) => [row.key, row.text])).toEqual([['A', 'x'], ['b', '1'], ['c', 'false']]);
  });
});
