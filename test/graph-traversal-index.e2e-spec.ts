import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GraphStore, TraversalIndexKeeper } from '@app/graph';
import { IndexedSearch } from '@app/graph/testing';
import { Database } from '@app/platform';
import { bearer } from './support/auth.js';
import {
  ADMIN_PASSWORD, createSecondInstance, createTestApp, login, type SecondInstance, type TestApp,
} from './support/test-app.js';

/**
 * The in-memory traversal index as instances use it: built in the background, caught up from the change log on
 * every query (read-your-writes across instances), the same answers as SQL, SQL answering whenever it cannot, and
 * an event loop that keeps serving while it searches.
 */
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
      start: { objectid: `${prefix}${i}` }, end: { objectid: `${prefix}${i + 1}` }, kind, properties: {},
    })),
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

    it('stays off past its memory cap, logged as too-large, and SQL answers', async () => {
      const capped = await createSecondInstance(t, { env: { GRAPH_TRAVERSAL_INDEX_MAX_MB: '1' } });
      try {
        const db = t.app.get(Database);
        // ~60k edges take more than 1 MB.
        await db.query(`INSERT INTO node (kind_ids, properties)
          SELECT '{}', jsonb_build_object('objectid', 'cap-' || i) FROM generate_series(1, 20000) i`);
        await db.query(`INSERT INTO edge (start_id, end_id, kind_id)
          SELECT a.id, b.id, (SELECT id FROM kind WHERE name = 'MemberOf')
          FROM node a JOIN node b ON b.properties->>'objectid' IN ('cap-' || ((substr(a.properties->>'objectid', 5)::int % 20000) + 1),
            'cap-' || ((substr(a.properties->>'objectid', 5)::int * 7 % 20000) + 1), 'cap-' || ((substr(a.properties->>'objectid', 5)::int * 13 % 20000) + 1))
          WHERE a.properties->>'objectid' LIKE 'cap-%'`);
        const keeper = await started(capped.app);
        expect(keeper.status()).toMatchObject({ state: 'too-large' });
        expect(keeper.status().reason).toMatch(/MB|bytes|cap/i);
        expect(await ask(capped.http, 'f0', 'f3')).toHaveLength(3);
      } finally {
        await capped.close();
      }
    });
  });

  it('keeps serving /health while it walks a large graph', async () => {
    const db = t.app.get(Database);
    await db.query(`DELETE FROM edge`);
    await db.query(`DELETE FROM node`);
    // 200,000 nodes, 1.2M edges: an unreachable target makes the search walk the whole graph, both ways.
    await db.query(`INSERT INTO node (id, kind_ids, properties)
      SELECT i, '{}', jsonb_build_object('objectid', 'w' || i) FROM generate_series(1, 200001) i`);
    await db.query(`INSERT INTO edge (start_id, end_id, kind_id)
      SELECT s, 1 + ((s * 7919 + j * 104729) % 200000), (SELECT id FROM kind WHERE name = 'MemberOf')
      FROM generate_series(1, 200000) s, generate_series(1, 6) j`);
    const keeper = t.app.get(TraversalIndexKeeper);
    // Far more ids than a catch-up applies: the next query finds the index behind and starts a rebuild.
    await ask(t.http, 'w1', 'w2');
    await keeper.settled();
    expect(keeper.status()).toMatchObject({ state: 'ready', nodes: 200001 });

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
    const before = memoryAnswers(t.app);
    const res = await t.http().get('/api/v2/graphs/shortest-path')
      .query({ start_node: 'w1', end_node: 'w200001', relationship_kinds: 'in:MemberOf' })
      .set('Authorization', bearer(token));
    done = true;
    await healthLoop;
    indexed.search = search;
    expect(res.status).toBe(404);
    expect(memoryAnswers(t.app)).toBe(before + 1);
    expect(answeredAt.filter((at) => at > window.from && at < window.to).length).toBeGreaterThan(0);
  });
});
