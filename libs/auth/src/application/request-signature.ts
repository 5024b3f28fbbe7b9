import { createHmac, timingSafeEqual } from 'node:crypto';

/** Largest difference between RequestDate and the server clock that a signature may have. */
export const MAX_CLOCK_SKEW_MS = 60 * 60 * 1000;

/**
 * The reference's HMAC-SHA256 chain: HMAC(key, method + request URI with query) → HMAC(·, RequestDate to the hour,
 * i.e. its first 13 characters) → HMAC(·, body). Returns the digest bytes.
 */
export function requestDigest(key: string, method: string, requestUri: string, requestDate: string, body: Buffer): Buffer {
  return createHmac('sha256', bodyDigestKey(key, method, requestUri, requestDate)).update(body).digest();
}

/** The key of the chain's last HMAC (the one over the body): what a streamed body is hashed with. */
export function bodyDigestKey(key: string, method: string, requestUri: string, requestDate: string): Buffer {
  const first = createHmac('sha256', key).update(method + requestUri).digest();
  return createHmac('sha256', first).update(requestDate.slice(0, 13)).digest();
}

/** Constant-time comparison of a presented signature with the expected digest. */
export function digestMatches(expected: Buffer, presented: Buffer): boolean {
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** Parses RequestDate (RFC 3339 or RFC 3339 with nanoseconds); undefined when malformed. */
export function parseRequestDate(value: string): Date | undefined {
  if (!RFC3339.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Standard base64 only (what the collectors send). */
export function decodeSignature(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return undefined;
  return Buffer.from(value, 'base64');
}
