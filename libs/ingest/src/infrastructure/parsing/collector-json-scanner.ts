import { CollectorFileError } from '../../domain/collector-types.js';

/**
 * A byte-level scanner for the collector file shape `{"data": [...], "meta": {...}, ...}`, fed chunk by chunk.
 *
 * Why not a token parser: a JSON tokenizer written in JavaScript is several times slower than the engine's own
 * `JSON.parse`. This scanner only follows the top-level structure (keys, the `data` array, string and bracket
 * nesting) to find where each value starts and ends, and hands each item's bytes to `JSON.parse`, which
 * validates it fully. Memory holds one item at a time, whatever the file size.
 */
export interface ScanSink {
  meta(value: unknown): void;
  /** The `data` key was found; `isArray` says whether its value starts an array. */
  dataStart(isArray: boolean): void;
  /** Called for each item of `data` when items are collected. */
  item(value: unknown): void;
}

// Scanner states (plain numbers: const enums do not survive isolated-module compilation).
const START = 0;
const KEY_OR_END = 1;
const KEY = 2;
const IN_KEY = 3;
const COLON = 4;
const VALUE = 5;
const COMMA_OR_END = 6;
const DONE = 7;
const ITEM_OR_END = 8;
const ITEM = 9;
const ITEM_COMMA_OR_END = 10;
const IN_VALUE = 11;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON_CHAR = 0x3a;

