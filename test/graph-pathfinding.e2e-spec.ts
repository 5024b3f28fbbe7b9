import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Database, runWithDeadlineCap, sql } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { TraversalIndexKeeper } from '@app/graph';
import {
  CANDIDATE_CAP, IndexedSearch, PathfindingErrors, PgKindRegistry, PgPathfinder, searchInMemory, searchPaths,
  SqlFrontierSource, type FoundPath, type PathfindingStep, type PathSemantics, type SearchPlan, type Step,
} from '@app/graph/testing';
import { createTestApp, type TestApp } from './support/test-app.js';

const KINDS = ['User', 'Group', 'Computer', 'MemberOf', 'AdminTo', 'HasSession', 'GenericAll', 'Contains'];

// Every case runs twice: SQL only, and with the in-memory traversal index (caught up from the change log after each
// seeding), which must give the same answers; in that mode each search must really have been answered from memory.
describe.each(['SQL only', 'in-memory index'])('PostgreSQL pathfinding (%s)', (mode) => {
  const inMemory = mode === 'in-memory index';
  let t: TestApp;
  let db: Database;
  let registry: PgKindRegistry;
  let finder: PgPathfinder;
  let indexed: IndexedSearch;
  let keeper: TraversalIndexKeeper;
  let kindId: Map<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(Database);
    registry = new PgKindRegistry(db);
    indexed = t.app.get(IndexedSearch, { strict: false });
    keeper = t.app.get(TraversalIndexKeeper);
    finder = new PgPathfinder(db, registry, inMemory ? indexed : undefined);
    kindId = await registry.idsFor(KINDS, { create: true });
    if (inMemory) {
      keeper.startBackground();
      await keeper.settled();
    }
  });
  afterAll(() => t.close());

  /** In memory mode: no search was handed back to SQL (a search that ran at all ran on the index). */
  async function answeredInMemory<T>(work: () => Promise<T>): Promise<T> {
    const before = indexed.counts.sql;
    const result = await work();
    if (inMemory) expect(indexed.counts.sql).toBe(before);
    return result;
  }

  /** The seeded graph: ids by node name, and each edge's kind and ends (for printing paths). */
  interface Seeded {
    id: (name: string) => string;
    name: Map<string, string>;
    edges: Map<string, { kind: string; start: string; end: string }>;
  }

  /** Replaces the graph: nodes by name with their kinds, edges as 'from Kind to'. */
  async function seed(nodes: Record<string, string[]>, edges: string[]): Promise<Seeded> {
    await db.query('DELETE FROM edge');
    await db.query('DELETE FROM node');
    const names = Object.keys(nodes);
    const rows: { id: string; name: string }[] = await db.query(
      `INSERT INTO node (kind_ids, properties)
         SELECT string_to_array(k, ',')::int2[], jsonb_build_object('objectid', n, 'name', n)
         FROM unnest($1::text[], $2::text[]) AS input (n, k)
       RETURNING id, properties->>'name' AS name`,
      [names, names.map((n) => nodes[n].map((k) => kindId.get(k)).join(','))],
    );
    const ids = new Map(rows.map((r) => [r.name, r.id]));
    const parsed = edges.map((e) => e.split(' '));
    const edgeRows: { id: string; start_id: string; end_id: string; kind_id: number }[] = await db.query(
      `INSERT INTO edge (start_id, end_id, kind_id) SELECT * FROM unnest($1::int8[], $2::int8[], $3::int2[])
       RETURNING id, start_id, end_id, kind_id`,
      [parsed.map(([a]) => ids.get(a)), parsed.map(([, , b]) => ids.get(b)), parsed.map(([, k]) => kindId.get(k))],
    );
    const kindName = new Map([...kindId].map(([k, v]) => [v, k]));
    return {
      id: (name) => ids.get(name)!,
      name: new Map(rows.map((r) => [r.id, r.name])),
      edges: new Map(edgeRows.map((r) => [r.id, { kind: kindName.get(r.kind_id)!, start: r.start_id, end: r.end_id }])),
    };
  }

  /** A path as text, left to right: 'a -MemberOf-> b <-AdminTo- c'. */
  function show(g: Seeded, path: FoundPath): string {
    const nodeIds = path.nodeIds.map(String);
    let text = g.name.get(nodeIds[0])!;
    path.edgeIds.forEach((edgeId, i) => {
      const edge = g.edges.get(String(edgeId))!;
      const forward = edge.start === nodeIds[i] && edge.end === nodeIds[i + 1];
      text += forward ? ` -${edge.kind}-> ` : ` <-${edge.kind}- `;
      text += g.name.get(nodeIds[i + 1]);
    });
    return text;
  }

  const named = (...names: string[]) => sql`n.properties->>'name' = ANY(${names}::text[])`;
  const ofKind = (kind: string) => sql`n.kind_ids @> ARRAY[${kindId.get(kind)}]::int2[]`;
  const kinds = (...names: string[]) => names.map((k) => kindId.get(k)!);

  function step(overrides: Partial<PathfindingStep>): PathfindingStep {
    return { mode: 'shortest', distinctEnds: false, direction: 'out', minDepth: 1, maxDepth: 15, limit: 100, ...overrides };
  }

  async function find(g: Seeded, s: PathfindingStep): Promise<string[]> {
    const found = await answeredInMemory(() => db.transaction((manager) => finder.run(s, manager), { readOnly: true }));
    return found.map((p) => show(g, p));
  }

  describe('shortest', () => {
    it('finds one shortest path per (start, end) pair', async () => {
      const g = await seed({ u1: ['User'], u2: ['User'], g1: ['Group'], g2: ['Group'] }, [
        'u1 MemberOf g1', 'g1 MemberOf g2', 'u2 MemberOf g2',
      ]);
      expect(await find(g, step({ start: named('u1', 'u2'), end: named('g1', 'g2') }))).toEqual([
        'u1 -MemberOf-> g1', 'u2 -MemberOf-> g2', 'u1 -MemberOf-> g1 -MemberOf-> g2',
      ]);
    });

    it('takes the shorter route and only one of several equally short ones', async () => {
      const g = await seed({ a: ['User'], b: ['Group'], c: ['Group'], d: ['Group'], x: ['Group'] }, [
        'a MemberOf b', 'a MemberOf c', 'b MemberOf d', 'c MemberOf d', 'a MemberOf x', 'x MemberOf b',
      ]);
      const paths = await find(g, step({ start: named('a'), end: named('d') }));
      expect(paths).toHaveLength(1);
      expect(['a -MemberOf-> b -MemberOf-> d', 'a -MemberOf-> c -MemberOf-> d']).toContain(paths[0]);
    });

    it('goes round cycles without looping', async () => {
      const g = await seed({ a: ['User'], b: ['Group'], c: ['Group'], d: ['Group'] }, [
        'a MemberOf b', 'b MemberOf c', 'c MemberOf b', 'c MemberOf a', 'c MemberOf d',
      ]);
      expect(await find(g, step({ start: named('a'), end: named('d') }))).toEqual([
        'a -MemberOf-> b -MemberOf-> c -MemberOf-> d',
      ]);
    });

    it('returns nothing for unreachable ends', async () => {
      const g = await seed({ a: ['User'], b: ['Group'], c: ['Group'] }, ['a MemberOf b', 'c MemberOf b']);
      expect(await find(g, step({ start: named('a'), end: named('c') }))).toEqual([]);
      expect(await find(g, step({ start: named('a'), end: named('nobody') }))).toEqual([]);
    });

    it('answers from an unconstrained end with the shortest path to every reachable node', async () => {
      const g = await seed({ a: ['User'], b: ['Group'], c: ['Group'], z: ['Group'] }, ['a MemberOf b', 'b MemberOf c']);
      expect(await find(g, step({ start: named('a') }))).toEqual(['a -MemberOf-> b', 'a -MemberOf-> b -MemberOf-> c']);
      expect(await find(g, step({ end: named('c') }))).toEqual(['b -MemberOf-> c', 'a -MemberOf-> b -MemberOf-> c']);
    });
  });

  describe('allShortest', () => {
    it('returns every path of the minimum length, parallel edges included, and no longer ones', async () => {
      const g = await seed({ a: ['User'], b: ['Computer'], c: ['Computer'], d: ['User'], x: ['Group'], y: ['Group'] }, [
        'a AdminTo b', 'a GenericAll b', 'a AdminTo c', 'b HasSession d', 'c HasSession d',
        'a MemberOf x', 'x MemberOf y', 'y GenericAll d',
      ]);
      expect((await find(g, step({ mode: 'allShortest', start: named('a'), end: named('d') }))).sort()).toEqual([
        'a -AdminTo-> b -HasSession-> d', 'a -AdminTo-> c -HasSession-> d', 'a -GenericAll-> b -HasSession-> d',
      ]);
    });

    it('takes the minimum per pair, not across all pairs', async () => {
      const g = await seed({ a: ['User'], b: ['Group'], c: ['Group'], d: ['Group'], e: ['Group'] }, [
        'a MemberOf b', 'b MemberOf c', 'a MemberOf d', 'd MemberOf e', 'b MemberOf e',
      ]);
      expect((await find(g, step({ mode: 'allShortest', start: named('a'), end: named('c', 'e') }))).sort()).toEqual([
        'a -MemberOf-> b -MemberOf-> c', 'a -MemberOf-> b -MemberOf-> e', 'a -MemberOf-> d -MemberOf-> e',
      ]);
    });

    it('stops at the limit', async () => {
      const g = await seed({ a: ['User'], b: ['Group'], c: ['Group'], d: ['Group'] }, [
        'a MemberOf b', 'a MemberOf c', 'b MemberOf d', 'c MemberOf d',
      ]);
      expect(await find(g, step({ mode: 'allShortest', start: named('a'), end: named('d'), limit: 1 }))).toHaveLength(1);
      expect(await find(g, step({ start: named('a'), end: named('b', 'c', 'd'), limit: 2 }))).toEqual([
        'a -MemberOf-> b', 'a -MemberOf-> c',
      ]);
    });
  });

  describe('pattern constraints', () => {
    const chain = () => seed({ a: ['User'], b: ['Computer'], c: ['User'], d: ['Group'] }, [
      'a AdminTo b', 'b HasSession c', 'c MemberOf d',
    ]);

    it('walks against the edges for an inbound pattern, reading the path left to right', async () => {
      const g = await chain();
      expect(await find(g, step({ direction: 'in', start: named('d'), end: named('a') }))).toEqual([
        'd <-MemberOf- c <-HasSession- b <-AdminTo- a',
      ]);
      expect(await find(g, step({ direction: 'out', start: named('d'), end: named('a') }))).toEqual([]);
    });

    it('walks either way for an undirected pattern', async () => {
      const g = await seed({ a: ['User'], b: ['Group'], c: ['User'] }, ['a MemberOf b', 'c MemberOf b']);
      expect(await find(g, step({ direction: 'both', start: named('a'), end: named('c') }))).toEqual([
        'a -MemberOf-> b <-MemberOf- c',
      ]);
    });

    it('traverses only the allowed edge kinds', async () => {
      const g = await seed({ a: ['User'], b: ['Group'], c: ['Group'] }, ['a MemberOf c', 'a GenericAll b', 'b GenericAll c']);
      const only = (...kinds: string[]) => kinds.map((k) => kindId.get(k)!);
      expect(await find(g, step({ start: named('a'), end: named('c'), edgeKindIds: only('GenericAll') }))).toEqual([
        'a -GenericAll-> b -GenericAll-> c',
      ]);
      expect(await find(g, step({ start: named('a'), end: named('c'), edgeKindIds: [] }))).toEqual([]);
    });

    it('honours the maximum depth', async () => {
      const g = await chain();
      expect(await find(g, step({ start: named('a'), end: named('d'), maxDepth: 2 }))).toEqual([]);
      expect(await find(g, step({ start: named('a'), end: named('d'), maxDepth: 3 }))).toHaveLength(1);
    });

    it('drops a pair whose shortest path is shorter than the minimum depth', async () => {
      const g = await chain();
      expect(await find(g, step({ start: named('a'), end: named('c', 'd'), minDepth: 3 }))).toEqual([
        'a -AdminTo-> b -HasSession-> c -MemberOf-> d',
      ]);
    });

    it('answers a zero-length path when the minimum depth is 0 and an end is also a start', async () => {
      const g = await chain();
      expect(await find(g, step({ start: named('a'), end: named('a', 'b'), minDepth: 0 }))).toEqual(['a', 'a -AdminTo-> b']);
      expect(await find(g, step({ start: named('a'), end: named('a', 'b'), minDepth: 0, distinctEnds: true }))).toEqual([
        'a -AdminTo-> b',
      ]);
    });

    it('never answers a cycle back to the start', async () => {
      const g = await seed({ a: ['User'], b: ['Group'] }, ['a MemberOf b', 'b MemberOf a']);
      expect(await find(g, step({ start: named('a', 'b'), end: named('a', 'b') }))).toEqual([
        'a -MemberOf-> b', 'b -MemberOf-> a',
      ]);
    });
  });

  describe('refusals', () => {
    it('answers 400 when both ends resolve to the same single node', async () => {
      const g = await seed({ a: ['User'], b: ['Group'] }, ['a MemberOf b', 'b MemberOf a']);
      const error = await apiErrorOf(find(g, step({ start: named('a'), end: named('a') })));
      expect([error.status, error.messages]).toEqual([400, [PathfindingErrors.sameNode]]);
      expect(await find(g, step({ start: named('a'), end: named('a'), distinctEnds: true }))).toEqual([]);
    });

    it('answers 400 when neither end is constrained', async () => {
      const g = await seed({ a: ['User'] }, []);
      const error = await apiErrorOf(find(g, step({})));
      expect([error.status, error.messages]).toEqual([400, [PathfindingErrors.unconstrained]]);
    });

    // A SQL search pays a round trip per level; in memory the same 10,000-hop chain takes well under a millisecond, so
    // the in-memory deadline is tested next to the search (memory-search.spec.ts) instead.
    if (!inMemory) it('answers 504 when the deadline passes mid-search', async () => {
      await seed({}, []);
      await db.query(`INSERT INTO node (id, kind_ids, properties)
        SELECT i, '{}', jsonb_build_object('objectid', 'chain-' || i) FROM generate_series(1000001, 1010000) i`);
      await db.query(`INSERT INTO edge (start_id, end_id, kind_id)
        SELECT i, i + 1, $1 FROM generate_series(1000001, 1009999) i`, [kindId.get('MemberOf')]);
      const request = {
        startIds: ['1000001'], endIds: ['1010000'], edgeKinds: [], direction: 'outbound' as const, all: false,
        maxDepth: 100_000, limit: 1,
      };
      const error = await apiErrorOf(runWithDeadlineCap(200, () => finder.shortestPaths(request)));
      expect([error.status, error.messages]).toEqual([504, ['request timed out']]);
    });
    it('answers 400 before one level of a many-to-many search outgrows memory', async () => {
      // 6,000 users share one group: level 2 from every user would hold 36 million (user, user) entries.
      await seed({}, []);
      const user = kindId.get('User');
      await db.query(`INSERT INTO node (id, kind_ids, properties)
        SELECT i, ARRAY[$1]::int2[], jsonb_build_object('objectid', 'wide-' || i) FROM generate_series(2000001, 2006000) i`, [user]);
      await db.query(`INSERT INTO node (id, kind_ids, properties) VALUES (2999999, ARRAY[$1]::int2[], '{"objectid": "hub"}')`,
        [kindId.get('Group')]);
      await db.query(`INSERT INTO edge (start_id, end_id, kind_id)
        SELECT i, 2999999, $1 FROM generate_series(2000001, 2006000) i`, [kindId.get('MemberOf')]);
      // 6,000 computers nobody reaches: no user's search ends early.
      await db.query(`INSERT INTO node (id, kind_ids, properties)
        SELECT i, ARRAY[$1]::int2[], jsonb_build_object('objectid', 'far-' || i) FROM generate_series(3000001, 3006000) i`,
      [kindId.get('Computer')]);
      const error = await apiErrorOf(find({ id: String, name: new Map(), edges: new Map() },
        step({ start: ofKind('User'), end: ofKind('Computer'), direction: 'both', limit: 1 })));
      expect([error.status, error.messages]).toEqual([400, [PathfindingErrors.tooWide]]);
    });
  });

  describe('ends too large to materialise', () => {
    it('tests the far end per hop instead of listing it', async () => {
      const g = await seed({ a: ['User'], b: ['Group'], c: ['Group'] }, ['a MemberOf b', 'b MemberOf c']);
      await db.query(`INSERT INTO node (kind_ids, properties)
        SELECT ARRAY[$1]::int2[], jsonb_build_object('objectid', 'bulk-' || i) FROM generate_series(1, $2) i`,
      [kindId.get('Group'), CANDIDATE_CAP]);
      const group = kinds('Group');
      expect(await find(g, step({ start: named('a'), end: ofKind('Group'), endKinds: group }))).toEqual([
        'a -MemberOf-> b', 'a -MemberOf-> b -MemberOf-> c',
      ]);
      expect(await find(g, step({ start: ofKind('Group'), startKinds: group, end: named('a'), direction: 'in' }))).toEqual([
        'b <-MemberOf- a', 'c <-MemberOf- b <-MemberOf- a',
      ]);
      expect(await find(g, step({ start: ofKind('Group'), startKinds: group, end: ofKind('Group'), endKinds: group })))
        .toEqual(['b -MemberOf-> c']);
    });
  });

  describe('shortestPaths (node ids in, hydrated paths out)', () => {
    it('hydrates nodes and edges with kinds by name and properties', async () => {
      const g = await seed({ a: ['User'], b: ['Group', 'Computer'], c: ['Group'] }, ['a MemberOf b', 'b AdminTo c']);
      const paths = await answeredInMemory(() => finder.shortestPaths({
        startIds: [g.id('c')], endIds: [g.id('a')], edgeKinds: ['MemberOf', 'AdminTo'], direction: 'inbound',
        all: false, maxDepth: 15, limit: 10,
      }));
      expect(paths).toEqual([{
        nodes: [
          { id: g.id('c'), kinds: ['Group'], properties: { objectid: 'c', name: 'c' } },
          { id: g.id('b'), kinds: ['Group', 'Computer'], properties: { objectid: 'b', name: 'b' } },
          { id: g.id('a'), kinds: ['User'], properties: { objectid: 'a', name: 'a' } },
        ],
        edges: [
          { id: expect.any(String), startId: g.id('b'), endId: g.id('c'), kind: 'AdminTo', properties: {} },
          { id: expect.any(String), startId: g.id('a'), endId: g.id('b'), kind: 'MemberOf', properties: {} },
        ],
      }]);
    });

    it('finds nothing over edge kinds nobody wrote, and refuses a path from a node to itself', async () => {
      const g = await seed({ a: ['User'], b: ['Group'] }, ['a MemberOf b']);
      const request = {
        startIds: [g.id('a')], endIds: [g.id('b')], edgeKinds: ['NoSuchKind'], direction: 'outbound' as const,
        all: true, maxDepth: 15, limit: 10,
      };
      expect(await answeredInMemory(() => finder.shortestPaths(request))).toEqual([]);
      const error = await apiErrorOf(finder.shortestPaths({ ...request, endIds: [g.id('a')] }));
      expect([error.status, error.messages]).toEqual([400, [PathfindingErrors.sameNode]]);
    });
  });

  describe('every search strategy agrees with a brute-force oracle on random small graphs', () => {
    const graphs = fc.record({
      size: fc.integer({ min: 2, max: 7 }),
      edges: fc.uniqueArray(fc.tuple(fc.nat(6), fc.nat(6), fc.constantFrom('MemberOf', 'AdminTo')), {
        maxLength: 16, selector: ([a, b, k]) => `${a} ${k} ${b}`,
      }),
      starts: fc.uniqueArray(fc.nat(6), { minLength: 1, maxLength: 3 }),
      ends: fc.uniqueArray(fc.nat(6), { minLength: 1, maxLength: 3 }),
      direction: fc.constantFrom<Step>('out', 'in', 'both'),
      mode: fc.constantFrom<'shortest' | 'allShortest'>('shortest', 'allShortest'),
      minDepth: fc.integer({ min: 0, max: 2 }),
      maxDepth: fc.integer({ min: 1, max: 5 }),
      distinctEnds: fc.boolean(),
      onlyMemberOf: fc.boolean(),
    });

    it('bidirectional, from either end with a listed or a predicate target, and the planner', async () => {
      await fc.assert(fc.asyncProperty(graphs, async (c) => {
        const names = Array.from({ length: c.size }, (_, i) => `n${i}`);
        const starts = [...new Set(c.starts.map((i) => names[i % c.size]))];
        const ends = [...new Set(c.ends.map((i) => names[i % c.size]))];
        fc.pre(!(starts.length === 1 && ends.length === 1 && starts[0] === ends[0] && !c.distinctEnds && c.minDepth > 0));
        const g = await seed(
          Object.fromEntries(names.map((n) => [n, ['Group']])),
          c.edges.map(([a, b, k]) => `${names[a % c.size]} ${k} ${names[b % c.size]}`).filter(unique()),
        );
        const kinds = c.onlyMemberOf ? [kindId.get('MemberOf')!] : undefined;
        const semantics: PathSemantics = { ...c, limit: 1000 };
        const expected = oracle(g, starts.map(g.id), ends.map(g.id), semantics, kinds);
        const startIds = starts.map(g.id);
        const endIds = ends.map(g.id);
        const plans: [SearchPlan, string[] | undefined][] = [
          [{ type: 'bidirectional', starts: startIds, ends: endIds }, undefined],
          [{ type: 'unidirectional', seeds: startIds, seedSide: 'start', target: { type: 'ids', ids: endIds } }, undefined],
          [{ type: 'unidirectional', seeds: endIds, seedSide: 'end', target: { type: 'ids', ids: startIds } }, undefined],
          [{ type: 'unidirectional', seeds: startIds, seedSide: 'start', target: { type: 'predicate' } }, endIds],
          [{ type: 'unidirectional', seeds: endIds, seedSide: 'end', target: { type: 'predicate' } }, startIds],
        ];
        for (const [plan, predicateIds] of plans) {
          const label = `${plan.type} ${'seedSide' in plan ? plan.seedSide : ''}`;
          if (inMemory) {
            // The same plans over the index, the predicate as a test of the far node's dense index.
            const index = (await db.transaction((m) => keeper.current(m), { readOnly: true }))!;
            const far = new Set((predicateIds ?? []).map((id) => index.indexOf(Number(id))));
            const found = await searchInMemory(index, plan, semantics, { edgeKinds: kinds, targetTest: (node) => far.has(node) });
            expectMatches(found, expected, c.mode, `in memory: ${label}`);
            continue;
          }
          const target = predicateIds && sql`n.id = ANY(${predicateIds}::int8[])`;
          const found = await db.transaction(
            (m) => searchPaths(plan, semantics, new SqlFrontierSource(m, kinds, target)), { readOnly: true },
          );
          expectMatches(found, expected, c.mode, label);
        }
        const viaPlanner = await answeredInMemory(() => db.transaction((m) => finder.run(
          { ...semantics, start: named(...starts), end: named(...ends), edgeKindIds: kinds }, m,
        ), { readOnly: true }));
        expectMatches(viaPlanner, expected, c.mode, 'planner');
      }), { numRuns: 150 });
    });
  });

  it('answered every search above from the index where it is on', () => {
    if (inMemory) expect(indexed.counts.memory).toBeGreaterThan(100);
    else expect(indexed.counts.memory).toBe(0);
  });
});

