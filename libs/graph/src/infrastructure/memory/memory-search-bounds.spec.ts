import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ErrorMessages, runWithRequestContext } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { PathfindingErrors } from '../../application/pathfinding-rules.js';
import type { PathSemantics, SearchPlan } from '../pg/pg-bfs-search.js';
import type { IndexedEdge } from './traversal-changes.js';
import { TraversalIndex } from './traversal-index.js';
import { searchInMemory } from './memory-search.js';

const semantics = (overrides: Partial<PathSemantics> = {}): PathSemantics => ({
  mode: 'shortest', direction: 'out', distinctEnds: false, minDepth: 1, maxDepth: 15, limit: 100, ...overrides,
});

/** A ring of `size` nodes with four pseudo-random chords each: a full walk probes `size * 5` hops in a few levels. */
function ring(size: number): TraversalIndex {
  const nodes = Array.from({ length: size }, (_, n) => ({ id: n + 1, kinds: [] }));
  const edges: IndexedEdge[] = [];
  let random = 12345;
  for (let n = 0; n < size; n++) {
    edges.push({ id: edges.length + 1, start: n + 1, end: ((n + 1) % size) + 1, kind: 1 });
    for (let k = 0; k < 4; k++) {
      random = (random * 1103515245 + 12345) % 2147483648;
      edges.push({ id: edges.length + 1, start: n + 1, end: (random % size) + 1, kind: 1 });
    }
  }
  return TraversalIndex.fromElements(nodes, edges);
}

/** From node 1 to a node it cannot reach (the ring has no node 0): a walk over the whole graph. */
const everywhere: SearchPlan = { type: 'unidirectional', seeds: ['1'], seedSide: 'start', target: { type: 'ids', ids: ['0'] } };

describe('searchInMemory bounds', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('answers 400 rather than hold more (seed, node) entries than allowed', async () => {
    const diamond = [[1, 1, 2], [2, 1, 3], [3, 2, 4], [4, 3, 4], [5, 4, 5]].map(([id, start, end]) => ({ id, start, end, kind: 1 }));
    const index = TraversalIndex.fromElements([1, 2, 3, 4, 5].map((id) => ({ id, kinds: [] })), diamond);
    const plan: SearchPlan = { type: 'unidirectional', seeds: ['1', '2'], seedSide: 'start', target: { type: 'any' } };
    const error = await apiErrorOf(searchInMemory(index, plan, semantics(), { maxVisited: 5 }));
    expect([error.status, error.messages]).toEqual([400, [PathfindingErrors.tooWide]]);
    expect(await searchInMemory(index, plan, semantics(), { maxVisited: 8 })).toHaveLength(6);
  });

  it('answers 504 when the deadline has passed before it starts', async () => {
    const index = ring(100);
    const error = await apiErrorOf(runWithRequestContext(
      { requestId: 'r1', deadline: Date.now() - 1 }, () => searchInMemory(index, everywhere, semantics(), {}),
    ));
    expect([error.status, error.messages]).toEqual([504, [ErrorMessages.requestTimedOut]]);
  });

  it('answers 504 when the deadline passes during the walk (checked where it yields)', async () => {
    const index = ring(50_000);
    const start = Date.now();
    const clock = jest.spyOn(Date, 'now');
    // The first reading is on time; every later one (at the first yield) is past the deadline.
    clock.mockReturnValueOnce(start).mockReturnValue(start + 10_000);
    const error = await apiErrorOf(runWithRequestContext(
      { requestId: 'r1', deadline: start + 1_000 }, () => searchInMemory(index, everywhere, semantics(), {}),
    ));
    expect([error.status, error.messages]).toEqual([504, [ErrorMessages.requestTimedOut]]);
  });

  it('lets other callbacks run during a long walk', async () => {
    const index = ring(50_000);
    const order: string[] = [];
    setImmediate(() => order.push('other callback'));
    await searchInMemory(index, everywhere, semantics(), {}).then(() => order.push('search'));
    expect(order).toEqual(['other callback', 'search']);
  });

  it('gives concurrent searches their own scratch: the same answers as one after the other', async () => {
    // Each walk covers the whole ring (node 0 is never found), yielding on the way: the three interleave.
    const index = ring(30_000);
    const plans: SearchPlan[] = [1, 2, 3].map((n) => ({
      type: 'unidirectional', seeds: [String(n)], seedSide: 'start', target: { type: 'ids', ids: ['0', '29999', '15000', String(n + 500)] },
    }));
    const s = semantics({ mode: 'allShortest' });
    const alone: unknown[] = [];
    for (const plan of plans) alone.push(await searchInMemory(index, plan, s, {}));
    expect(await Promise.all(plans.map((plan) => searchInMemory(index, plan, s, {})))).toEqual(alone);
  });
});
