import { describe, expect, it } from '@jest/globals';
import { hopsOf } from '../../testing/traversal-index-hops.js';
import type { IndexedEdge, IndexedNode, ResolvedChanges } from './traversal-changes.js';
import { DEAD_KIND, TraversalIndex } from './traversal-index.js';

const NODES: IndexedNode[] = [
  { id: 10, kinds: [1] },
  { id: 11, kinds: [1, 5] },
  { id: 12, kinds: [] },
  { id: 14, kinds: [2, 300] },
];
const EDGES: IndexedEdge[] = [
  { id: 100, start: 10, end: 11, kind: 7 },
  { id: 101, start: 10, end: 12, kind: 8 },
  { id: 102, start: 11, end: 11, kind: 9 },
  { id: 103, start: 14, end: 10, kind: 400 },
  { id: 104, start: 12, end: 11, kind: 7 },
];

function changes(partial: Partial<ResolvedChanges>): ResolvedChanges {
  return { reset: false, upsertedNodes: [], deletedNodes: [], addedEdges: [], deletedEdges: [], ...partial };
}

const hop = (edge: number, node: number, kind: number) => ({ edge, node, kind });

describe('TraversalIndex structure', () => {
  const index = TraversalIndex.fromElements(NODES, EDGES, 3);

  it('lists each edge under its start (out) and its end (in)', () => {
    expect(index.version).toBe(3);
    expect([index.nodeCount, index.baseNodes, index.edgeCount]).toEqual([4, 4, 5]);
    expect(hopsOf(index, 'out', 10)).toEqual([hop(100, 11, 7), hop(101, 12, 8)]);
    expect(hopsOf(index, 'in', 10)).toEqual([hop(103, 14, 400)]);
    expect(hopsOf(index, 'in', 11)).toEqual([hop(100, 10, 7), hop(102, 11, 9), hop(104, 12, 7)]);
    expect(hopsOf(index, 'out', 14)).toEqual([hop(103, 10, 400)]);
    expect(hopsOf(index, 'in', 14)).toEqual([]);
  });

  it('puts a self-loop in both lists of its node', () => {
    expect(hopsOf(index, 'out', 11)).toEqual([hop(102, 11, 9)]);
    expect(hopsOf(index, 'in', 11)).toContainEqual(hop(102, 11, 9));
  });

  it('keeps the in hops pointing at the same edge as the out hops', () => {
    for (let slot = 0; slot < index.in.targets.length; slot++) {
      const edge = EDGES.find((e) => e.id === index.in.edgeIdAt(slot))!;
      expect(index.idOf(index.in.targets[slot])).toBe(edge.start);
    }
  });

  it('answers kinds per node, kind ids past 255 included', () => {
    const at = (id: number) => index.indexOf(id);
    expect(index.kindsOf(at(11))).toEqual([1, 5]);
    expect(index.hasKinds(at(11), [5, 1])).toBe(true);
    expect(index.hasKinds(at(11), [2])).toBe(false);
    expect(index.hasKinds(at(14), [300])).toBe(true);
    expect(index.hasKinds(at(12), [])).toBe(true);
    expect(index.kindsOf(at(12))).toEqual([]);
  });

  it('maps ids to dense indexes and back, -1 for unknown ids', () => {
    expect(NODES.map((node) => index.idOf(index.indexOf(node.id)))).toEqual([10, 11, 12, 14]);
    expect([13, 9, 15, 0].map((id) => index.indexOf(id))).toEqual([-1, -1, -1, -1]);
  });

  it('finds sparse ids given in any order', () => {
    const sparse = TraversalIndex.fromElements(
      [{ id: 2 ** 40, kinds: [3] }, { id: 5, kinds: [] }, { id: 900_000, kinds: [4] }],
      [{ id: 1, start: 2 ** 40, end: 5, kind: 1 }],
    );
    expect(sparse.indexOf(5)).toBe(0);
    expect(sparse.kindsOf(sparse.indexOf(2 ** 40))).toEqual([3]);
    expect(sparse.kindsOf(sparse.indexOf(900_000))).toEqual([4]);
    expect(hopsOf(sparse, 'in', 5)).toEqual([hop(1, 2 ** 40, 1)]);
  });

  it('refuses an edge whose node is missing', () => {
    expect(() => TraversalIndex.fromElements(NODES, [{ id: 1, start: 10, end: 99, kind: 1 }])).toThrow('not in the index');
  });

  it('costs 20 bytes per edge plus id, offsets and kinds per node', () => {
    const nodes = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, kinds: [1, 2] }));
    const edges = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, start: (i % 1000) + 1, end: ((i * 7) % 1000) + 1, kind: 3 }));
    const big = TraversalIndex.fromElements(nodes, edges);
    // Per node: id 8, out/in/kind offsets 4 each (plus one), kinds 2 x 2, direct id table 4.
    expect(big.bytes).toBe(10_000 * 20 + 1000 * (8 + 2 * 2 + 4) + 3 * 4 * 1001);
  });
});

