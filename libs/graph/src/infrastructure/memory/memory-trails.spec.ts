import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { allowedKinds } from './memory-search.js';
import { enumerateTrails, type TrailRules } from './memory-trails.js';
import type { IndexedEdge, IndexedNode } from './traversal-changes.js';
import { TraversalIndex } from './traversal-index.js';

type Step = TrailRules['step'];

/** Every trail by brute force over an edge list: what the recursive CTE of a variable-length relationship gives. */
function bruteTrails(
  edges: readonly IndexedEdge[], seeds: number[], step: Step, kinds: number[] | undefined, min: number, max: number,
  far: (id: number) => boolean,
): string[] {
  const usable = edges.filter((edge) => !kinds || kinds.includes(edge.kind));
  const out: string[] = [];
  const extend = (nodes: number[], path: number[]) => {
    const at = nodes[nodes.length - 1];
    if (path.length >= min && far(at)) out.push(`${nodes.join(',')}|${path.join(',')}`);
    if (path.length === max) return;
    for (const edge of usable) {
      if (path.includes(edge.id)) continue;
      if (step !== 'in' && edge.start === at) extend([...nodes, edge.end], [...path, edge.id]);
      if (step !== 'out' && edge.end === at && !(step === 'both' && edge.start === edge.end)) extend([...nodes, edge.start], [...path, edge.id]);
    }
  };
  for (const seed of seeds) extend([seed], []);
  return out.sort();
}

const cases = fc.record({
  size: fc.integer({ min: 1, max: 7 }),
  links: fc.array(fc.tuple(fc.nat(6), fc.nat(6), fc.integer({ min: 1, max: 3 })), { maxLength: 14 }),
  /** How many edges (last first) and nodes reach the index as changes after its build. */
  addedEdges: fc.nat(4),
  removedEdges: fc.nat(2),
  deletedNode: fc.option(fc.nat(6), { nil: undefined }),
  step: fc.constantFrom<Step>('out', 'in', 'both'),
  kinds: fc.option(fc.subarray([1, 2, 3], { minLength: 1 }), { nil: undefined }),
  min: fc.integer({ min: 0, max: 2 }),
  extra: fc.integer({ min: 0, max: 3 }),
  farKind: fc.option(fc.integer({ min: 10, max: 11 }), { nil: undefined }),
});

