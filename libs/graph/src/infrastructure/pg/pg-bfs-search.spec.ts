import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { apiErrorOf } from '@app/platform/testing';
import type { FoundPath } from '../../cypher/sql/pathfinding-step.js';
import { assertDistinctEnds, PathfindingErrors } from '../../application/pathfinding-rules.js';
import { BIDIRECTIONAL_MAX_ENDS, planForSets } from './pg-bfs-plan.js';
import { edgeListSource } from '../../testing/edge-list-source.js';
import { searchPaths, type FrontierSource, type PathSemantics, type SearchPlan } from './pg-bfs-search.js';
import type { Id, Step } from './pg-bfs-side.js';

type Edge = [id: number, start: number, end: number];

/** The edge list as a FrontierSource, for searching without a database. */
const memorySource = (edges: readonly Edge[], isTarget?: (node: Id) => boolean) =>
  edgeListSource(edges.map(([id, start, end]) => ({ id, start, end })), isTarget);

const semantics = (overrides: Partial<PathSemantics> = {}): PathSemantics => ({
  mode: 'shortest', direction: 'out', distinctEnds: false, minDepth: 1, maxDepth: 15, limit: 100, ...overrides,
});

const show = (paths: FoundPath[]) => paths.map((p) => p.nodeIds.join('>'));

describe('planForSets', () => {
  it('searches both ends at once when both are small', () => {
    expect(planForSets(['1'], ['2'])).toEqual({ type: 'bidirectional', starts: ['1'], ends: ['2'] });
  });

  it('seeds the smaller end when either is larger than the bidirectional limit', () => {
    const many = Array.from({ length: BIDIRECTIONAL_MAX_ENDS + 1 }, (_, i) => String(i + 10));
    expect(planForSets(['1'], many)).toEqual({
      type: 'unidirectional', seeds: ['1'], seedSide: 'start', target: { type: 'ids', ids: many },
    });
    expect(planForSets(many, ['1'])).toMatchObject({ type: 'unidirectional', seeds: ['1'], seedSide: 'end' });
  });
});

describe('assertDistinctEnds', () => {
  it('refuses one start that is also the one end with 400', async () => {
    const error = await apiErrorOf(Promise.resolve().then(() => assertDistinctEnds(['7'], ['7'], 1, false)));
    expect([error.status, error.messages]).toEqual([400, [PathfindingErrors.sameNode]]);
  });

  it('accepts it when the ends must differ anyway, or a zero-length path is allowed', () => {
    expect(() => assertDistinctEnds(['7'], ['7'], 1, true)).not.toThrow();
    expect(() => assertDistinctEnds(['7'], ['7'], 0, false)).not.toThrow();
    expect(() => assertDistinctEnds(['7', '8'], ['7'], 1, false)).not.toThrow();
  });
});

describe('searchPaths', () => {
  const diamond: Edge[] = [[1, 1, 2], [2, 1, 3], [3, 2, 4], [4, 3, 4], [5, 4, 5]];

  it('finds every shortest path through both halves when meeting in the middle', async () => {
    const plan: SearchPlan = { type: 'bidirectional', starts: ['1'], ends: ['5'] };
    expect(show(await searchPaths(plan, semantics({ mode: 'allShortest' }), memorySource(diamond)))).toEqual([
      '1>2>4>5', '1>3>4>5',
    ]);
  });

  it('reads paths left to right when searching backward from the end', async () => {
    const plan: SearchPlan = { type: 'unidirectional', seeds: ['5'], seedSide: 'end', target: { type: 'ids', ids: ['1'] } };
    expect(show(await searchPaths(plan, semantics(), memorySource(diamond)))).toEqual(['1>2>4>5']);
  });

  it('gives each (start, end) pair its own shortest path', async () => {
    const plan: SearchPlan = { type: 'unidirectional', seeds: ['1'], seedSide: 'start', target: { type: 'predicate' } };
    const odd = (node: Id) => node % 2 === 1;
    expect(show(await searchPaths(plan, semantics(), memorySource(diamond, odd)))).toEqual(['1>3', '1>2>4>5']);
  });

  it('answers 400 rather than hold more visited nodes than allowed', async () => {
    const plan: SearchPlan = { type: 'unidirectional', seeds: ['1', '2'], seedSide: 'start', target: { type: 'any' } };
    const error = await apiErrorOf(searchPaths(plan, semantics(), memorySource(diamond), 5));
    expect([error.status, error.messages]).toEqual([400, [PathfindingErrors.tooWide]]);
    expect(await searchPaths(plan, semantics(), memorySource(diamond), 8)).toHaveLength(6);
  });
});

