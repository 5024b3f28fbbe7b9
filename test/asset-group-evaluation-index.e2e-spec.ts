import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { GraphStore, GraphWalks, TraversalIndexKeeper, type GraphNode } from '@app/graph';
import { PgGraphWalks, seedGraph, type GraphSpec } from '@app/graph/testing';
import { createTestApp, type TestApp } from './support/test-app.js';
import { adminCaller, type Caller } from './support/identity.js';

/**
 * Tag evaluation on PostgreSQL with the in-memory traversal index built, as the server runs: group expansion walks
 * the index (nesting cycles included) and follows graph changes (the index catches up inside the walk's read);
 * an evaluation that finds nothing changed writes nothing (no member row, node or tag kind rewritten); a changed
 * member detail or membership rewrites only what changed.
 */

const SID = 'S-1-5-21-9';
const user = (n: number) => `${SID}-${2000 + n}`;
const group = (n: number) => `${SID}-${1000 + n}`;
const ad = (kind: string, name: string) => ({ kinds: ['Base', kind], properties: { name, domainsid: SID } });

/** Groups 1 -> 2 -> 3 -> 1 nested in a cycle, group 4 in 3, two users in each; group 9 and its one user outside. */
const GRAPH: GraphSpec = {
  nodes: [
    ...[1, 2, 3, 4, 9].map((g) => ({ objectid: group(g), ...ad('Group', `GROUP${g}@CORP.LOCAL`) })),
    ...[11, 12, 21, 22, 31, 32, 41, 42, 91].map((u) => ({ objectid: user(u), ...ad('User', `USER${u}@CORP.LOCAL`) })),
  ],
  edges: [
    { from: group(2), to: group(1), kind: 'MemberOf' },
    { from: group(3), to: group(2), kind: 'MemberOf' },
    { from: group(1), to: group(3), kind: 'MemberOf' },
    { from: group(4), to: group(3), kind: 'MemberOf' },
    ...[1, 2, 3, 4].flatMap((g) => [1, 2].map((i) => ({ from: user(g * 10 + i), to: group(g), kind: 'MemberOf' }))),
    { from: user(91), to: group(9), kind: 'MemberOf' },
    // Not membership: expands nothing.
    { from: user(91), to: group(1), kind: 'GenericAll' },
  ],
};

