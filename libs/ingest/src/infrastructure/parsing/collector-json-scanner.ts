import { CollectorFileError } from '../../domain/collector-types.js';
import {
  CappedCapture, CLOSE_BRACE, CLOSE_BRACKET, COLON_CHAR, COMMA, isSpace, JsonValueScan, OPEN_BRACE, OPEN_BRACKET, QUOTE,
} from './json-value-scan.js';

/**
 * A byte-level scanner for the collector file shape `{"data": [...], "meta": {...}, ...}`, fed chunk by chunk.
 *
 * Why not a token parser: a JSON tokenizer written in JavaScript is several times slower than the engine's own
 * `JSON.parse`. This scanner only follows the top-level structure (keys, the `data` array, string and bracket
 * nesting) to find where each value starts and ends, and hands each item's bytes to `JSON.parse`, which
 * validates it fully. Memory holds one item at a time, whatever the file size, and no more than `maxValueBytes` of
 * it: a key, `meta` or an item past the cap fails the file as soon as that many bytes were read.
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

export class CollectorJsonScanner {
  /** When false, `data` items are skipped without being parsed (the pass that only looks for `meta`). */
  collectItems: boolean;
  private state = START;
  private offset = 0;
  private key = '';
  private seenKeys = new Set<string>();
  private itemIndex = 0;
  private readonly scan = new JsonValueScan();
  private readonly keyBytes: CappedCapture;
  private readonly valueBytes: CappedCapture;
  private capture: 'meta' | 'item' | null = null;
  private after = COMMA_OR_END;

  constructor(private readonly sink: ScanSink, collectItems: boolean, maxValueBytes: number) {
    this.collectItems = collectItems;
    this.keyBytes = new CappedCapture(maxValueBytes, () => `a key is larger than ${maxValueBytes} bytes`);
    this.valueBytes = new CappedCapture(maxValueBytes, () =>
      `${this.capture === 'meta' ? 'meta' : `data item ${this.itemIndex}`} is larger than ${maxValueBytes} bytes`);
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
          const end = this.scan.value(chunk, i);
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
          const end = this.scan.string(chunk, i);
          if (end < 0) {
            i = n;
            break;
          }
          this.key = this.decodeKey(this.keyBytes.take(chunk.subarray(keyStart, end)));
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
            this.keyBytes.reset();
            this.scan.startString();
            i++;
          } else if (this.state === IN_VALUE) {
            valueStart = i;
            this.valueBytes.reset();
            i += this.scan.start(c);
          } else {
            i++;
          }
      }
    }
    if (keyStart >= 0 && this.state === IN_KEY) this.keyBytes.add(chunk.subarray(keyStart));
    if (valueStart >= 0 && this.state === IN_VALUE && this.capture) this.valueBytes.add(chunk.subarray(valueStart));
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

  private finishValue(chunk: Buffer, start: number, end: number): void {
    const capture = this.capture;
    if (capture === null) return;
    const text = this.valueBytes.take(chunk.subarray(start < 0 ? 0 : start, end));
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

  private decodeKey(text: string): string {
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
