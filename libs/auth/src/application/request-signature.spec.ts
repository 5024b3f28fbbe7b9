import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { decodeSignature, digestMatches, parseRequestDate, requestDigest } from './request-signature.js';

describe('requestDigest', () => {
  it('chains method+URI, the date to the hour, then the body', () => {
    const k1 = createHmac('sha256', 'key').update('POST/api/v2/x?y=1').digest();
    const k2 = createHmac('sha256', k1).update('2026-11-22T10').digest();
    const expected = createHmac('sha256', k2).update('{"a":1}').digest();
    expect(requestDigest('key', 'POST', '/api/v2/x?y=1', '2026-11-22T10:59:59Z', Buffer.from('{"a":1}'))).toEqual(expected);
  });

  it('changes when the query string changes', () => {
    const a = requestDigest('key', 'GET', '/api/v2/x?y=1', '2026-11-22T10:00:00Z', Buffer.alloc(0));
    const b = requestDigest('key', 'GET', '/api/v2/x?y=2', '2026-11-22T10:00:00Z', Buffer.alloc(0));
    expect(digestMatches(a, b)).toBe(false);
    expect(digestMatches(a, a)).toBe(true);
  });
});

describe('parseRequestDate / decodeSignature', () => {
  it('accepts RFC 3339 with nanoseconds and refuses other forms', () => {
    expect(parseRequestDate('2026-11-22T10:00:00.123456789Z')).toBeInstanceOf(Date);
    expect(parseRequestDate('Sun, 22 Nov 2026 10:00:00 GMT')).toBeUndefined();
  });

  it('accepts standard base64 only', () => {
    expect(decodeSignature('AAEC')).toEqual(Buffer.from([0, 1, 2]));
    expect(decodeSignature('not base64!')).toBeUndefined();
  });
});
