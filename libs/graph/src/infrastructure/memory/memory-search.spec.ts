import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { FoundPath } from '../../cypher/sql/pathfinding-step.js';
import { edgeListSource } from '../../testing/edge-list-source.js';
import { searchPaths, type PathSemantics, type SearchPlan, type Target } from '../pg/pg-bfs-search.js';
import type { Id, Step } from '../pg/pg-bfs-side.js';
import type { IndexedEdge, IndexedNode } from './traversal-changes.js';
import { DEAD_KIND, TraversalIndex, type ExtraHop } from './traversal-index.js';
import { searchInMemory } from './memory-search.js';

/**
 * The index with part of the graph held as the overlay (hops and nodes added since the build, base hops removed
 * since), seen through the contract's API only: the searches must read both.
 */
function withOverlay(
  nodes: readonly IndexedNode[], edges: readonly IndexedEdge[], baseNodeCount: number, baseEdges: (edge: IndexedEdge) => boolean,
): TraversalIndex {
  const baseNodeIds = new Set(nodes.slice(0, baseNodeCount).map((node) => node.id));
  const inBase = (edge: IndexedEdge) => baseNodeIds.has(edge.start) && baseNodeIds.has(edge.end) && baseEdges(edge);
  // A removed base edge: present at the build, gone since (the search must not take it).
  const removed = edges.filter(inBase).slice(0, 2).map((edge) => ({ ...edge, id: edge.id + 100_000 }));
  const base = TraversalIndex.fromElements(nodes.slice(0, baseNodeCount), [...edges.filter(inBase), ...removed]);
  for (const csr of [base.out, base.in]) {
    for (let slot = 0; slot < csr.kinds.length; slot++) {
      if (removed.some((edge) => edge.id === csr.edgeIdAt(slot))) csr.kinds[slot] = DEAD_KIND;
    }
  }
  const added = nodes.slice(baseNodeCount);
  const indexOf = (id: number) => {
    const at = base.indexOf(id);
    if (at >= 0) return at;
    const k = added.findIndex((node) => node.id === id);
    return k < 0 ? -1 : baseNodeCount + k;
  };
  const hops = { out: new Map<number, ExtraHop[]>(), in: new Map<number, ExtraHop[]>() };
  for (const edge of edges.filter((e) => !inBase(e))) {
    const [start, end] = [indexOf(edge.start), indexOf(edge.end)];
    hops.out.set(start, [...(hops.out.get(start) ?? []), { node: end, kind: edge.kind, edge: edge.id }]);
    hops.in.set(end, [...(hops.in.get(end) ?? []), { node: start, kind: edge.kind, edge: edge.id }]);
  }
  const overlay = {
    version: 0, out: base.out, in: base.in, baseNodes: baseNodeCount, nodeCount: nodes.length, overlaySize: 1,
    // The added nodes' ids are below the base's (nodeIdOf counts down): hits must be ordered by id, not index.
    idsAscending: false,
    indexOf,
    idOf: (index: number) => (index < baseNodeCount ? base.idOf(index) : added[index - baseNodeCount].id),
    hasKinds: () => false,
    extra: (step: 'out' | 'in', index: number) => hops[step].get(index),
  };
  return overlay as unknown as TraversalIndex;
}

const showPairs = (paths: FoundPath[]) => paths.map((p) => `${p.startId}>${p.endId}:${p.edgeIds.length}`);
const showPath = (p: FoundPath) => `${p.nodeIds.join(',')}|${p.edgeIds.join(',')}`;

/** Each edge joins its two neighbouring nodes in the pattern's direction and is of an allowed kind; no node repeats. */
function expectWalkable(path: FoundPath, edges: readonly IndexedEdge[], direction: Step, kinds?: readonly number[]): void {
  expect(new Set(path.nodeIds).size).toBe(path.nodeIds.length);
  expect([path.startId, path.endId]).toEqual([path.nodeIds[0], path.nodeIds[path.nodeIds.length - 1]]);
  path.edgeIds.forEach((id, i) => {
    const edge = edges.find((e) => e.id === id)!;
    expect(edge).toBeDefined();
    if (kinds) expect(kinds).toContain(edge.kind);
    const [from, to] = [Number(path.nodeIds[i]), Number(path.nodeIds[i + 1])];
    const along = edge.start === from && edge.end === to;
    const against = edge.start === to && edge.end === from;
    expect(direction === 'out' ? along : direction === 'in' ? against : along || against).toBe(true);
  });
}