describe('asset group tag evaluation over the traversal index', () => {
  let t: TestApp;
  let sql: Client;
  let graph: GraphStore;
  let walks: PgGraphWalks;
  let nodes: Map<string, GraphNode>;
  let admin: Caller;
  let tagId: number;
  let selectorId: number;

  const evaluate = () => admin.post('/asset-group-tags/evaluation', { asset_group_tag_ids: [tagId] });
  /** The selector's rows by objectid: name and the row version (xmin changes when a row is rewritten). */
  async function rows(): Promise<Record<string, { name: string; version: string }>> {
    const { rows: found } = await sql.query(
      'SELECT object_id, name, xmin::text AS version FROM asset_group_tag_selector_nodes WHERE selector_id = $1', [selectorId],
    );
    return Object.fromEntries(found.map((r) => [r.object_id, { name: r.name, version: r.version }]));
  }
  /** Row versions of the graph's nodes by objectid (a kind written rewrites the node). */
  async function nodeVersions(): Promise<Record<string, string>> {
    const { rows: found } = await sql.query(`SELECT properties ->> 'objectid' AS objectid, xmin::text AS version FROM node`);
    return Object.fromEntries(found.map((r) => [r.objectid, r.version]));
  }
  async function carrying(): Promise<string[]> {
    const { rows: found } = await sql.query(
      `SELECT n.properties ->> 'objectid' AS objectid FROM node n JOIN kind k ON k.id = ANY(n.kind_ids)
       WHERE k.name = 'Tag_Jewels' ORDER BY 1`,
    );
    return found.map((r) => r.objectid);
  }

  beforeAll(async () => {
    t = await createTestApp();
    sql = new Client({ connectionString: t.databaseUrl });
    await sql.connect();
    graph = t.app.get(GraphStore);
    walks = t.app.get(GraphWalks) as PgGraphWalks;
    nodes = await seedGraph(graph, GRAPH);
    admin = await adminCaller(t);
    const keeper = t.app.get(TraversalIndexKeeper);
    keeper.startBackground();
    await keeper.settled();
    expect(keeper.ready).toBe(true);
    const created = await admin.post('/asset-group-tags', { name: 'Jewels', type: 2 });
    expect(created.status).toBe(201);
    tagId = created.body.data.id;
    const selector = await admin.post(`/asset-group-tags/${tagId}/selectors`, { name: 'group 1', seeds: [{ type: 1, value: group(1) }] });
    expect(selector.status).toBe(201);
    selectorId = selector.body.data.id;
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  const cycle = [1, 2, 3, 4].flatMap((g) => [group(g), user(g * 10 + 1), user(g * 10 + 2)]).sort();

  it('expands through the nesting cycle from the index, to the transitive members only', async () => {
    const before = { ...walks.counts };
    const res = await evaluate();
    expect(res.status).toBe(200);
    expect(res.body.data.tags).toEqual([{ id: tagId, members: 12, added: 12, removed: 0 }]);
    expect(await carrying()).toEqual(cycle);
    expect(Object.keys(await rows()).sort()).toEqual(cycle);
    expect(walks.counts.memory).toBeGreaterThan(before.memory);
    expect(walks.counts.sql).toBe(before.sql);
  });

  it('writes nothing when evaluated again with nothing changed', async () => {
    const [rowsBefore, nodesBefore] = [await rows(), await nodeVersions()];
    const res = await evaluate();
    expect(res.body.data.tags).toEqual([{ id: tagId, members: 12, added: 0, removed: 0 }]);
    expect(await rows()).toEqual(rowsBefore);
    expect(await nodeVersions()).toEqual(nodesBefore);
    const { rows: [selector] } = await sql.query(
      'SELECT last_evaluated_at > now() - interval \'1 minute\' AS recent, last_error FROM asset_group_tag_selectors WHERE id = $1', [selectorId],
    );
    expect(selector).toEqual({ recent: true, last_error: null });
  });

  it('rewrites only the row of a member whose name changed, and no node', async () => {
    const [rowsBefore, nodesBefore] = [await rows(), await nodeVersions()];
    await graph.upsertNodes([{ objectid: user(41), kinds: [], properties: { name: 'RENAMED@CORP.LOCAL', title: 'new' } }]);
    const renamedNode = (await nodeVersions())[user(41)];
    await evaluate();
    const after = await rows();
    expect(after[user(41)].name).toBe('RENAMED@CORP.LOCAL');
    expect(after[user(41)].version).not.toBe(rowsBefore[user(41)].version);
    for (const objectid of cycle.filter((o) => o !== user(41))) expect(after[objectid]).toEqual(rowsBefore[objectid]);
    expect(await nodeVersions()).toEqual({ ...nodesBefore, [user(41)]: renamedNode });
  });

  it('follows a membership change: a group joining the cycle brings its members, and leaving takes them away', async () => {
    const before = { ...walks.counts };
    await graph.upsertEdges([{ startObjectId: group(9), endObjectId: group(4), kind: 'MemberOf', properties: {} }]);
    const joined = await evaluate();
    expect(joined.body.data.tags).toEqual([{ id: tagId, members: 14, added: 2, removed: 0 }]);
    expect(await carrying()).toEqual([...cycle, group(9), user(91)].sort());
    await graph.deleteEdges([{ startId: nodes.get(group(9))!.id, endId: nodes.get(group(4))!.id, kind: 'MemberOf' }]);
    const left = await evaluate();
    expect(left.body.data.tags).toEqual([{ id: tagId, members: 12, added: 0, removed: 2 }]);
    expect(await carrying()).toEqual(cycle);
    expect(walks.counts.sql).toBe(before.sql);
  });
});
