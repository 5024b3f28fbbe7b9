import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { PostProcessing } from '@app/analysis';
import { GraphStore, type BatchEdge, type NodeUpsert } from '@app/graph';
import { PgGraphChanges, PgKindRegistry } from '@app/graph/testing';
import { Database } from '@app/platform';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The graph version and change log (issue 15, migration GraphChangeLog1732240000320): every writer of `node` and
 * `edge` commits as exactly one new version and logs what it changed, and PgGraphChanges resolves the log.
 */
let t: TestApp;
let database: Database;
let store: GraphStore;
let changes: PgGraphChanges;
let kinds: PgKindRegistry;
let initial: unknown;

const T1 = '2026-01-01T00:00:00.000Z';
const node = (objectid: string, kindNames: string[] = ['Base', 'User'], properties: Record<string, unknown> = {}): NodeUpsert =>
  ({ objectid, kinds: kindNames, properties });
const batchEdge = (start: string, end: string, kind = 'MemberOf', stubKinds: string[] = []): BatchEdge =>
  ({ start: { objectid: start, kinds: [] }, end: { objectid: end, kinds: stubKinds }, kind, properties: {} });

interface Logged {
  version: number;
  op: string;
  ids: number[] | null;
  starts: number[] | null;
  ends: number[] | null;
}

/** The log of the versions after `after`, in version and insertion order. */
async function logAfter(after: number): Promise<Logged[]> {
  const rows = await database.query<{ version: string; op: string; ids: string[] | null; starts: string[] | null; ends: string[] | null }>(
    `SELECT c.version, g.op, g.ids, g.starts, g.ends FROM graph_commit c JOIN graph_change g ON g.txid = c.txid
     WHERE c.version > $1 ORDER BY c.version, g.id`,
    [after],
  );
  const numbers = (values: string[] | null) => values && values.map(Number).sort((a, b) => a - b);
  return rows.map((r) => ({ version: Number(r.version), op: r.op, ids: numbers(r.ids), starts: r.starts && r.starts.map(Number), ends: r.ends && r.ends.map(Number) }));
}

const version = () => changes.currentVersion();
const ids = async (...objectids: string[]) =>
  (await store.nodesByObjectIds(objectids)).map((n) => Number(n.id)).sort((a, b) => a - b);
const idOf = async (objectid: string) => Number((await store.nodeByObjectId(objectid))!.id);
const edgeId = async (from: string, to: string, kind = 'MemberOf') =>
  Number((await store.edgeBetween(String(await idOf(from)), String(await idOf(to)), kind))!.id);
const kindId = async (name: string) => (await kinds.idsFor([name], { create: true })).get(name)!;
const sortedNumbers = (values: number[]) => [...values].sort((a, b) => a - b);

/** Runs `work` and expects it to commit as exactly one version; resolves to that version's log. */
async function oneVersion(work: () => Promise<unknown>): Promise<Logged[]> {
  const before = await version();
  await work();
  expect(await version()).toBe(before + 1);
  const logged = await logAfter(before);
  expect(new Set(logged.map((l) => l.version))).toEqual(new Set([before + 1]));
  return logged;
}

const ops = (logged: Logged[]) => logged.map((l) => ({ op: l.op, ids: l.ids }));

beforeAll(async () => {
  t = await createTestApp();
  database = t.app.get(Database);
  store = t.app.get(GraphStore);
  changes = t.app.get(PgGraphChanges);
  kinds = t.app.get(PgKindRegistry);
  initial = await database.query('SELECT * FROM graph_version');
});
afterAll(async () => t.close());

beforeEach(async () => {
  await store.clear();
  await database.query('DELETE FROM graph_index_reader');
});

