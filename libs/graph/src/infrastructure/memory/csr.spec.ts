import { describe, expect, it } from '@jest/globals';
import { buildCsr, buildCsrYielding, type EdgeColumns } from './csr.js';

const bytesOf = (array: ArrayBufferView) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/** `count` edges over `nodes` nodes; node 0 starts a third of them, so one node's list spans several pauses. */
function edges(nodes: number, count: number): EdgeColumns {
  const columns = {
    count,
    starts: new Int32Array(count),
    ends: new Int32Array(count),
    kinds: new Uint16Array(count),
    ids: new Float64Array(count),
  };
  for (let e = 0; e < count; e++) {
    columns.starts[e] = e % 3 === 0 ? 0 : (e * 7919) % nodes;
    columns.ends[e] = (e * 104729) % nodes;
    columns.kinds[e] = e % 500;
    columns.ids[e] = 2 * e + 1;
  }
  return columns;
}

describe('buildCsr', () => {
  it('lists every edge once per direction, each hop with its edge id', () => {
    const input = edges(1000, 5000);
    const { out, in: inward } = buildCsr(1000, input);
    const seen = new Set<number>();
    for (let node = 0; node < 1000; node++) {
      for (let slot = out.offsets[node]; slot < out.offsets[node + 1]; slot++) {
        const e = (out.edgeIds[slot] - 1) / 2;
        if (input.starts[e] !== node || input.ends[e] !== out.targets[slot] || input.kinds[e] !== out.kinds[slot]) throw new Error(`out slot ${slot}`);
        seen.add(e);
      }
      for (let slot = inward.offsets[node]; slot < inward.offsets[node + 1]; slot++) {
        const e = (inward.edgeIdAt(slot) - 1) / 2;
        if (input.ends[e] !== node || input.starts[e] !== inward.targets[slot] || input.kinds[e] !== inward.kinds[slot]) throw new Error(`in slot ${slot}`);
      }
    }
    expect(seen.size).toBe(5000);
    expect([out.offsets[1000], inward.offsets[1000]]).toEqual([5000, 5000]);
  });

  it('builds the same arrays when it pauses for the event loop, a node longer than a pause included', async () => {
    const input = edges(50_000, 900_000);
    const once = buildCsr(50_000, input);
    const paused = await buildCsrYielding(50_000, input);
    for (const [a, b] of [
      [once.out.offsets, paused.out.offsets], [once.out.targets, paused.out.targets], [once.out.kinds, paused.out.kinds],
      [once.out.edgeIds, paused.out.edgeIds], [once.in.offsets, paused.in.offsets], [once.in.targets, paused.in.targets],
      [once.in.kinds, paused.in.kinds], [once.in.edgeIds, paused.in.edgeIds],
    ] as const) {
      expect(bytesOf(a).equals(bytesOf(b))).toBe(true);
    }
    expect(once.out.offsets[1]).toBeGreaterThan(1 << 18);
  });

  it('holds ids in 4 bytes while every id fits, in 8 (exactly) once one passes 2^32', () => {
    const narrow = buildCsr(1000, edges(1000, 5000));
    expect([narrow.out.edgeIds, narrow.in.edgeIds].every((ids) => ids instanceof Uint32Array)).toBe(true);
    const input = edges(1000, 5000);
    input.ids[4999] = 2 ** 40 + 3;
    const wide = buildCsr(1000, input);
    expect([wide.out.edgeIds, wide.in.edgeIds].every((ids) => ids instanceof Float64Array)).toBe(true);
    const holds = (csr: typeof wide.out) => Array.from(csr.edgeIds).includes(2 ** 40 + 3);
    expect([holds(wide.out), holds(wide.in)]).toEqual([true, true]);
  });
});
