import { describe, expect, it } from '@jest/globals';
import { CopyTextParser } from './copy-text-parser.js';

/** Parses `chunks` into rows of values (array items flattened into their row). */
function parse(chunks: Uint8Array[]): number[][] {
  const rows: number[][] = [];
  let row: number[] = [];
  const parser = new CopyTextParser({
    value: (column, value) => row.push(column * 1000 + value),
    endRow: () => {
      rows.push(row);
      row = [];
    },
  });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return rows;
}

const TEXT = '1\t{1,2,3}\n42\t{}\n9007199254740991\t{7}\n5\t-3\t12\n';
// Column offsets (column * 1000 + value) keep columns apart; the big id stays exact.
const ROWS = [[1, 1001, 1002, 1003], [42], [9007199254740991, 1007], [5, 997, 2012]];

describe('CopyTextParser', () => {
  it('reads integer fields, integer arrays and negative numbers of COPY text rows', () => {
    expect(parse([Buffer.from(TEXT)])).toEqual(ROWS);
  });

  it('reads the same rows whatever byte the data is split at', () => {
    const bytes = Buffer.from(TEXT);
    for (let at = 0; at <= bytes.length; at++) {
      expect(parse([bytes.subarray(0, at), bytes.subarray(at)])).toEqual(ROWS);
    }
  });

  it('reads the same rows from one-byte chunks', () => {
    const bytes = Buffer.from(TEXT);
    expect(parse([...bytes].map((byte) => Uint8Array.of(byte)))).toEqual(ROWS);
  });

  it('refuses NULL and text fields', () => {
    expect(() => parse([Buffer.from('1\t\\N\n')])).toThrow('unexpected byte');
    expect(() => parse([Buffer.from('1\tabc\n')])).toThrow('unexpected byte');
  });

  it('refuses data that ends inside a row', () => {
    expect(() => parse([Buffer.from('1\t2\n3\t')])).toThrow('ended inside a row');
  });
});
