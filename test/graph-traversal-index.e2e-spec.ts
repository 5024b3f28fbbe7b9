import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GraphStore, TraversalIndexKeeper } from '@app/graph';
import { IndexedSearch, IndexedWalks, PathfindingErrors, PgKindRegistry } from '@app/graph/testing';
import { Database, sql, type Sql } from '@app/platform';
import { bearer } from './support/auth.js';
import {
  ADMIN_PASSWORD, createSecondInstance, createTestApp, login, type SecondInstance, type TestApp,
} from './support/test-app.js';

/**
 * The in-memory traversal index as instances use it: built in the background, caught up from the change log on
 * every query (read-your-writes across instances), the same answers as SQL, SQL answering whenever it cannot, and
 * an event loop that keeps serving while it searches.
 */
const run = (db: Database, statement: Sql) => {
  const { text, values } = statement.toQuery();
  return db.query(text, values);
};

describe('traversal index', () => {
  let t: TestApp;
  let token: string;

  const started = async (app: { get: TestApp['app']['get'] }) => {
    const keeper = app.get(TraversalIndexKeeper);
    keeper.startBackground();
    await keeper.settled();
    return keeper;
  };
  const memoryAnswers = (app: { get: TestApp['app']['get'] }) => app.get(IndexedSearch, { strict: false }).counts.memory;

  /** GET shortest-path between objectids, as a list of 'a>b>c' node objectid chains. */
  const ask = async (http: () => ReturnType<TestApp['http']>, from: string, to: string, kinds = 'in:MemberOf,AdminTo') => {
    const res = await http().get('/api/v2/graphs/shortest-path')
      .query({ start_node: from, end_node: to, relationship_kinds: kinds }).set('Authorization', bearer(token));
    if (res.status === 404) return [];
    expect(res.status).toBe(200);
    const nodes = res.body.data.nodes as Record<string, { objectId: string }>;
    const edges = res.body.data.edges as { source: string; target: string }[];
    return edges.map((e) => `${nodes[e.source].objectId}>${nodes[e.target].objectId}`).sort();
  };

  const chain = (prefix: string, length: number, kind = 'MemberOf') => ({
    nodes: Array.from({ length: length + 1 }, (_, i) => ({ objectid: `${prefix}${i}`, kinds: ['Group'], properties: { name: `${prefix}${i}` } })),
    edges: Array.from({ length }, (_, i) => ({
      start: { objectid: `${prefix}${i}`, kinds: [] }, end: { objectid: `${prefix}${i + 1}`, kinds: [] }, kind, properties: {},
    })),
    seenAt: new Date().toISOString(),
  });

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('is idle until the server starts it, then ready with its size in /health', async () => {
    expect((await t.http().get('/health')).body.traversal_index).toEqual({ state: 'idle' });
    await t.app.get(GraphStore).writeBatch(chain('h', 3));
    await started(t.app);
    const health = (await t.http().get('/health')).body.traversal_index;
    expect(health).toMatchObject({ state: 'ready', nodes: 4, edges: 3 });
    expect(health.version).toBeGreaterThan(0);
    expect(health.bytes).toBeGreaterThan(0);
    expect(typeof health.last_build_ms).toBe('number');
  });

  describe('two instances on one database', () => {
    let other: SecondInstance;
    let sqlOnly: SecondInstance;
    beforeAll(async () => {
      other = await createSecondInstance(t);
      await started(other.app);
      sqlOnly = await createSecondInstance(t, { env: { GRAPH_TRAVERSAL_INDEX: 'off' } });
    });
    afterAll(async () => {
      await other.close();
      await sqlOnly.close();
    });

    it('answers a write made through one instance at once through the other, as SQL does', async () => {
      const store = t.app.get(GraphStore);
      await store.writeBatch(chain('c', 1));
      for (let length = 2; length <= 6; length++) {
        // Extend the chain through the first instance, then ask the second straight away.
        await store.writeBatch(chain('c', length));
        const before = memoryAnswers(other.app);
        const viaIndex = await ask(other.http, 'c0', `c${length}`);
        expect(memoryAnswers(other.app)).toBe(before + 1);
        expect(viaIndex).toHaveLength(length);
        expect(viaIndex).toEqual(await ask(sqlOnly.http, 'c0', `c${length}`));
      }
      // A deletion too: cutting the chain leaves no path.
      const cut = await t.app.get(Database).query(`SELECT id FROM node WHERE properties->>'objectid' = 'c3'`);
      await store.deleteNodes(['c3']);
      expect(cut).toHaveLength(1);
      expect(await ask(other.http, 'c0', 'c6')).toEqual([]);
      expect(await ask(sqlOnly.http, 'c0', 'c6')).toEqual([]);
    });

    it('enumerates variable-length Cypher over the index with the rows SQL gives, and hands a large walk back to SQL', async () => {
      const walks = other.app.get(IndexedWalks, { strict: false });
      /** POST /graphs/cypher: each returned path as 'a>b>c' (node objectids), sorted. */
      const paths = async (http: () => ReturnType<TestApp['http']>, query: string) => {
        const res = await http().post('/api/v2/graphs/cypher').set('Authorization', bearer(token)).send({ query });
        expect(res.status).toBe(200);
        const nodes = res.body.data.nodes as Record<string, { objectId: string }>;
        return (res.body.data.edges as { source: string; target: string }[])
          .map((e) => `${nodes[e.source].objectId}>${nodes[e.target].objectId}`).sort();
      };
      await t.app.get(GraphStore).writeBatch(chain('v', 5));
      const query = "MATCH p = (a:Group {objectid: 'v0'})-[:MemberOf*1..]->(b:Group) RETURN p";
      const before = { ...walks.counts };
      const inMemory = await paths(other.http, query);
      expect(walks.counts).toEqual({ memory: before.memory + 1, sql: before.sql });
      expect(inMemory).toEqual(['v0>v1', 'v1>v2', 'v2>v3', 'v3>v4', 'v4>v5']);
      expect(inMemory).toEqual(await paths(sqlOnly.http, query));
      // Right to left, from the right end (the more selective one), with the far end's label pushed down.
      const backwards = "MATCH p = (a:Group)-[:MemberOf*2..3]->(b {objectid: 'v5'}) RETURN p";
      expect(await paths(other.http, backwards)).toEqual(await paths(sqlOnly.http, backwards));
      expect(await paths(other.http, backwards)).toEqual(['v2>v3', 'v3>v4', 'v4>v5']);
      // Past the output cap the recursive CTE answers instead, with the same rows.
      const cap = walks.maxCells;
      walks.maxCells = 5;
      try {
        expect(await paths(other.http, query)).toEqual(inMemory);
        expect(walks.counts.sql).toBe(before.sql + 1);
      } finally {
        walks.maxCells = cap;
      }
      // A walk seeded once per row of an earlier clause stays a CTE: nothing is handed over.
      const counted = { ...walks.counts };
      const lateral = "MATCH (a:Group {objectid: 'v3'}) WITH a MATCH p = (a)-[:MemberOf*1..]->(b) RETURN p";
      expect(await paths(other.http, lateral)).toEqual(['v3>v4', 'v4>v5']);
      expect(walks.counts).toEqual(counted);
    });

    it('says off in /health where it is switched off', async () => {
      expect((await sqlOnly.http().get('/health')).body.traversal_index).toEqual({ state: 'off' });
    });
  });

  describe('when it cannot answer', () => {
    it('lets SQL answer while it rebuilds after a fault', async () => {
      const keeper = t.app.get(TraversalIndexKeeper);
      await t.app.get(GraphStore).writeBatch(chain('f', 3));
      keeper.fault(new Error('simulated fault'));
      expect(['building', 'failed', 'ready']).toContain(keeper.status().state);
      expect(await ask(t.http, 'f0', 'f3')).toHaveLength(3);
      await keeper.settled();
      expect(keeper.status().state).toBe('ready');
      expect(await ask(t.http, 'f0', 'f3')).toHaveLength(3);
    });
  });

  describe('on a larger graph', () => {
    // 20,000 groups, each a member of 4 others (80,000 edges, one big ball), and 10,001 computers
    // nobody reaches: both ends of "every group to any computer" are too many to list.
    beforeAll(async () => {
      const db = t.app.get(Database);
      const kinds = await t.app.get(PgKindRegistry, { strict: false }).idsFor(['Group', 'Computer', 'MemberOf'], { create: true });
      const [group, computer, memberOf] = ['Group', 'Computer', 'MemberOf'].map((k) => kinds.get(k)!);
      await db.query(`TRUNCATE edge, node`);
      await run(db, sql`INSERT INTO node (id, kind_ids, properties)
        SELECT i, ARRAY[${group}]::int2[], jsonb_build_object('objectid', 'g' || i) FROM generate_series(1, 20000) i`);
      await run(db, sql`INSERT INTO node (id, kind_ids, properties)
        SELECT i, ARRAY[${computer}]::int2[], jsonb_build_object('objectid', 'c' || i) FROM generate_series(20001, 30001) i`);
      await run(db, sql`INSERT INTO edge (start_id, end_id, kind_id)
        SELECT s, 1 + ((s * 7919 + j * 104729) % 20000), ${memberOf} FROM generate_series(1, 20000) s, generate_series(1, 4) j`);
    });

    it('stays off past its memory cap, logged as too-large, and SQL answers', async () => {
      const capped = await createSecondInstance(t, { env: { GRAPH_TRAVERSAL_INDEX: 'on', GRAPH_TRAVERSAL_INDEX_MAX_MB: '1' } });
      try {
        const keeper = await started(capped.app);
        expect(keeper.status()).toMatchObject({ state: 'too-large' });
        expect(keeper.status().reason).toMatch(/MB|bytes|cap/i);
        expect(await ask(capped.http, 'g1', 'g2', 'in:MemberOf')).not.toEqual([]);
        expect(memoryAnswers(capped.app)).toBe(0);
      } finally {
        await capped.close();
      }
    });

    it('keeps serving /health while a worst-case search walks it', async () => {
      const keeper = t.app.get(TraversalIndexKeeper);
      // The graph was replaced (TRUNCATE): the first query finds the index behind and a rebuild starts.
      await ask(t.http, 'g1', 'g2', 'in:MemberOf');
      await keeper.settled();
      expect(keeper.status()).toMatchObject({ state: 'ready', nodes: 30001, edges: 80000 });

      // The window in which the search runs in memory, and the /health answers that completed inside it.
      const indexed = t.app.get(IndexedSearch, { strict: false });
      const window = { from: 0, to: 0 };
      const search = indexed.search.bind(indexed);
      indexed.search = async (...args: Parameters<typeof search>) => {
        window.from = performance.now();
        try {
          return await search(...args);
        } finally {
          window.to = performance.now();
        }
      };
      const answeredAt: number[] = [];
      let done = false;
      const healthLoop = (async () => {
        while (!done) {
          const res = await t.http().get('/health');
          expect(res.status).toBe(200);
          answeredAt.push(performance.now());
        }
      })();
      // Every group searches its whole ball for a computer: MAX_VISITED (400) ends it after millions of steps.
      const res = await t.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(token))
        .send({ query: 'MATCH p = shortestPath((a:Group)-[:MemberOf*1..]->(b:Computer)) RETURN p' });
      done = true;
      await healthLoop;
      indexed.search = search;
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe(PathfindingErrors.tooWide);
      expect(window.to).toBeGreaterThan(window.from);
      expect(answeredAt.filter((at) => at > window.from && at < window.to).length).toBeGreaterThan(0);
    });
  });
});