function isSpace(c: number): boolean {
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

/** What kind of value is being skipped or captured (IN_VALUE). */
const V_CONTAINER = 0;
const V_STRING = 1;
const V_SCALAR = 2;

export class CollectorJsonScanner {
  /** When false, `data` items are skipped without being parsed (the pass that only looks for `meta`). */
  collectItems: boolean;
  private state = START;
  private offset = 0;
  private key = '';
  private keyParts: Buffer[] = [];
  private seenKeys = new Set<string>();
  private itemIndex = 0;
  // IN_VALUE bookkeeping
  private valueKind = V_CONTAINER;
  private depth = 0;
  private inString = false;
  private escape = false;
  private capture: 'meta' | 'item' | null = null;
  private parts: Buffer[] = [];
  private after = COMMA_OR_END;

  constructor(private readonly sink: ScanSink, collectItems: boolean) {
    this.collectItems = collectItems;
  }

  /** True once the closing brace of the top-level object was read. */
  get done(): boolean {
    return this.state === DONE;
  }

  write(chunk: Buffer): void {
    const n = chunk.length;
    let i = 0;
    // A UTF-8 byte-order mark may start the file.
    if (this.offset < 3 && this.state === START) {
      while (i < n && this.offset + i < 3 && chunk[i] === [0xef, 0xbb, 0xbf][this.offset + i]) i++;
    }
    let keyStart = this.state === IN_KEY ? 0 : -1;
    let valueStart = this.state === IN_VALUE ? 0 : -1;
    while (i < n) {
      const c = chunk[i];
      switch (this.state) {
        case IN_VALUE: {
          const end = this.scanValue(chunk, i);
          if (end < 0) {
            i = n;
            break;
          }
          this.finishValue(chunk, valueStart, end);
          valueStart = -1;
          this.state = this.after;
          i = end;
          break;
        }
        case IN_KEY: {
          const end = this.scanString(chunk, i);
          if (end < 0) {
            i = n;
            break;
          }
          this.keyParts.push(chunk.subarray(keyStart, end));
          this.key = this.decodeKey();
          keyStart = -1;
          this.state = COLON;
          i = end;
          break;
        }
        default:
          if (isSpace(c)) {
            i++;
            break;
          }
          this.structural(c, i);
          if (this.state === IN_KEY) {
            keyStart = i;
            this.keyParts = [];
            this.inString = true;
            this.escape = false;
            i++;
          } else if (this.state === IN_VALUE) {
            valueStart = i;
            this.parts = [];
            this.startValue(c);
            if (this.valueKind !== V_SCALAR) i++;
          } else {
            i++;
          }
      }
    }
    if (keyStart >= 0 && this.state === IN_KEY) this.keyParts.push(chunk.subarray(keyStart));
    if (valueStart >= 0 && this.state === IN_VALUE && this.capture) this.parts.push(chunk.subarray(valueStart));
    this.offset += n;
  }

  /** The input ended: anything but a complete top-level object is malformed. */
  end(): void {
    if (this.state !== DONE) this.fail(this.state === START ? 'the file is empty' : 'unexpected end of file');
  }

  /** Handles one non-space byte outside keys and values. */
  private structural(c: number, i: number): void {
    switch (this.state) {
      case START:
        if (c !== OPEN_BRACE) this.fail('the file is not a JSON object', i);
        this.state = KEY_OR_END;
        return;
      case KEY_OR_END:
        if (c === CLOSE_BRACE) {
          this.state = DONE;
          return;
        }
        if (c !== QUOTE) this.fail('expected a key', i);
        this.state = IN_KEY;
        return;
      case KEY:
        if (c !== QUOTE) this.fail('expected a key', i);
        this.state = IN_KEY;
        return;
      case COLON:
        if (c !== COLON_CHAR) this.fail("expected ':'", i);
        this.state = VALUE;
        return;
      case VALUE:
        if (this.key === 'data') {
          this.sink.dataStart(c === OPEN_BRACKET);
          if (c === OPEN_BRACKET) {
            this.state = ITEM_OR_END;
            return;
          }
        }
        this.beginValue(this.key === 'meta' ? 'meta' : null, COMMA_OR_END);
        return;
      case COMMA_OR_END:
        if (c === COMMA) this.state = KEY;
        else if (c === CLOSE_BRACE) this.state = DONE;
        else this.fail("expected ',' or '}'", i);
        return;
      case ITEM_OR_END:
        if (c === CLOSE_BRACKET) {
          this.state = COMMA_OR_END;
          return;
        }
        this.beginValue(this.collectItems ? 'item' : null, ITEM_COMMA_OR_END);
        return;
      case ITEM:
        if (c === CLOSE_BRACKET) this.fail('unexpected \']\' after \',\' in data', i);
        this.beginValue(this.collectItems ? 'item' : null, ITEM_COMMA_OR_END);
        return;
      case ITEM_COMMA_OR_END:
        if (c === COMMA) this.state = ITEM;
        else if (c === CLOSE_BRACKET) this.state = COMMA_OR_END;
        else this.fail("expected ',' or ']' in data", i);
        return;
      case DONE:
        this.fail('unexpected content after the top-level object', i);
    }
  }

  private beginValue(capture: 'meta' | 'item' | null, after: number): void {
    this.capture = capture;
    this.after = after;
    this.state = IN_VALUE;
  }

  private startValue(c: number): void {
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
      this.fail('expected a value');
    } else {
      this.valueKind = V_SCALAR;
    }
  }

  /** Index just after the current value's last byte, or -1 when the value continues in the next chunk. */
  private scanValue(chunk: Buffer, from: number): number {
    const n = chunk.length;
    if (this.valueKind === V_SCALAR) {
      for (let i = from; i < n; i++) {
        const c = chunk[i];
        if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) return i;
      }
      return -1;
    }
    if (this.valueKind === V_STRING) return this.scanString(chunk, from);
    let depth = this.depth;
    let i = from;
    if (this.inString) {
      i = this.scanString(chunk, i);
      if (i < 0) return -1;
    }
    for (; i < n; i++) {
      const kind = BYTE_KIND[chunk[i]];
      if (kind === 0) continue;
      if (kind === K_QUOTE) {
        this.inString = true;
        const end = this.scanString(chunk, i + 1);
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
  private scanString(chunk: Buffer, from: number): number {
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

  private finishValue(chunk: Buffer, start: number, end: number): void {
    const capture = this.capture;
    if (capture === null) return;
    const last = chunk.subarray(start < 0 ? 0 : start, end);
    const text = this.parts.length ? Buffer.concat([...this.parts, last]).toString('utf8') : last.toString('utf8');
    this.parts = [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const where = capture === 'meta' ? 'meta' : `data item ${this.itemIndex}`;
      throw new CollectorFileError(`Malformed JSON in ${where}: ${(error as Error).message}`);
    }
    if (capture === 'meta') this.sink.meta(value);
    else {
      this.itemIndex++;
      this.sink.item(value);
    }
  }

  private decodeKey(): string {
    const text = Buffer.concat(this.keyParts).toString('utf8');
    this.keyParts = [];
    let key: string;
    try {
      key = JSON.parse(text) as string;
    } catch {
      this.fail('malformed key');
    }
    // Top-level keys only: a repeated `data` or `meta` would make the file ambiguous.
    if ((key === 'data' || key === 'meta') && this.seenKeys.has(key)) this.fail(`duplicate "${key}" key`);
    this.seenKeys.add(key);
    return key;
  }

  private fail(reason: string, at?: number): never {
    const where = at === undefined ? '' : ` at byte ${this.offset + at}`;
    throw new CollectorFileError(`Malformed JSON${where}: ${reason}`);
  }
}