describe('TraversalIndex.apply', () => {
  const fresh = () => TraversalIndex.fromElements(NODES, EDGES, 3);

  it('adds nodes after the base nodes, with their kinds, and edges to them', () => {
    const index = fresh();
    index.apply(changes({ upsertedNodes: [{ id: 13, kinds: [6] }], addedEdges: [{ id: 200, start: 13, end: 10, kind: 7 }] }), 4);
    expect(index.version).toBe(4);
    expect([index.nodeCount, index.edgeCount, index.indexOf(13)]).toEqual([5, 6, 4]);
    expect(index.hasKinds(4, [6])).toBe(true);
    expect(index.idOf(4)).toBe(13);
    expect(hopsOf(index, 'out', 13)).toEqual([hop(200, 10, 7)]);
    expect(hopsOf(index, 'in', 10)).toEqual([hop(103, 14, 400), hop(200, 13, 7)]);
    expect(index.extra('in', index.indexOf(10))).toEqual([{ node: 4, kind: 7, edge: 200 }]);
  });

  it('keeps ids ascending with dense indexes while added nodes come in increasing id, whatever order they are given in', () => {
    const index = fresh();
    expect(index.idsAscending).toBe(true);
    index.apply(changes({ upsertedNodes: [{ id: 16, kinds: [] }, { id: 15, kinds: [] }] }), 4);
    expect([index.indexOf(15), index.indexOf(16), index.idsAscending]).toEqual([4, 5, true]);
    index.apply(changes({ upsertedNodes: [{ id: 9, kinds: [] }] }), 5);
    expect([index.indexOf(9), index.idsAscending]).toEqual([6, false]);
  });

  it('adds and removes 200,000 edges of one start in a pass per start (an analysis writes that many from Domain Admins)', () => {
    // One by one, each added edge scanned the start's hops (base and added) and each removal its list: 2*10^10 steps.
    const nodes = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, kinds: [] }));
    const base = Array.from({ length: 100_000 }, (_, e) => ({ id: e + 1, start: 1, end: 2 + (e % 999), kind: 1 }));
    const index = TraversalIndex.fromElements(nodes, base);
    const added = Array.from({ length: 200_000 }, (_, e) => ({ id: 1_000_001 + e, start: 1, end: 2 + (e % 999), kind: 2 }));
    index.apply(changes({ addedEdges: added }), 1);
    index.apply(changes({ addedEdges: added.slice(0, 10) }), 2);
    expect(index.edgeCount).toBe(300_000);
    const gone = [...base.slice(0, 50_000), ...added.slice(0, 150_000)].map(({ id, start, end }) => ({ id, start, end }));
    index.apply(changes({ deletedEdges: gone }), 3);
    expect(index.edgeCount).toBe(100_000);
    expect(index.extra('out', 0)).toHaveLength(50_000);
    expect(index.extra('in', 1)?.every((hop) => hop.edge > 1_150_000)).toBe(true);
  });

  it('marks a removed base edge DEAD_KIND in both directions', () => {
    const index = fresh();
    index.apply(changes({ deletedEdges: [{ id: 100, start: 10, end: 11 }] }), 4);
    expect(index.edgeCount).toBe(4);
    expect(index.out.kinds[index.out.offsets[index.indexOf(10)]]).toBe(DEAD_KIND);
    expect(hopsOf(index, 'out', 10)).toEqual([hop(101, 12, 8)]);
    expect(hopsOf(index, 'in', 11)).toEqual([hop(102, 11, 9), hop(104, 12, 7)]);
    expect(index.in.kinds.filter((kind) => kind === DEAD_KIND)).toHaveLength(1);
  });

  it('removes a self-loop from both lists', () => {
    const index = fresh();
    index.apply(changes({ deletedEdges: [{ id: 102, start: 11, end: 11 }] }), 4);
    expect(hopsOf(index, 'out', 11)).toEqual([]);
    expect(hopsOf(index, 'in', 11)).toEqual([hop(100, 10, 7), hop(104, 12, 7)]);
  });

  it('deletes a node: unknown to indexOf, no kinds, its edges gone both ways', () => {
    const index = fresh();
    const at = index.indexOf(11);
    index.apply(changes({ deletedNodes: [11] }), 4);
    expect(index.indexOf(11)).toBe(-1);
    expect(index.hasKinds(at, [])).toBe(false);
    expect(index.kindsOf(at)).toEqual([]);
    expect(index.edgeCount).toBe(2);
    expect(hopsOf(index, 'out', 10)).toEqual([hop(101, 12, 8)]);
    expect(hopsOf(index, 'out', 12)).toEqual([]);
  });

  it('replaces the kinds of an upserted node, and drops the overlay when they are the base kinds again', () => {
    const index = fresh();
    index.apply(changes({ upsertedNodes: [{ id: 10, kinds: [2, 3] }] }), 4);
    expect(index.kindsOf(index.indexOf(10))).toEqual([2, 3]);
    expect(index.hasKinds(index.indexOf(10), [1])).toBe(false);
    expect(index.overlaySize).toBe(1);
    index.apply(changes({ upsertedNodes: [{ id: 10, kinds: [1] }] }), 5);
    expect(index.kindsOf(index.indexOf(10))).toEqual([1]);
    expect(index.overlaySize).toBe(0);
  });

  it('applies the same changes twice as once', () => {
    const run = changes({
      upsertedNodes: [{ id: 20, kinds: [1] }, { id: 12, kinds: [4] }],
      deletedNodes: [14],
      addedEdges: [{ id: 200, start: 20, end: 12, kind: 7 }, { id: 100, start: 10, end: 11, kind: 7 }],
      deletedEdges: [{ id: 101, start: 10, end: 12 }, { id: 999, start: 10, end: 11 }],
    });
    const once = fresh();
    once.apply(run, 4);
    const twice = fresh();
    twice.apply(run, 4);
    twice.apply(run, 4);
    for (const index of [once, twice]) {
      expect([index.nodeCount, index.edgeCount, index.overlaySize]).toEqual([5, 4, 6]);
      expect(hopsOf(index, 'out', 10)).toEqual([hop(100, 11, 7)]);
      expect(hopsOf(index, 'in', 12)).toEqual([hop(200, 20, 7)]);
      expect(index.indexOf(14)).toBe(-1);
    }
  });

  it('moves an edge whose endpoints changed under the same id', () => {
    const index = fresh();
    index.apply(changes({ deletedEdges: [{ id: 104, start: 12, end: 11 }], addedEdges: [{ id: 104, start: 12, end: 14, kind: 8 }] }), 4);
    expect(hopsOf(index, 'out', 12)).toEqual([hop(104, 14, 8)]);
    expect(hopsOf(index, 'in', 11).map((h) => h.edge)).toEqual([100, 102]);
    expect(index.edgeCount).toBe(5);
  });

  it('removes an added edge again', () => {
    const index = fresh();
    index.apply(changes({ addedEdges: [{ id: 300, start: 12, end: 12, kind: 1 }] }), 4);
    index.apply(changes({ deletedEdges: [{ id: 300, start: 12, end: 12 }] }), 5);
    expect(index.extra('out', index.indexOf(12))).toBeUndefined();
    expect(index.extra('in', index.indexOf(12))).toBeUndefined();
    expect([index.edgeCount, index.overlaySize]).toEqual([5, 0]);
  });

  it('throws before changing anything on a reset or an edge to an unknown node', () => {
    const index = fresh();
    expect(() => index.apply(changes({ reset: true }), 4)).toThrow('rebuilt');
    const stray = changes({ deletedEdges: [{ id: 100, start: 10, end: 11 }], addedEdges: [{ id: 300, start: 10, end: 77, kind: 1 }] });
    expect(() => index.apply(stray, 4)).toThrow('does not know');
    expect([index.version, index.edgeCount]).toEqual([3, 5]);
  });

  it('counts an estimate of the overlay in its bytes', () => {
    const index = fresh();
    const before = index.bytes;
    index.apply(changes({ upsertedNodes: [{ id: 30, kinds: [1] }], addedEdges: [{ id: 300, start: 30, end: 10, kind: 1 }] }), 4);
    expect(index.bytes).toBeGreaterThan(before + 2 * 48);
  });
});
