import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { AnalysisLock } from '@app/analysis';
import { GraphStore, TraversalIndexKeeper } from '@app/graph';
import { IndexedSearch } from '@app/graph/testing';
import { PostureWriter } from '@app/posture';
import { adminCaller, Caller, Roles, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

/** POST /api/v2/clear-database (routes-misc C.10): each field deletes what it names and nothing else. */
describe('POST /api/v2/clear-database', () => {
  let t: TestApp;
  let db: Client;
  let admin: Caller;

  const count = async (table: string, where = 'true') =>
    Number((await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)).rows[0].n);
  const objectids = async () =>
    (await db.query(`SELECT properties ->> 'objectid' AS o FROM node ORDER BY 1`)).rows.map((r) => r.o as string);
  const edgeKinds = async () =>
    (await db.query(`SELECT k.name FROM edge e JOIN kind k ON k.id = e.kind_id ORDER BY 1`)).rows.map((r) => r.name as string);

  /** Everything a wipe may touch: counts per table. */
  const state = async () => ({
    nodes: await count('node'), edges: await count('edge'), jobs: await count('ingest_jobs'),
    posture: await count('posture_stats'), customSelectors: await count('asset_group_tag_selectors', 'NOT is_default'),
    defaultSelectors: await count('asset_group_tag_selectors', 'is_default'),
  });

  const node = (objectid: string, kinds: string[]) => ({ objectid, kinds, properties: { name: objectid.toUpperCase() } });
  const edge = (start: string, end: string, kind: string) =>
    ({ start: { objectid: start, kinds: [] }, end: { objectid: end, kinds: [] }, kind, properties: {} });

  /** Graph (AD, Azure and sourceless nodes), an upload job, posture rows and a custom Tier Zero selector. */
  async function seed(): Promise<void> {
    await t.app.get(GraphStore).clear();
    await t.app.get(GraphStore).writeBatch({
      nodes: [
        node('u1', ['Base', 'User']), node('g1', ['Base', 'Group']), node('c1', ['Base', 'Computer']),
        node('az1', ['AZBase', 'AZUser']), node('x1', ['Widget']),
      ],
      edges: [edge('u1', 'g1', 'MemberOf'), edge('g1', 'c1', 'AdminTo'), edge('u1', 'c1', 'HasSession'), edge('az1', 'x1', 'HasSession')],
      seenAt: new Date().toISOString(),
    });
    await db.query('DELETE FROM ingest_jobs');
    expect((await admin.post('/file-upload/start')).status).toBe(201);
    await db.query('DELETE FROM posture_stats');
    await t.app.get(PostureWriter).record([
      { domainSid: 'S-1-5-21-1', assetGroupTagId: 1, exposureIndex: 10, tierZeroCount: 1, criticalRiskCount: 0 },
    ]);
    await db.query('DELETE FROM asset_group_tag_selectors WHERE NOT is_default');
    const selector = await admin.post('/asset-group-tags/1/selectors', { name: `custom ${Date.now()}`, seeds: [{ type: 1, value: 'u1' }] });
    expect(selector.status).toBe(201);
    await db.query('DELETE FROM analysis_requests');
  }

  const wipe = (body: unknown, caller = admin) => caller.post('/clear-database', body);
  const pending = async () => (await admin.get('/analysis')).status === 200;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await t.close();
  });

  describe('each field deletes what it names and nothing else', () => {
    let before: Awaited<ReturnType<typeof state>>;
    beforeEach(async () => {
      await seed();
      before = await state();
      expect(before).toEqual({ nodes: 5, edges: 4, jobs: 1, posture: 1, customSelectors: 1, defaultSelectors: expect.any(Number) });
    });

    it('deleteCollectedGraphData: every node and edge, and an analysis is requested', async () => {
      const res = await wipe({ deleteCollectedGraphData: true });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(await state()).toEqual({ ...before, nodes: 0, edges: 0 });
      expect(await pending()).toBe(true);
    });

    it('deleteSourceKinds [1]: the AD nodes (Base) with their edges', async () => {
      expect((await wipe({ deleteSourceKinds: [1] })).status).toBe(204);
      expect(await objectids()).toEqual(['az1', 'x1']);
      expect(await edgeKinds()).toEqual(['HasSession']);
      expect(await state()).toEqual({ ...before, nodes: 2, edges: 1 });
      expect(await pending()).toBe(true);
    });

    it('deleteSourceKinds [2, 0]: the Azure nodes and the sourceless ones', async () => {
      expect((await wipe({ deleteSourceKinds: [2, 0] })).status).toBe(204);
      expect(await objectids()).toEqual(['c1', 'g1', 'u1']);
      expect(await edgeKinds()).toEqual(['AdminTo', 'HasSession', 'MemberOf']);
    });

    it('deleteRelationships: every edge of those kinds, nodes kept, and an analysis is requested (what it derived is stale)', async () => {
      expect((await wipe({ deleteRelationships: ['HasSession', 'NoSuchKind'] })).status).toBe(204);
      expect(await edgeKinds()).toEqual(['AdminTo', 'MemberOf']);
      expect(await state()).toEqual({ ...before, edges: 2 });
      expect(await pending()).toBe(true);
    });

    it('deleteFileIngestHistory: every upload job', async () => {
      expect((await wipe({ deleteFileIngestHistory: true })).status).toBe(204);
      expect(await state()).toEqual({ ...before, jobs: 0 });
      expect((await admin.get('/file-upload')).body.count).toBe(0);
      expect(await pending()).toBe(false);
    });

    it('deleteDataQualityHistory: every posture statistic', async () => {
      expect((await wipe({ deleteDataQualityHistory: true })).status).toBe(204);
      expect(await state()).toEqual({ ...before, posture: 0 });
    });

    it('deleteAssetGroupSelectors: the custom selectors of those asset groups, never the defaults; an analysis is requested', async () => {
      expect((await wipe({ deleteAssetGroupSelectors: [2, 999, 2 ** 40] })).status).toBe(204);
      expect(await state()).toEqual(before);
      expect((await wipe({ deleteAssetGroupSelectors: [1] })).status).toBe(204);
      expect(await state()).toEqual({ ...before, customSelectors: 0 });
      expect(await pending()).toBe(true);
    });

    it('several fields at once', async () => {
      expect((await wipe({ deleteCollectedGraphData: true, deleteFileIngestHistory: true, deleteDataQualityHistory: true })).status)
        .toBe(204);
      expect(await state()).toEqual({ ...before, nodes: 0, edges: 0, jobs: 0, posture: 0 });
    });
  });

  describe('refusals, with nothing deleted', () => {
    let before: Awaited<ReturnType<typeof state>>;
    beforeAll(async () => {
      await seed();
      before = await state();
    });
    afterAll(async () => expect(await state()).toEqual(before));

    const cases: [string, unknown, string][] = [
      ['nothing selected', {}, 'please select something to delete'],
      ['only false and empty fields', { deleteCollectedGraphData: false, deleteSourceKinds: [], deleteRelationships: [] },
        'please select something to delete'],
      ['graph data and source kinds', { deleteCollectedGraphData: true, deleteSourceKinds: [1] },
        'request may only specify either deleteCollectedGraphData or deleteSourceKinds, not both'],
      ['an unknown source kind', { deleteSourceKinds: [1, 3] }, 'failure building delete request: requested source kind id 3 not found'],
      ['a field of the wrong type', { deleteCollectedGraphData: 'yes' }, 'JSON malformed.'],
      ['a fractional id', { deleteAssetGroupSelectors: [1.5] }, 'JSON malformed.'],
      ['a body that is not an object', [true], 'JSON malformed.'],
    ];
    for (const [what, body, message] of cases) {
      it(`answers 400 for ${what}`, async () => {
        expect(errorMessage(await wipe(body), 400)).toBe(message);
      });
    }

    it('answers 400 JSON malformed. for malformed JSON and for no body', async () => {
      expect(errorMessage(await admin.raw('post', '/clear-database', '{"deleteCollectedGraphData":'), 400)).toBe('JSON malformed.');
      expect(errorMessage(await admin.post('/clear-database'), 400)).toBe('JSON malformed.');
    });

    it('answers 401 without credentials and 403 not authorized without db:Wipe (Power User)', async () => {
      expect(errorMessage(await wipe({ deleteCollectedGraphData: true }, new Caller(t)), 401)).toBe('not authenticated');
      const { caller } = await userSession(t, admin, Roles.PowerUser);
      expect(errorMessage(await wipe({ deleteCollectedGraphData: true }, caller), 403)).toBe('not authorized');
    });

    it('answers 409 while an analysis holds the analysis lock', async () => {
      let res: Awaited<ReturnType<typeof wipe>> | undefined;
      await t.app.get(AnalysisLock).exclusively(async () => {
        res = await wipe({ deleteCollectedGraphData: true });
      });
      expect(errorMessage(res!, 409))
        .toBe('the database cannot be cleared while ingest or analysis is running; try again once the datapipe is idle');
    });

    it('answers 409 while an upload waits for ingest', async () => {
      const job = (await admin.post('/file-upload/start')).body.data.id as number;
      const upload = await admin.raw('post', `/file-upload/${job}`, JSON.stringify({ data: [], meta: { type: 'users', version: 6, count: 0 } }));
      expect(upload.status).toBe(202);
      expect(errorMessage(await wipe({ deleteCollectedGraphData: true }), 409))
        .toBe('the database cannot be cleared while ingest or analysis is running; try again once the datapipe is idle');
      await db.query('DELETE FROM ingest_jobs WHERE id = $1', [job]);
    });
  });

  describe('the traversal index never answers from the wiped graph', () => {
    const cypher = (query: string) => admin.post('/graphs/cypher', { query });

    it('search, Cypher, pathfinding and entity lists answer the empty graph after a wipe', async () => {
      await seed();
      const keeper = t.app.get(TraversalIndexKeeper);
      keeper.startBackground();
      await keeper.settled();
      const memory = () => t.app.get(IndexedSearch, { strict: false }).counts.memory;
      const path = () => admin.get('/graphs/shortest-path').query({ start_node: 'u1', end_node: 'c1', relationship_kinds: 'in:MemberOf,AdminTo' });

      const answered = memory();
      expect((await path()).status).toBe(200);
      expect(memory()).toBeGreaterThan(answered);
      expect(Object.keys((await cypher('MATCH (n:Group)-[:MemberOf*1..]-(m) RETURN n, m')).body.data.nodes)).toHaveLength(2);
      expect((await admin.get('/search').query({ q: 'U1' })).body.data).toHaveLength(1);
      expect((await admin.get('/groups/g1/members')).body.count).toBe(1);

      expect((await wipe({ deleteCollectedGraphData: true })).status).toBe(204);

      expect(errorMessage(await path(), 404)).not.toBe('');
      const after = await cypher('MATCH (n:Group)-[:MemberOf*1..]-(m) RETURN n, m');
      expect(after.status === 404 || Object.keys(after.body.data.nodes).length === 0).toBe(true);
      expect((await admin.get('/search').query({ q: 'U1' })).body.data).toEqual([]);
      expect(errorMessage(await admin.get('/groups/g1/members'), 404)).not.toBe('');
      await keeper.settled();
      expect(errorMessage(await path(), 404)).not.toBe('');
    });
  });
});