/** Ids of a node number: against the dense order, so id order and index order differ; some past 2^32. */
const nodeIdOf = (q: Question) => (n: number) => (q.bigIds ? 2 ** 40 : 1000) - n * 7;
const edgeId = (i: number) => ((i * 37) % 101) + 1;
const UNKNOWN = 5;

const graphs = fc.record({
  size: fc.integer({ min: 2, max: 9 }),
  links: fc.array(fc.tuple(fc.nat(8), fc.nat(8), fc.integer({ min: 1, max: 3 })), { maxLength: 26 }),
  parallel: fc.nat(4),
});

const questions = fc.record({
  graph: graphs,
  starts: fc.uniqueArray(fc.nat(9), { minLength: 1, maxLength: 4 }),
  ends: fc.uniqueArray(fc.nat(9), { minLength: 1, maxLength: 4 }),
  direction: fc.constantFrom<Step>('out', 'in', 'both'),
  mode: fc.constantFrom<'shortest' | 'allShortest'>('shortest', 'allShortest'),
  minDepth: fc.integer({ min: 0, max: 3 }),
  maxDepth: fc.integer({ min: 0, max: 7 }),
  distinctEnds: fc.boolean(),
  limit: fc.constantFrom(1, 2, 3, 5, 8, 100_000),
  kinds: fc.constantFrom<number[] | undefined>(undefined, [1], [1, 2], [2, 3], []),
  overlay: fc.boolean(),
  bigIds: fc.boolean(),
});

type Question = typeof questions extends fc.Arbitrary<infer T> ? T : never;

/** Nodes 0..size-1 (number 9 never exists: an id the index does not know); edges with self-loops and parallels. */
function build(q: Question) {
  const { size, links, parallel } = q.graph;
  const nodeId = nodeIdOf(q);
  const nodes: IndexedNode[] = Array.from({ length: size }, (_, n) => ({ id: nodeId(n), kinds: [] }));
  const kept = links.filter(([a, b]) => a < size && b < size);
  // Parallel edges: the same endpoints again, with another kind.
  const doubled = [...kept, ...kept.slice(0, parallel).map(([a, b, kind]): [number, number, number] => [a, b, (kind % 3) + 1])];
  const edges: IndexedEdge[] = doubled.map(([a, b, kind], i) => ({ id: edgeId(i), start: nodeId(a), end: nodeId(b), kind }));
  const index = q.overlay
    ? withOverlay(nodes, edges, Math.max(1, size - 2), (edge) => edge.id % 3 !== 0)
    : TraversalIndex.fromElements(nodes, edges);
  return { nodes, edges, index };
}

/** The plans a question can be asked as: both ends at once, or from either end towards a listed or tested set. */
function plans(q: Question): { plan: SearchPlan; far: Set<number> | undefined }[] {
  const nodeId = nodeIdOf(q);
  const [starts, ends] = [q.starts.map((n) => String(nodeId(n))), q.ends.map((n) => String(nodeId(n)))];
  const listed = (ids: string[]): Target => ({ type: 'ids', ids });
  const asIds = (ids: string[]) => new Set(ids.map(Number));
  return [
    { plan: { type: 'bidirectional', starts, ends }, far: undefined },
    { plan: { type: 'unidirectional', seeds: starts, seedSide: 'start', target: listed(ends) }, far: undefined },
    { plan: { type: 'unidirectional', seeds: ends, seedSide: 'end', target: listed(starts) }, far: undefined },
    { plan: { type: 'unidirectional', seeds: starts, seedSide: 'start', target: { type: 'predicate' } }, far: asIds(ends) },
    { plan: { type: 'unidirectional', seeds: ends, seedSide: 'end', target: { type: 'predicate' } }, far: asIds(starts) },
    { plan: { type: 'unidirectional', seeds: starts, seedSide: 'start', target: { type: 'any' } }, far: undefined },
  ];
}