describe('the graph version and change log', () => {
  it('starts at version 0 with nothing pruned', async () => {
    expect(initial).toEqual([{ id: 1, version: '0', pruned_through: '0' }]);
  });

  it('writeBatch (ingest) commits one version logging its nodes, stubs and edges; a batch that changes nothing logs nothing', async () => {
    const batch = { nodes: [node('U1'), node('U2')], edges: [batchEdge('U1', 'G', 'MemberOf', ['Base', 'Group']), batchEdge('U2', 'G')], seenAt: T1 };
    const logged = await oneVersion(() => store.writeBatch(batch));
    expect(ops(logged)).toEqual([
      { op: 'node+', ids: await ids('U1', 'U2', 'G') },
      { op: 'edge+', ids: sortedNumbers([await edgeId('U1', 'G'), await edgeId('U2', 'G')]) },
    ]);
    const before = await version();
    await store.writeBatch(batch);
    expect(await version()).toBe(before);
    expect(await logAfter(before)).toEqual([]);
  });

  it('writeBatch logs a kind change of a stored node (properties-only updates are not logged)', async () => {
    await store.writeBatch({ nodes: [node('U1'), node('U2')], edges: [], seenAt: T1 });
    const logged = await oneVersion(() => store.writeBatch({
      nodes: [node('U1', ['Base', 'User', 'Tag_Owned']), node('U2', ['Base', 'User'], { name: 'RENAMED' })],
      edges: [],
      seenAt: '2026-02-01T00:00:00.000Z',
    }));
    expect(ops(logged)).toEqual([{ op: 'node~', ids: await ids('U1') }]);
  });

  it('upsertNodes and upsertEdges each commit one version logging what they created', async () => {
    expect(ops(await oneVersion(() => store.upsertNodes([node('A'), node('B')])))).toEqual([{ op: 'node+', ids: await ids('A', 'B') }]);
    const logged = await oneVersion(() => store.upsertEdges([
      { startObjectId: 'A', endObjectId: 'B', kind: 'MemberOf', properties: {} },
      { startObjectId: 'B', endObjectId: 'A', kind: 'AdminTo', properties: {} },
    ]));
    expect(ops(logged)).toEqual([{ op: 'edge+', ids: sortedNumbers([await edgeId('A', 'B'), await edgeId('B', 'A', 'AdminTo')]) }]);
  });

  it('deleteEdges logs the edges with their endpoints', async () => {
    await store.upsertNodes([node('A'), node('B')]);
    await store.upsertEdges([{ startObjectId: 'A', endObjectId: 'B', kind: 'MemberOf', properties: {} }]);
    const [a, b, e] = [await idOf('A'), await idOf('B'), await edgeId('A', 'B')];
    const logged = await oneVersion(() => store.deleteEdges([{ startId: String(a), endId: String(b), kind: 'MemberOf' }]));
    expect(logged).toEqual([{ version: logged[0].version, op: 'edge-', ids: [e], starts: [a], ends: [b] }]);
  });

  it('deleteNodes logs the nodes and, through the foreign key cascade, their edges with their endpoints', async () => {
    await store.upsertNodes([node('A'), node('B'), node('C')]);
    await store.upsertEdges([
      { startObjectId: 'A', endObjectId: 'B', kind: 'MemberOf', properties: {} },
      { startObjectId: 'C', endObjectId: 'A', kind: 'AdminTo', properties: {} },
      { startObjectId: 'B', endObjectId: 'C', kind: 'MemberOf', properties: {} },
    ]);
    const [a, b, c] = [await idOf('A'), await idOf('B'), await idOf('C')];
    const [ab, ca] = [await edgeId('A', 'B'), await edgeId('C', 'A', 'AdminTo')];
    const logged = await oneVersion(() => store.deleteNodes(['A']));
    expect(logged.map((l) => l.op).sort()).toEqual(['edge-', 'node-']);
    expect(logged.find((l) => l.op === 'node-')!.ids).toEqual([a]);
    const cascaded = logged.find((l) => l.op === 'edge-')!;
    const triples = cascaded.ids!.map((_, i) => [cascaded.ids![i], cascaded.starts![i], cascaded.ends![i]]);
    expect(triples.sort((x, y) => x[0] - y[0])).toEqual([[ab, a, b], [ca, c, a]].sort((x, y) => x[0] - y[0]));
  });

  it('updateNodeKinds logs each node whose kinds changed, in one version', async () => {
    await store.upsertNodes([node('A'), node('B'), node('C', ['Base', 'User', 'Tag_Owned'])]);
    const targets = await ids('A', 'B', 'C');
    const logged = await oneVersion(() => store.updateNodeKinds(targets.map(String), ['Tag_Owned'], []));
    expect(logged.every((l) => l.op === 'node~')).toBe(true);
    expect(sortedNumbers(logged.flatMap((l) => l.ids!))).toEqual(await ids('A', 'B'));
  });

  it('replaceKindMembers (tag kinds) logs the members gained and lost, in one version', async () => {
    await store.upsertNodes([node('A', ['Base', 'User', 'Tag_Tier_Zero']), node('B'), node('C')]);
    const members = await ids('B', 'C');
    const logged = await oneVersion(() => store.replaceKindMembers('Tag_Tier_Zero', members.map(String), 'admin_tier_0'));
    expect(logged.every((l) => l.op === 'node~')).toBe(true);
    expect(sortedNumbers(logged.flatMap((l) => l.ids!))).toEqual(await ids('A', 'B', 'C'));
  });

  it('clear (TRUNCATE) commits one version logging a reset', async () => {
    await store.upsertNodes([node('A')]);
    expect(ops(await oneVersion(() => store.clear()))).toEqual([{ op: 'reset', ids: null }, { op: 'reset', ids: null }]);
  });

  it('several writers in one transaction commit as one version', async () => {
    const logged = await oneVersion(() => database.transaction(async () => {
      await store.upsertNodes([node('A'), node('B')]);
      await store.upsertEdges([{ startObjectId: 'A', endObjectId: 'B', kind: 'MemberOf', properties: {} }]);
      await store.deleteNodes(['B']);
    }));
    expect(logged.map((l) => l.op).sort()).toEqual(['edge+', 'edge-', 'node+', 'node-']);
  });

  it('analysis (post-processing SQL) commits one version: its derived edges deleted and recreated', async () => {
    const D = 'S-1-5-21-1';
    await store.upsertNodes([
      node(D, ['Base', 'Domain'], { name: 'TEST.LOCAL', domainsid: D, collected: true }),
      node(`${D}-1100`, ['Base', 'Group'], { name: 'G@TEST.LOCAL', domainsid: D }),
    ]);
    await store.upsertEdges([
      { startObjectId: `${D}-1100`, endObjectId: D, kind: 'GetChanges', properties: {} },
      { startObjectId: `${D}-1100`, endObjectId: D, kind: 'GetChangesAll', properties: {} },
    ]);
    const analysis = t.app.get(PostProcessing);
    const first = await oneVersion(() => analysis.run());
    const dcSync = await edgeId(`${D}-1100`, D, 'DCSync');
    expect(first.filter((l) => l.op === 'edge+').flatMap((l) => l.ids)).toContain(dcSync);
    const second = await oneVersion(() => analysis.run());
    const recreated = await edgeId(`${D}-1100`, D, 'DCSync');
    expect(recreated).not.toBe(dcSync);
    expect(second.filter((l) => l.op === 'edge-').flatMap((l) => l.ids)).toContain(dcSync);
    expect(second.filter((l) => l.op === 'edge+').flatMap((l) => l.ids)).toContain(recreated);
  });

  it('a rolled-back transaction leaves neither a change nor a version', async () => {
    await store.upsertNodes([node('A')]);
    const before = await version();
    const [{ n: logged }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM graph_change');
    await expect(database.transaction(async () => {
      await store.upsertNodes([node('B')]);
      await store.deleteNodes(['A']);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await version()).toBe(before);
    expect(await database.query('SELECT count(*)::int AS n FROM graph_change')).toEqual([{ n: logged }]);
    expect(await ids('A', 'B')).toEqual(await ids('A'));
  });
});

describe('PgGraphChanges.since', () => {
  it('resolves a run to current rows: created, kind-changed, deleted with cascades, created and deleted within it', async () => {
    const before = await version();
    await store.upsertNodes([node('A'), node('B'), node('C'), node('D')]);
    await store.upsertEdges(['A>B', 'B>C', 'C>D'].map((pair) =>
      ({ startObjectId: pair[0], endObjectId: pair[2], kind: 'MemberOf', properties: {} })));
    const [a, b, c, d] = await ids('A', 'B', 'C', 'D');
    const [ab, bc, cd] = [await edgeId('A', 'B'), await edgeId('B', 'C'), await edgeId('C', 'D')];
    await store.updateNodeKinds([String(b)], ['Tag_Owned'], []);
    await store.deleteNodes(['D']);
    await store.upsertNodes([node('E')]);
    await store.upsertEdges([{ startObjectId: 'A', endObjectId: 'E', kind: 'AdminTo', properties: {} }]);
    const [e, ae] = [await idOf('E'), await edgeId('A', 'E', 'AdminTo')];
    await store.deleteNodes(['E']);
    await store.deleteEdges([{ startId: String(a), endId: String(b), kind: 'MemberOf' }]);

    const run = await changes.since(before, 1000);
    const [base, user, owned, memberOf] = [await kindId('Base'), await kindId('User'), await kindId('Tag_Owned'), await kindId('MemberOf')];
    expect(run).toMatchObject({ version: await version(), pruned: false, tooMany: false });
    const byId = <T extends { id: number }>(items: T[]) => [...items].sort((x, y) => x.id - y.id);
    expect(run.changes.reset).toBe(false);
    expect(byId(run.changes.upsertedNodes)).toEqual([
      { id: a, kinds: sortedNumbers([base, user]) },
      { id: b, kinds: sortedNumbers([base, user, owned]) },
      { id: c, kinds: sortedNumbers([base, user]) },
    ]);
    expect(run.changes.addedEdges).toEqual([{ id: bc, start: b, end: c, kind: memberOf }]);
    expect(sortedNumbers(run.changes.deletedNodes)).toEqual([d, e]);
    expect(byId(run.changes.deletedEdges)).toEqual(byId([
      { id: ab, start: a, end: b }, { id: cd, start: c, end: d }, { id: ae, start: a, end: e },
    ]));
  });

  it('reads only the versions after the one given, and nothing at the current version', async () => {
    await store.upsertNodes([node('A')]);
    const middle = await version();
    await store.upsertNodes([node('B')]);
    const run = await changes.since(middle, 1000);
    expect(run.version).toBe(middle + 1);
    expect(run.changes.upsertedNodes.map((n) => n.id)).toEqual(await ids('B'));
    expect(await changes.since(middle + 1, 1000)).toEqual({
      version: middle + 1, pruned: false, tooMany: false,
      changes: { reset: false, upsertedNodes: [], deletedNodes: [], addedEdges: [], deletedEdges: [] },
    });
  });

  it('reports a reset after TRUNCATE, and resolves nothing else', async () => {
    await store.upsertNodes([node('A')]);
    const before = await version();
    await store.upsertNodes([node('B')]);
    await store.clear();
    const run = await changes.since(before, 1000);
    expect(run).toEqual({
      version: before + 2, pruned: false, tooMany: false,
      changes: { reset: true, upsertedNodes: [], deletedNodes: [], addedEdges: [], deletedEdges: [] },
    });
  });

  it('says tooMany when more ids are pending than maxIds', async () => {
    const before = await version();
    await store.upsertNodes(['A', 'B', 'C', 'D', 'E'].map((id) => node(id)));
    const over = await changes.since(before, 4);
    expect(over).toMatchObject({ version: before + 1, pruned: false, tooMany: true });
    expect(over.changes.upsertedNodes).toEqual([]);
    const within = await changes.since(before, 5);
    expect(within.tooMany).toBe(false);
    expect(within.changes.upsertedNodes.map((n) => n.id).sort((x, y) => x - y)).toEqual(await ids('A', 'B', 'C', 'D', 'E'));
  });
});

describe('PgGraphChanges.report and prune', () => {
  const prunedThrough = async () =>
    Number((await database.query<{ p: string }>('SELECT pruned_through AS p FROM graph_version'))[0].p);
  const loggedThrough = async (through: number) => (await database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM graph_change g JOIN graph_commit c ON c.txid = g.txid WHERE c.version <= $1', [through]))[0].n;

  it('prunes through the lowest live reader, ignores readers not seen lately, and says pruned to readers behind it', async () => {
    const v1 = (await store.upsertNodes([node('A')]), await version());
    const v2 = (await store.upsertNodes([node('B')]), await version());
    await store.upsertNodes([node('C')]);
    await changes.report('instance-a', v1);
    await changes.report('instance-b', v2);
    await changes.report('instance-gone', v1 - 1);
    await database.query(`UPDATE graph_index_reader SET seen_at = now() - interval '1 hour' WHERE instance = 'instance-gone'`);
    const doomed = await loggedThrough(v1);

    expect(await changes.prune(600_000)).toBe(doomed);
    expect(await prunedThrough()).toBe(v1);
    expect(await loggedThrough(v1)).toBe(0);
    expect((await logAfter(v1)).map((l) => l.version)).toEqual([v1 + 1, v1 + 2]);
    expect(await changes.since(v1 - 1, 1000)).toMatchObject({ pruned: true });
    const caughtUp = await changes.since(v1, 1000);
    expect(caughtUp.pruned).toBe(false);
    expect(caughtUp.changes.upsertedNodes.map((n) => n.id).sort((x, y) => x - y)).toEqual(await ids('B', 'C'));
  });

  it('prunes everything through the current version when no reader is live, and never moves pruned_through back', async () => {
    await store.upsertNodes([node('A')]);
    await changes.report('instance-a', 1);
    await database.query(`UPDATE graph_index_reader SET seen_at = now() - interval '1 hour'`);
    await changes.prune(60_000);
    const current = await version();
    expect(await prunedThrough()).toBe(current);
    expect(await logAfter(0)).toEqual([]);
    await changes.report('instance-a', 1);
    expect(await changes.prune()).toBe(0);
    expect(await prunedThrough()).toBe(current);
  });

  it('report upserts the instance\'s version', async () => {
    await changes.report('instance-a', 3);
    await changes.report('instance-a', 5);
    expect(await database.query('SELECT instance, version FROM graph_index_reader')).toEqual([{ instance: 'instance-a', version: '5' }]);
  });
});

describe('parallel writers', () => {
  let first: Client;
  let second: Client;
  const insertNode = (client: Client, objectid: string) =>
    client.query(`INSERT INTO node (kind_ids, properties) VALUES ('{}', jsonb_build_object('objectid', $1::text))`, [objectid]);

  beforeEach(async () => {
    [first, second] = [new Client({ connectionString: t.databaseUrl }), new Client({ connectionString: t.databaseUrl })];
    await Promise.all([first.connect(), second.connect()]);
  });
  afterEach(async () => {
    await Promise.all([first.end(), second.end()]);
  });

  it('the second writer commits while the first holds its transaction open (the version is locked only at commit)', async () => {
    const before = await version();
    await first.query('BEGIN');
    await insertNode(first, 'FIRST');
    await second.query('BEGIN');
    await insertNode(second, 'SECOND');
    await second.query('COMMIT');
    expect(await version()).toBe(before + 1);
    await first.query('COMMIT');
    expect(await version()).toBe(before + 2);
    expect(ops(await logAfter(before))).toEqual([{ op: 'node+', ids: await ids('SECOND') }, { op: 'node+', ids: await ids('FIRST') }]);
  });

  it('two writers committing at once get consecutive versions', async () => {
    const before = await version();
    await Promise.all([first.query('BEGIN'), second.query('BEGIN')]);
    await Promise.all([insertNode(first, 'FIRST'), insertNode(second, 'SECOND')]);
    await Promise.all([first.query('COMMIT'), second.query('COMMIT')]);
    expect(await version()).toBe(before + 2);
    const logged = await logAfter(before);
    expect(logged.map((l) => l.version)).toEqual([before + 1, before + 2]);
    expect(sortedNumbers(logged.flatMap((l) => l.ids!))).toEqual(await ids('FIRST', 'SECOND'));
  });
});