describe('enumerateTrails', () => {
  it('lists the trails brute force lists, the index\'s changes since its build included', async () => {
    await fc.assert(fc.asyncProperty(cases, async (c) => {
      const nodes: IndexedNode[] = Array.from({ length: c.size + 1 }, (_, n) => ({ id: 500 - n * 3, kinds: [10 + (n % 2)] }));
      const edges: IndexedEdge[] = c.links.map(([a, b, kind], i) => ({
        id: 1000 + i, start: nodes[a % c.size].id, end: nodes[b % c.size].id, kind,
      }));
      // The last node and the last edges arrive as changes; some base edges leave; maybe one node is deleted.
      const added = edges.slice(edges.length - Math.min(c.addedEdges, edges.length));
      const base = edges.slice(0, edges.length - added.length);
      const removed = base.slice(0, c.removedEdges);
      const index = TraversalIndex.fromElements(nodes.slice(0, c.size), base);
      const lastNode = nodes[c.size];
      const deletedNodes = c.deletedNode === undefined ? [] : [nodes[c.deletedNode % c.size].id];
      // A deleted node's edges went with it (the change log never adds an edge to a deleted node).
      const addedEdges = [...added, { id: 5000, start: nodes[0].id, end: lastNode.id, kind: 1 }]
        .filter((edge) => !deletedNodes.includes(edge.start) && !deletedNodes.includes(edge.end));
      index.apply({
        reset: false, upsertedNodes: [lastNode], deletedNodes, addedEdges,
        deletedEdges: removed.map(({ id, start, end }) => ({ id, start, end })),
      }, 1);
      const live = [...base.filter((edge) => !removed.includes(edge)), ...addedEdges]
        .filter((edge) => !deletedNodes.includes(edge.start) && !deletedNodes.includes(edge.end));
      const seeds = nodes.filter((node) => !deletedNodes.includes(node.id)).map((node) => node.id);
      const max = c.min + c.extra;
      const kindOf = new Map(nodes.map((node) => [node.id, node.kinds[0]]));
      const expected = bruteTrails(live, seeds, c.step, c.kinds, c.min, max, (id) => c.farKind === undefined || kindOf.get(id) === c.farKind);
      const rules = {
        step: c.step, allowed: allowedKinds(c.kinds), min: c.min, max,
        far: c.farKind === undefined ? undefined : (at: number) => index.hasKinds(at, [c.farKind!]),
        maxCells: 1e9,
      };
      const dense = seeds.map((id) => index.indexOf(id));
      const listed = await enumerateTrails(index, dense, rules);
      expect(listed!.counts).toEqual([]);
      expect(listed!.trails.map((trail) => `${trail.nodes.join(',')}|${trail.edges.join(',')}`).sort()).toEqual(expected);
      // Counted: per (seed, far node) the number of those trails.
      const perPair = new Map<string, number>();
      for (const trail of expected) {
        const nodes = trail.split('|')[0].split(',');
        const pair = `${nodes[0]}>${nodes[nodes.length - 1]}`;
        perPair.set(pair, (perPair.get(pair) ?? 0) + 1);
      }
      const counted = await enumerateTrails(index, dense, { ...rules, countOnly: true });
      expect(counted!.trails).toEqual([]);
      expect(counted!.counts.map((count) => `${count.seed}>${count.far}:${count.trails}`).sort())
        .toEqual([...perPair].map(([pair, n]) => `${pair}:${n}`).sort());
      // Pairs only (a breadth-first search where min <= 1 and the step is directed): each joined pair once.
      const pairs = await enumerateTrails(index, dense, { ...rules, countOnly: true, pairsOnly: true });
      expect(pairs!.counts.map((count) => `${count.seed}>${count.far}:${count.trails}`).sort())
        .toEqual([...perPair.keys()].map((pair) => `${pair}:1`).sort());
    }), { numRuns: 600 });
  });

  it('gives up past its cap on ids, counting nodes and edges of every trail', async () => {
    const nodes = [1, 2, 3].map((id) => ({ id, kinds: [] }));
    const index = TraversalIndex.fromElements(nodes, [{ id: 7, start: 1, end: 2, kind: 1 }, { id: 8, start: 2, end: 3, kind: 1 }]);
    const rules = { step: 'out' as const, allowed: allowedKinds(undefined), min: 1, max: 2 };
    // 1-2 (3 ids) and 1-2-3 (5 ids).
    expect((await enumerateTrails(index, [index.indexOf(1)], { ...rules, maxCells: 8 }))!.trails).toHaveLength(2);
    expect(await enumerateTrails(index, [index.indexOf(1)], { ...rules, maxCells: 7 })).toBeUndefined();
    // Counted: 3 ids per (seed, far node) pair.
    expect((await enumerateTrails(index, [index.indexOf(1)], { ...rules, maxCells: 6, countOnly: true }))!.counts).toHaveLength(2);
    expect(await enumerateTrails(index, [index.indexOf(1)], { ...rules, maxCells: 5, countOnly: true })).toBeUndefined();
  });

  it('walks a long chain in slices, yielding to the event loop, with every trail found', async () => {
    const count = 40_000;
    const nodes = Array.from({ length: count }, (_, n) => ({ id: n + 1, kinds: [] }));
    const edges = Array.from({ length: count - 1 }, (_, n) => ({ id: n + 1, start: n + 1, end: n + 2, kind: 1 }));
    const index = TraversalIndex.fromElements(nodes, edges);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const seeds = Array.from({ length: count }, (_, n) => n);
    const found = await enumerateTrails(index, seeds, { step: 'both', allowed: allowedKinds(undefined), min: 1, max: 3, maxCells: 1e9 });
    clearInterval(timer);
    // Per inner node: 2 trails of 1 hop, 2 of 2 and 2 of 3, fewer near the chain's ends.
    expect(found!.trails).toHaveLength(6 * count - 12);
    // The same chain searched breadth-first for pairs, going out: 3 pairs per node, fewer near the end.
    const pairs = await enumerateTrails(index, seeds, {
      step: 'out', allowed: allowedKinds(undefined), min: 1, max: 3, maxCells: 1e9, countOnly: true, pairsOnly: true,
    });
    expect(pairs!.counts).toHaveLength(3 * count - 6);
    const capped = { step: 'out' as const, allowed: allowedKinds(undefined), min: 1, max: 3, countOnly: true, pairsOnly: true };
    expect(await enumerateTrails(index, seeds, { ...capped, maxCells: 3 * (3 * count - 6) - 1 })).toBeUndefined();
    expect(ticks).toBeGreaterThan(0);
  });
});
