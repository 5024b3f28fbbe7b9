import { describe, expect, it } from '@jest/globals';
import { toBloodhoundWire } from './wire-format.js';
import { bloodhoundKeys, nullBool, nullInt32, nullString, nullTime, nullUuid, timestamp } from './wire.js';

describe('toBloodhoundWire', () => {
  const at = new Date('2026-11-29T10:00:00.000Z');

  it('writes each wrapper as its plain value, or null when not valid', () => {
    const body = {
      data: {
        name: nullString('alice'), email: nullString(null), last_login: nullTime(at), never: nullTime(null),
        count: nullInt32(3), none: nullInt32(undefined), flag: nullBool(false), owner: nullUuid(null), created_at: timestamp(at),
      },
    };
    expect(toBloodhoundWire(body)).toEqual({
      data: {
        name: 'alice', email: null, last_login: '2026-11-29T10:00:00.000Z', never: null,
        count: 3, none: null, flag: false, owner: null, created_at: '2026-11-29T10:00:00.000Z',
      },
    });
  });

  it('writes deleted_at as Go writes a sql.NullTime', () => {
    expect(toBloodhoundWire({ deleted_at: nullTime(null) })).toEqual({ deleted_at: { Time: '0001-01-01T00:00:00Z', Valid: false } });
    expect(toBloodhoundWire({ deleted_at: nullTime(at) })).toEqual({ deleted_at: { Time: '2026-11-29T10:00:00.000Z', Valid: true } });
  });

  it('leaves look-alike objects the caller wrote (not made by wire.ts), nested arrays and buffers alone', () => {
    const lookAlike = { string: 'x', valid: true };
    const buffer = Buffer.from('zip');
    expect(toBloodhoundWire({ a: [[lookAlike]], b: buffer, c: null, d: 1 })).toEqual({ a: [[lookAlike]], b: buffer, c: null, d: 1 });
    expect((toBloodhoundWire({ b: buffer }) as { b: Buffer }).b).toBe(buffer);
  });

  it('writes the keys marked with bloodhoundKeys under the reference\'s name, on that object only', () => {
    const group = bloodhoundKeys({ id: 1, selectors: [{ name: 'x', deleted_at: nullTime(null) }] }, { selectors: 'Selectors' });
    expect(toBloodhoundWire({ data: [group, { selectors: [] }] })).toEqual({
      data: [{ id: 1, Selectors: [{ name: 'x', deleted_at: { Time: '0001-01-01T00:00:00Z', Valid: false } }] }, { selectors: [] }],
    });
  });
});
