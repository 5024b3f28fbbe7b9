/** Receives the integers of COPY rows as they are parsed: each field's value, each item of an array field. */
export interface CopyRowSink {
  value(column: number, value: number): void;
  endRow(): void;
}

const TAB = 0x09;
const NEWLINE = 0x0a;
const MINUS = 0x2d;
const COMMA = 0x2c;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const ZERO = 0x30;
const NINE = 0x39;

/**
 * Parses COPY's text format for rows of integer fields and integer arrays (`12\t{1,2}\n`) straight from the byte
 * chunks, without strings or row objects. The state lives in the parser, so a row (or a number) may split across
 * chunks anywhere. Integers stay exact up to 2^53 (bigserial ids). Anything else (NULL, text, escapes) is refused:
 * the columns read this way are NOT NULL integers.
 */
export class CopyTextParser {
  private column = 0;
  private number = 0;
  private digits = false;
  private negative = false;

  constructor(private readonly sink: CopyRowSink) {}

  push(chunk: Uint8Array): void {
    const sink = this.sink;
    let { column, number, digits, negative } = this;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte >= ZERO && byte <= NINE) {
        number = number * 10 + (byte - ZERO);
        digits = true;
        continue;
      }
      if (byte === TAB || byte === NEWLINE || byte === COMMA || byte === CLOSE) {
        if (digits) sink.value(column, negative ? -number : number);
        number = 0;
        digits = false;
        negative = false;
        if (byte === TAB) column++;
        else if (byte === NEWLINE) {
          sink.endRow();
          column = 0;
        }
      } else if (byte === MINUS && !digits && !negative) negative = true;
      else if (byte !== OPEN) throw new Error(`unexpected byte ${byte} in COPY integer data`);
    }
    this.column = column;
    this.number = number;
    this.digits = digits;
    this.negative = negative;
  }

  /** Checks that the data ended at a row boundary. */
  end(): void {
    if (this.column !== 0 || this.digits || this.negative) throw new Error('COPY data ended inside a row');
  }
}
