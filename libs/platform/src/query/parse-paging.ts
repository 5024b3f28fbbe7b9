import { ApiError } from '../http/api-error.js';
import { ErrorMessages } from '../http/error-messages.js';
import { INT64_MAX, INT64_MIN } from './column-value.js';
import { pageSizes } from './list-spec.js';
import { paramValues, type RawQuery } from './query-params.js';
import type { ListSpec } from './types.js';

const ATOI = /^[+-]?\d+$/;

/** Reads skip then limit with the reference's texts; empty means default, limit 0 the default, above max clamped. */
export function parsePaging(spec: ListSpec, query: RawQuery): { skip: number; limit: number } {
  const { defaultLimit, maxLimit } = pageSizes(spec);
  const skip = readCount(query, 'skip', ErrorMessages.skipMalformed) ?? 0n;
  const limit = readCount(query, 'limit', ErrorMessages.limitMalformed) ?? 0n;
  return {
    // A skip past any real table just gives an empty page; capping keeps it an exact JS number.
    skip: Number(atMost(skip, BigInt(Number.MAX_SAFE_INTEGER))),
    limit: limit === 0n ? defaultLimit : Number(atMost(limit, BigInt(maxLimit))),
  };
}

// The reference converts with Go's strconv.Atoi and repeats its error text, so do we.
function readCount(query: RawQuery, name: 'skip' | 'limit', malformed: (detail: string) => string): bigint | undefined {
  const raw = paramValues(query, name)[0];
  if (raw === undefined || raw === '') return undefined;
  const atoiFailure = (reason: string) => {
    const atoi = `strconv.Atoi: parsing ${goQuote(raw)}: ${reason}`;
    return ApiError.badRequest(malformed(`error converting ${name} value ${raw} to int: ${atoi}`));
  };
  const n = ATOI.test(raw) ? BigInt(raw) : undefined;
  if (n === undefined) throw atoiFailure('invalid syntax');
  if (n < INT64_MIN || n > INT64_MAX) throw atoiFailure('value out of range');
  if (n < 0n) throw ApiError.badRequest(malformed(`invalid ${name}: ${n}`));
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
