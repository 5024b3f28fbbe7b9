/**
 * Deepest nesting of arrays and objects a JSON request body may have; a deeper body is malformed JSON (400 with the
 * route's message). No route takes a body deeper than 3 (selector seeds, job domain results, SSO provider config),
 * while class-transformer recurses once per level and overflows the stack some 1,500 levels down (a 500), and
 * JSON.stringify does too. Go's encoding/json, which the reference decodes with, stops at 10,000.
 */
export const MAX_JSON_DEPTH = 64;

/** What a scan of a JSON text's bytes found before anything parses it. */
export interface JsonTextScan {
  /** Arrays and objects nest deeper than the limit (the scan stopped there). */
  tooDeep: boolean;
  /** A string holds a `\uD800`-`\uDFFF` escape without its other half: JSON.parse makes it a lone surrogate. */
  unpairedSurrogate: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const LOWER_U = 0x75;

/**
 * Scans UTF-8 JSON bytes for nesting depth and unpaired surrogate escapes, in one pass that never recurses (the
 * bytes of `"`, `\`, brackets and braces never occur inside a multi-byte UTF-8 character). Brackets inside strings
 * do not count. A 10 MiB body costs tens of milliseconds, no more than JSON.parse of it. The text need not be valid
 * JSON: the parser judges it afterwards.
 */
export function scanJsonText(bytes: Uint8Array, maxDepth = MAX_JSON_DEPTH): JsonTextScan {
  const n = bytes.length;
  let depth = 0;
  let unpairedSurrogate = false;
  for (let i = 0; i < n; i++) {
    const c = bytes[i];
    if (c === QUOTE) {
      // A string, up to its first unescaped quote.
      for (i++; i < n && bytes[i] !== QUOTE; i++) {
        if (bytes[i] !== BACKSLASH) continue;
        const surrogate = surrogateEscape(bytes, i);
        if (surrogate === HIGH && surrogateEscape(bytes, i + 6) === LOW) i += 11;
        else if (surrogate !== NONE) unpairedSurrogate = true;
        else i++;
      }
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > maxDepth) return { tooDeep: true, unpairedSurrogate };
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    }
  }
  return { tooDeep: false, unpairedSurrogate };
}

const NONE = 0;
const HIGH = 1;
const LOW = 2;

/** Whether the `\uXXXX` escape starting at `at` (its backslash) is a high or a low surrogate, or neither. */
function surrogateEscape(bytes: Uint8Array, at: number): number {
  if (bytes[at] !== BACKSLASH || bytes[at + 1] !== LOWER_U || (bytes[at + 2] !== 0x64 && bytes[at + 2] !== 0x44)) return NONE;
  const third = bytes[at + 3];
  if (third === 0x38 || third === 0x39 || third === 0x61 || third === 0x62 || third === 0x41 || third === 0x42) return HIGH;
  if ((third >= 0x63 && third <= 0x66) || (third >= 0x43 && third <= 0x46)) return LOW;
  return NONE;
}

/**
 * The value with every lone surrogate in its strings (keys too) replaced by U+FFFD, as Go's encoding/json decodes
 * them: PostgreSQL's jsonb refuses them, and text columns would get U+FFFD anyway. Recursive: call it only on a
 * value whose text passed scanJsonText's depth limit.
 */
export function withWellFormedStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  if (Array.isArray(value)) return value.map(withWellFormedStrings);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key.toWellFormed(), withWellFormedStrings(item)]),
  );
}
