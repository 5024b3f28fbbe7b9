import { describe, expect, it } from '@jest/globals';
import { NodeLookup } from './node-lookup.js';

describe('NodeLookup', () => {
  it('uses a direct table for dense ids and answers -1 for gaps and ids outside the span', () => {
    const lookup = new NodeLookup(Float64Array.of(10, 11, 13, 14));
    expect(lookup.direct).toBe(true);
    expect([10, 11, 12, 13, 14, 9, 15, 10.5].map((id) => lookup.indexOf(id))).toEqual([0, 1, -1, 2, 3, -1, -1, -1]);
    expect(lookup.bytes).toBe(5 * 4);
  });

  it('searches the sorted ids when they are sparse, with no table', () => {
    const ids = Float64Array.of(3, 1_000, 70_000, 2 ** 40, 2 ** 53 - 1);
    const lookup = new NodeLookup(ids);
    expect(lookup.direct).toBe(false);
    expect(lookup.bytes).toBe(0);
    expect([...ids].map((id) => lookup.indexOf(id))).toEqual([0, 1, 2, 3, 4]);
    expect([0, 4, 999, 2 ** 40 + 1].map((id) => lookup.indexOf(id))).toEqual([-1, -1, -1, -1]);
  });

  it('knows no id when there are no nodes', () => {
    expect(new NodeLookup(new Float64Array(0)).indexOf(1)).toBe(-1);
  });
});