describe('every plan gives the same answers on random graphs', () => {
  const cases = fc.record({
    edges: fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 })), { maxLength: 20 }),
    starts: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 }),
    ends: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 }),
    direction: fc.constantFrom<Step>('out', 'in', 'both'),
    mode: fc.constantFrom<'shortest' | 'allShortest'>('shortest', 'allShortest'),
    minDepth: fc.integer({ min: 0, max: 2 }),
    maxDepth: fc.integer({ min: 1, max: 6 }),
    distinctEnds: fc.boolean(),
  });

  it('bidirectional, and unidirectional from either end with a listed or a tested target', async () => {
    await fc.assert(fc.asyncProperty(cases, async (c) => {
      // Parallel edges: every pair may appear twice, as two edges of different ids.
      const edges: Edge[] = [...c.edges, ...c.edges.slice(0, 3)].map(([a, b], i) => [i + 1, a, b]);
      const [starts, ends] = [c.starts.map(String), c.ends.map(String)];
      const s = semantics({ ...c, limit: 10_000 });
      const inSet = (ids: string[]) => (node: Id) => ids.includes(String(node));
      const runs: [SearchPlan, FrontierSource][] = [
        [{ type: 'bidirectional', starts, ends }, memorySource(edges)],
        [{ type: 'unidirectional', seeds: starts, seedSide: 'start', target: { type: 'ids', ids: ends } }, memorySource(edges)],
        [{ type: 'unidirectional', seeds: ends, seedSide: 'end', target: { type: 'ids', ids: starts } }, memorySource(edges)],
        [{ type: 'unidirectional', seeds: starts, seedSide: 'start', target: { type: 'predicate' } }, memorySource(edges, inSet(ends))],
        [{ type: 'unidirectional', seeds: ends, seedSide: 'end', target: { type: 'predicate' } }, memorySource(edges, inSet(starts))],
      ];
      const answers = await Promise.all(runs.map(([plan, source]) => searchPaths(plan, s, source)));
      for (const paths of answers) for (const path of paths) expectWalkable(path, edges, c.direction);
      const summaries = answers.map((paths) => summary(paths, c.mode));
      for (const other of summaries.slice(1)) expect(other).toEqual(summaries[0]);
    }), { numRuns: 500 });
  });
});

/** Per pair: the path length (shortest: any one path of it is right) or the sorted set of paths (allShortest). */
function summary(paths: FoundPath[], mode: 'shortest' | 'allShortest'): Record<string, string[]> {
  const byPair: Record<string, string[]> = {};
  for (const p of paths) {
    const key = `${p.startId}>${p.endId}`;
    const value = mode === 'shortest' ? `length ${p.edgeIds.length}` : `${p.nodeIds.join(',')}|${p.edgeIds.join(',')}`;
    (byPair[key] ??= []).push(value);
  }
  for (const key of Object.keys(byPair)) byPair[key].sort();
  return byPair;
}

/** Each edge of the path joins its two neighbouring nodes in an allowed direction, and no node repeats. */
function expectWalkable(path: FoundPath, edges: Edge[], direction: Step): void {
  expect(new Set(path.nodeIds).size).toBe(path.nodeIds.length);
  path.edgeIds.forEach((id, i) => {
    const [, start, end] = edges.find(([edgeId]) => edgeId === id)!;
    const [from, to] = [Number(path.nodeIds[i]), Number(path.nodeIds[i + 1])];
    const along = start === from && end === to;
    const against = start === to && end === from;
    expect(direction === 'out' ? along : direction === 'in' ? against : along || against).toBe(true);
  });
}
