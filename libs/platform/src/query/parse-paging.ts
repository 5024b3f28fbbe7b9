import { ApiError } from '../common/api-error.js';
import { ErrorMessages } from '../common/error-messages.js';
import { INT64_MAX, INT64_MIN } from '../common/int-bounds.js';
import { pageSizes } from './list-spec.js';
import { paramValues, type RawQuery } from './query.params.js';
import type { ListSpec } from './types.js';

const ATOI = /^[+-]?\d+$/;

/** A bad skip or limit: its name, the raw text, the reason (`invalid skip: -1` or Go's Atoi text). */
export interface PagingFailure {
  name: 'skip' | 'limit';
  raw: string;
  reason: string;
  /** True when the text is not an integer at all (Atoi failed), false when it is negative. */
  conversion: boolean;
}

/** Reads skip then limit with the reference's texts; empty means default, limit 0 the default, above max clamped. */
export function parsePaging(spec: ListSpec, query: RawQuery): { skip: number; limit: number } {
  return readPaging(query, pageSizes(spec), ({ name, raw, reason, conversion }) => {
    const malformed = name === 'skip' ? ErrorMessages.skipMalformed : ErrorMessages.limitMalformed;
    return malformed(conversion ? `error converting ${name} value ${raw} to int: ${reason}` : reason);
  });
}

/**
 * skip and limit with the wording left to the endpoint (graph endpoints wrap only the reason in a message of
 * their own); the rules are parsePaging's.
 */
export function readPaging(
  query: RawQuery, sizes: { defaultLimit: number; maxLimit: number }, wording: (failure: PagingFailure) => string,
): { skip: number; limit: number } {
  const skip = readCount(query, 'skip', wording) ?? 0n;
  const limit = readCount(query, 'limit', wording) ?? 0n;
  return {
    // A skip past any real table just gives an empty page; capping keeps it an exact JS number.
    skip: Number(atMost(skip, BigInt(Number.MAX_SAFE_INTEGER))),
    limit: limit === 0n ? sizes.defaultLimit : Number(atMost(limit, BigInt(sizes.maxLimit))),
  };
}

// The reference converts with Go's strconv.Atoi and repeats its error text, so do we.
function readCount(query: RawQuery, name: 'skip' | 'limit', wording: (failure: PagingFailure) => string): bigint | undefined {
  const raw = paramValues(query, name)[0];
  if (raw === undefined || raw === '') return undefined;
  const fail = (reason: string, conversion: boolean) => ApiError.badRequest(wording({ name, raw, reason, conversion }));
  const n = ATOI.test(raw) ? BigInt(raw) : undefined;
  if (n === undefined) throw fail(`strconv.Atoi: parsing ${goQuote(raw)}: invalid syntax`, true);
  if (n < INT64_MIN || n > INT64_MAX) throw fail(`strconv.Atoi: parsing ${goQuote(raw)}: value out of range`, true);
  if (n < 0n) throw fail(`invalid ${name}: ${n}`, false);
  return n;
}

function atMost(n: bigint, max: bigint): bigint {
  return n > max ? max : n;
}

const GO_ESCAPES: Readonly<Record<string, string>> = {
  '\u0007': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v',
  '"': '\\"', '\\': '\\\\',
};

// Go's strconv.Quote for the characters a query string can carry: named escapes, \xNN for ASCII controls and
// \u00NN for C1 controls; everything printable stays as it is.
function goQuote(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (Object.hasOwn(GO_ESCAPES, ch)) out += GO_ESCAPES[ch];
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code >= 0x80 && code <= 0x9f) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}
