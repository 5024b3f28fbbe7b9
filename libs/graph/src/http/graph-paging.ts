import { ApiError, type RawQuery } from '@app/platform';
import { queryValues } from './graph-params.js';

/** Graph lists: default page 10, larger limits clamped to 1000 (compat part 1, "Lists"). */
export const GRAPH_DEFAULT_LIMIT = 10;
export const GRAPH_MAX_LIMIT = 1000;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const ATOI = /^[+-]?\d+$/;

const GO_ESCAPES: Readonly<Record<string, string>> = {
  '\u0007': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '"': '\\"', '\\': '\\\\',
};

// Go's strconv.Quote for what a query string can carry, so the Atoi text matches the reference's byte for byte.
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

/**
 * skip and limit of a graph list. Graph endpoints repeat only the inner reason of a bad value (`invalid skip: -1`,
 * `strconv.Atoi: parsing "x": invalid syntax`), wrapped by `wrap` into the endpoint's own message. Empty or 0
 * limit means the default; a skip past the end is an empty page, never an error.
 */
export function readGraphPaging(query: RawQuery, wrap: (inner: string) => string): { skip: number; limit: number } {
  const skip = readCount(query, 'skip', wrap) ?? 0n;
  const limit = readCount(query, 'limit', wrap) ?? 0n;
  return {
    skip: Number(skip > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : skip),
    limit: limit === 0n ? GRAPH_DEFAULT_LIMIT : Number(limit > BigInt(GRAPH_MAX_LIMIT) ? BigInt(GRAPH_MAX_LIMIT) : limit),
  };
}

function readCount(query: RawQuery, name: 'skip' | 'limit', wrap: (inner: string) => string): bigint | undefined {
  const raw = queryValues(query, name)[0];
  if (raw === undefined || raw === '') return undefined;
  const n = ATOI.test(raw) ? BigInt(raw) : undefined;
  if (n === undefined) throw ApiError.badRequest(wrap(`strconv.Atoi: parsing ${goQuote(raw)}: invalid syntax`));
  if (n < INT64_MIN || n > INT64_MAX) throw ApiError.badRequest(wrap(`strconv.Atoi: parsing ${goQuote(raw)}: value out of range`));
  if (n < 0n) throw ApiError.badRequest(wrap(`invalid ${name}: ${n}`));
  return n;
}
