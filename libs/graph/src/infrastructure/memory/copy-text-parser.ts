/**
 * Receives each parsed COPY row: its integer fields by column (an array column's slot is left as it was), and
 * the items of its array field, if any, in `items[0 .. itemCount-1]`. Both buffers are reused for the next row.
 */
export interface CopyRowSink {
  row(fields: Float64Array, items: Float64Array, itemCount: number): void;
}

const TAB = 0x09;
const NEWLINE = 0x0a;
const MINUS = 0x2d;
const COMMA = 0x2c;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const ZERO = 0x30;
const NINE = 0x39;
const MAX_COLUMNS = 16;

/**
 * Parses COPY's text format for rows of integer fields and at most one integer array (`12\t{1,2}\n`) straight from
 * the byte chunks, without strings or row objects, and hands each row over in one call. The state lives in the
 * parser, so a row (or a number) may split across chunks anywhere. Integers stay exact up to 2^53 (bigserial
 * ids). Anything else (NULL, text, escapes) is refused: the columns read this way are NOT NULL integers.
 */
export class CopyTextParser {
  private readonly fields = new Float64Array(MAX_COLUMNS);
  private items = new Float64Array(16);
  private itemCount = 0;
  private column = 0;
  private number = 0;
  private digits = false;
  private negative = false;

  constructor(private readonly sink: CopyRowSink) {}

  push(chunk: Uint8Array): void {
    const fields = this.fields;
    let { column, number, digits, negative } = this;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte >= ZERO && byte <= NINE) {
        number = number * 10 + (byte - ZERO);
        digits = true;
        continue;
      }
      const value = negative ? -number : number;
      if (byte === TAB || byte === NEWLINE) {
        if (digits) fields[column] = value;
        if (byte === TAB) {
          if (++column === MAX_COLUMNS) throw new Error('too many columns in COPY integer data');
        } else {
          this.sink.row(fields, this.items, this.itemCount);
          this.itemCount = 0;
          column = 0;
        }
      } else if (byte === COMMA || byte === CLOSE) {
        if (digits) this.item(value);
      } else if (byte === MINUS && !digits && !negative) {
        negative = true;
        continue;
      } else if (byte !== OPEN) throw new Error(`unexpected byte ${byte} in COPY integer data`);
      number = 0;
      digits = false;
      negative = false;
    }
    this.column = column;
    this.number = number;
    this.digits = digits;
    this.negative = negative;
  }

  /** Checks that the data ended at a row boundary. */
  end(): void {
    if (this.column !== 0 || this.digits || this.negative || this.itemCount !== 0) throw new Error('COPY data ended inside a row');
  }

  private item(value: number): void {
    if (this.itemCount === this.items.length) {
      const grown = new Float64Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.itemCount++] = value;
  }
}
