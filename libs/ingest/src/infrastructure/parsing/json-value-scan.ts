import { CollectorFileError } from '../../domain/collector-types.js';

/**
 * Finds where one JSON value (or a key's string) ends in a byte stream, chunk by chunk, without parsing it: the
 * string and bracket bookkeeping of CollectorJsonScanner. Values are validated later by `JSON.parse`.
 */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COMMA = 0x2c;
export const COLON_CHAR = 0x3a;

export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

// Byte classes inside a container value: 0 = nothing to do, else a quote, an opening or a closing bracket.
const K_QUOTE = 1;
const K_OPEN = 2;
const K_CLOSE = 3;
const BYTE_KIND = new Uint8Array(256);
BYTE_KIND[QUOTE] = K_QUOTE;
BYTE_KIND[OPEN_BRACE] = K_OPEN;
BYTE_KIND[OPEN_BRACKET] = K_OPEN;
BYTE_KIND[CLOSE_BRACE] = K_CLOSE;
BYTE_KIND[CLOSE_BRACKET] = K_CLOSE;

/** Whether the run of backslashes ending just before `end` (not looking before `start`) has odd length. */
function oddBackslashesBefore(chunk: Buffer, end: number, start: number): boolean {
  let b = end - 1;
  while (b >= start && chunk[b] === BACKSLASH) b--;
  return (end - 1 - b) % 2 === 1;
}

/** What kind of value is being scanned. */
const V_CONTAINER = 0;
const V_STRING = 1;
const V_SCALAR = 2;

export class JsonValueScan {
  private valueKind = V_CONTAINER;
  private depth = 0;
  private inString = false;
  private escape = false;

  /** Starts a value at its first byte `c`; returns how many bytes were consumed (a scalar's byte is not). */
  start(c: number): number {
    this.depth = 0;
    this.inString = false;
    this.escape = false;
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      this.valueKind = V_CONTAINER;
      this.depth = 1;
    } else if (c === QUOTE) {
      this.valueKind = V_STRING;
      this.inString = true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET || c === COMMA || c === COLON_CHAR) {
      throw new CollectorFileError('Malformed JSON: expected a value');
    } else {
      this.valueKind = V_SCALAR;
      return 0;
    }
    return 1;
  }

  /** Starts a string just after its opening quote (a key). */
  startString(): void {
    this.inString = true;
    this.escape = false;
  }

  /** Index just after the current value's last byte, or -1 when the value continues in the next chunk. */
  value(chunk: Buffer, from: number): number {
    const n = chunk.length;
    if (this.valueKind === V_SCALAR) {
      for (let i = from; i < n; i++) {
        const c = chunk[i];
        if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) return i;
      }
      return -1;
    }
    if (this.valueKind === V_STRING) return this.string(chunk, from);
    let depth = this.depth;
    let i = from;
    if (this.inString) {
      i = this.string(chunk, i);
      if (i < 0) return -1;
    }
    for (; i < n; i++) {
      const kind = BYTE_KIND[chunk[i]];
      if (kind === 0) continue;
      if (kind === K_QUOTE) {
        this.inString = true;
        const end = this.string(chunk, i + 1);
        if (end < 0) {
          this.depth = depth;
          return -1;
        }
        i = end - 1;
      } else if (kind === K_OPEN) {
        depth++;
      } else if (--depth === 0) {
        this.depth = 0;
        return i + 1;
      }
    }
    this.depth = depth;
    return -1;
  }

  /**
   * Inside a string: index just after its closing quote, or -1 when it continues in the next chunk. Jumps from
   * quote to quote (a native search) and counts the backslashes before each to tell an escaped quote.
   */
  string(chunk: Buffer, from: number): number {
    const n = chunk.length;
    let i = from;
    if (this.escape) {
      if (i >= n) return -1;
      this.escape = false;
      i++;
    }
    for (;;) {
      const q = chunk.indexOf(QUOTE, i);
      if (q < 0) {
        this.escape = oddBackslashesBefore(chunk, n, i);
        return -1;
      }
      if (!oddBackslashesBefore(chunk, q, i)) {
        this.inString = false;
        return q + 1;
      }
      i = q + 1;
    }
  }
}

/**
 * The bytes of one value or key being captured across chunks, held to a size cap: the cap is checked as each
 * chunk's part is added, so an oversized value fails after about `max` bytes instead of being buffered whole.
 */
export class CappedCapture {
  private parts: Buffer[] = [];
  private length = 0;

  constructor(private readonly max: number, private readonly tooLarge: () => string) {}

  reset(): void {
    this.parts = [];
    this.length = 0;
  }

  add(part: Buffer): void {
    this.length += part.length;
    if (this.length > this.max) {
      this.reset();
      throw new CollectorFileError(this.tooLarge());
    }
    this.parts.push(part);
  }

  /** The captured text, ending with `last`; the capture is emptied. */
  take(last: Buffer): string {
    this.add(last);
    const parts = this.parts;
    this.reset();
    return parts.length === 1 ? parts[0].toString('utf8') : Buffer.concat(parts).toString('utf8');
  }
}