const unique = () => {
  const seen = new Set<string>();
  return (x: string) => !seen.has(x) && seen.add(x) !== undefined;
};

type Expected = Map<string, Set<string>>;
const pathKey = (nodes: readonly (string | number)[], edges: readonly (string | number)[]) => `${nodes.join(',')}|${edges.join(',')}`;

/** Every shortest path per (start, end) pair, by enumerating all simple paths up to the maximum depth. */
function oracle(
  g: { edges: Map<string, { start: string; end: string; kind: string }> },
  starts: string[], ends: string[], s: PathSemantics, kindIds: number[] | undefined,
): Expected {
  const hops = new Map<string, [string, string][]>();
  const add = (from: string, to: string, edge: string) => hops.set(from, [...(hops.get(from) ?? []), [to, edge]]);
  const kindOk = (kind: string) => !kindIds || kind === 'MemberOf';
  for (const [id, e] of g.edges) {
    if (!kindOk(e.kind)) continue;
    if (s.direction !== 'in') add(e.start, e.end, id);
    if (s.direction !== 'out') add(e.end, e.start, id);
  }
  const best = new Map<string, { length: number; paths: Set<string> }>();
  const endSet = new Set(ends);
  const record = (nodes: string[], edges: string[]) => {
    const [a, b] = [nodes[0], nodes[nodes.length - 1]];
    if (!endSet.has(b)) return;
    if (a === b && (edges.length > 0 || s.minDepth > 0 || s.distinctEnds)) return;
    const key = `${a}>${b}`;
    const current = best.get(key);
    if (!current || edges.length < current.length) best.set(key, { length: edges.length, paths: new Set([pathKey(nodes, edges)]) });
    else if (edges.length === current.length) current.paths.add(pathKey(nodes, edges));
  };
  const walk = (nodes: string[], edges: string[]) => {
    record(nodes, edges);
    if (edges.length === s.maxDepth) return;
    for (const [to, edge] of hops.get(nodes[nodes.length - 1]) ?? []) {
      if (!nodes.includes(to)) walk([...nodes, to], [...edges, edge]);
    }
  };
  for (const start of starts) walk([start], []);
  const expected: Expected = new Map();
  for (const [key, { length, paths }] of best) if (length >= s.minDepth) expected.set(key, paths);
  return expected;
}

function expectMatches(found: FoundPath[], expected: Expected, mode: 'shortest' | 'allShortest', label: string): void {
  const byPair = new Map<string, string[]>();
  for (const p of found) {
    const key = `${p.startId}>${p.endId}`;
    byPair.set(key, [...(byPair.get(key) ?? []), pathKey(p.nodeIds, p.edgeIds)]);
  }
  expect({ label, pairs: [...byPair.keys()].sort() }).toEqual({ label, pairs: [...expected.keys()].sort() });
  for (const [key, paths] of byPair) {
    const allowed = expected.get(key)!;
    if (mode === 'shortest') {
      expect({ label, key, count: paths.length, allowed: allowed.has(paths[0]) }).toEqual({ label, key, count: 1, allowed: true });
    } else {
      expect({ label, key, paths: [...paths].sort() }).toEqual({ label, key, paths: [...allowed].sort() });
    }
  }
}