async function compare(q: Question): Promise<void> {
  const { nodes, edges, index } = build(q);
  const known = new Set(nodes.map((node) => node.id));
  const semantics: PathSemantics = {
    mode: q.mode, direction: q.direction, distinctEnds: q.distinctEnds, minDepth: q.minDepth, maxDepth: q.maxDepth, limit: q.limit,
  };
  const usable = edges.filter((edge) => !q.kinds || q.kinds.includes(edge.kind));
  for (const { plan, far } of plans(q)) {
    const isFar = (id: Id) => known.has(id) && (far?.has(id) ?? true);
    const expected = await searchPaths(plan, semantics, edgeListSource(usable, isFar));
    const found = await searchInMemory(index, plan, semantics, {
      edgeKinds: q.kinds, targetTest: (at) => isFar(index.idOf(at)),
    });
    for (const path of found) expectWalkable(path, edges, q.direction, q.kinds);
    expect(showPairs(found)).toEqual(showPairs(expected));
    if (q.mode === 'shortest') continue;
    if (plan.type === 'unidirectional') {
      expect(found.map(showPath)).toEqual(expected.map(showPath));
      continue;
    }
    // Both ends at once: the same set of paths per pair (the SQL path orders a pair's paths by meeting node), the
    // last pair excepted when the limit cut it short.
    const byPair = (paths: FoundPath[]) => {
      const pairs = new Map<string, string[]>();
      for (const p of paths) pairs.set(`${p.startId}>${p.endId}`, [...(pairs.get(`${p.startId}>${p.endId}`) ?? []), showPath(p)].sort());
      if (paths.length >= q.limit && paths.length > 0) pairs.delete(`${paths[paths.length - 1].startId}>${paths[paths.length - 1].endId}`);
      return pairs;
    };
    expect(byPair(found)).toEqual(byPair(expected));
  }
}

describe('searchInMemory answers as the SQL path does', () => {
  it('on random graphs: every plan, direction, mode, depth range, limit and kinds filter, base and overlay hops', async () => {
    await fc.assert(fc.asyncProperty(questions, compare), { numRuns: 1500 });
  });

  it('names an unknown seed or end a node without hops (a zero-length path to itself when allowed)', async () => {
    const nodes = [{ id: 1, kinds: [] }, { id: 2, kinds: [] }];
    const index = TraversalIndex.fromElements(nodes, [{ id: 10, start: 1, end: 2, kind: 1 }]);
    const semantics: PathSemantics = {
      mode: 'shortest', direction: 'out', distinctEnds: false, minDepth: 0, maxDepth: 3, limit: 10,
    };
    const plan: SearchPlan = { type: 'unidirectional', seeds: ['1', String(UNKNOWN)], seedSide: 'start', target: { type: 'any' } };
    expect((await searchInMemory(index, plan, semantics, {})).map((p) => p.nodeIds.join('>'))).toEqual(['1', '5', '1>2']);
  });

  it('reads paths left to right and orders them by length, then the seed id, then the far id', async () => {
    // 3 -> 1 -> 2 and 3 -> 4, 1 -> 4: from seeds 3 and 1, every node.
    const nodes = [4, 3, 2, 1].map((id) => ({ id, kinds: [] }));
    const edges = [[21, 3, 1], [22, 1, 2], [23, 3, 4], [24, 1, 4]].map(([id, start, end]) => ({ id, start, end, kind: 1 }));
    const index = TraversalIndex.fromElements(nodes, edges);
    const semantics: PathSemantics = {
      mode: 'allShortest', direction: 'out', distinctEnds: false, minDepth: 1, maxDepth: 3, limit: 10,
    };
    const plan: SearchPlan = { type: 'unidirectional', seeds: ['3', '1'], seedSide: 'start', target: { type: 'any' } };
    expect((await searchInMemory(index, plan, semantics, {})).map(showPath)).toEqual([
      '1,2|22', '1,4|24', '3,1|21', '3,4|23', '3,1,2|21,22',
    ]);
    const backward: SearchPlan = { type: 'unidirectional', seeds: ['2'], seedSide: 'end', target: { type: 'any' } };
    expect((await searchInMemory(index, backward, semantics, {})).map(showPath)).toEqual(['1,2|22', '3,1,2|21,22']);
  });
});
