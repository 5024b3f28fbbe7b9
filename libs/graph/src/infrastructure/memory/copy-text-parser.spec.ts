import { describe, expect, it } from '@jest/globals';
import { CopyTextParser } from './copy-text-parser.js';

/** Parses `chunks` into rows: the first `columns` fields, then the array items (if any). */
function parse(chunks: Uint8Array[], columns: number): number[][] {
  const rows: number[][] = [];
  const parser = new CopyTextParser({
    row: (fields, items, count) => rows.push([...fields.subarray(0, columns), ...items.subarray(0, count)]),
  });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return rows;
}

// Node rows: an id and an int2[] of kinds (the array field's own slot is not read).
const NODES = '1\t{1,2,3}\n42\t{}\n9007199254740991\t{7}\n12345\t{300,65535,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16}\n';
const NODE_ROWS = [[1, 1, 2, 3], [42], [9007199254740991, 7], [12345, 300, 65535, ...Array.from({ length: 16 }, (_, i) => i + 1)]];
// Edge rows: id, start, end, kind (a negative number too).
const EDGES = '5\t-3\t12\t7\n6\t12\t12\t400\n';
const EDGE_ROWS = [[5, -3, 12, 7], [6, 12, 12, 400]];

describe('CopyTextParser', () => {
  it('reads integer fields, integer arrays and negative numbers of COPY text rows', () => {
    expect(parse([Buffer.from(NODES)], 1)).toEqual(NODE_ROWS);
    expect(parse([Buffer.from(EDGES)], 4)).toEqual(EDGE_ROWS);
  });

  it('reads the same rows whatever byte the data is split at', () => {
    for (const [text, columns, rows] of [[NODES, 1, NODE_ROWS], [EDGES, 4, EDGE_ROWS]] as const) {
      const bytes = Buffer.from(text);
      for (let at = 0; at <= bytes.length; at++) {
        expect(parse([bytes.subarray(0, at), bytes.subarray(at)], columns)).toEqual(rows);
      }
    }
  });

  it('reads the same rows from one-byte chunks', () => {
    const bytes = Buffer.from(NODES + NODES);
    expect(parse([...bytes].map((byte) => Uint8Array.of(byte)), 1)).toEqual([...NODE_ROWS, ...NODE_ROWS]);
  });

  it('refuses NULL and text fields', () => {
    expect(() => parse([Buffer.from('1\t\\N\n')], 2)).toThrow('unexpected byte');
    expect(() => parse([Buffer.from('1\tabc\n')], 2)).toThrow('unexpected byte');
  });

  it('refuses data that ends inside a row', () => {
    expect(() => parse([Buffer.from('1\t2\n3\t')], 2)).toThrow('ended inside a row');
    expect(() => parse([Buffer.from('1\t{2,')], 1)).toThrow('ended inside a row');
  });
});
