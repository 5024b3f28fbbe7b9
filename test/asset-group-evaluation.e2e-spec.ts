import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { GraphStore, type GraphNode } from '@app/graph';
import { seedGraph, type GraphSpec } from '@app/graph/testing';
import { TIER_ZERO_RULES } from '@app/asset-groups/testing';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';
import { adminCaller, Caller, Roles, userSession } from './support/identity.js';

/**
 * Evaluation of tag selectors on PostgreSQL (POST /api/v2/asset-group-tags/evaluation): membership rows, tag kinds
 * and Tier Zero's admin_tier_0, removal of leavers, failure isolation under the result cap (GRAPH_RESULT_LIMIT=5),
 * and the seeded Tier Zero rules on a hand-built domain.
 */

const RESULT_LIMIT = 5;
const TIER_ZERO = 1;
const SID = 'S-1-5-21-7';
const NULL_STRING = { string: '', valid: false };

const DOMAIN = SID;
const ADMINISTRATOR = `${SID}-500`;
const DOMAIN_ADMINS = `${SID}-512`;
const ENTERPRISE_ADMINS = `${SID}-519`;
const DOMAIN_USERS = `${SID}-513`;
const IT_ADMINS = `${SID}-1200`;
const NESTED_USER = `${SID}-1201`;
const DA_USER = `${SID}-1202`;
const NESTED_PC = `${SID}-1203`;
const PLAIN_USER = `${SID}-1300`;
const OTHER_USER = `${SID}-1301`;
const PLAIN_PC = `${SID}-1400`;
const DNS_ADMINS = `${SID}-1101`;
const PRIVESC = `${SID}-1500`;
const ADMINSDHOLDER = 'B5F4A1C2-0000-4000-8000-000000000001';
const OU = 'B5F4A1C2-0000-4000-8000-000000000002';
const USERS_CONTAINER = 'B5F4A1C2-0000-4000-8000-000000000003';

const ad = (kind: string, name: string, extra: Record<string, unknown> = {}) => ({
  kinds: ['Base', kind], properties: { name, domainsid: SID, ...extra },
});

/** A domain with its Tier Zero principals and decoys, and a few nodes for a label and a zone. */
const GRAPH: GraphSpec = {
  nodes: [
    { objectid: DOMAIN, ...ad('Domain', 'CONTOSO.LOCAL', { distinguishedname: 'DC=CONTOSO,DC=LOCAL' }) },
    { objectid: ADMINISTRATOR, ...ad('User', 'ADMINISTRATOR@CONTOSO.LOCAL') },
    { objectid: DOMAIN_ADMINS, ...ad('Group', 'DOMAIN ADMINS@CONTOSO.LOCAL') },
    { objectid: ENTERPRISE_ADMINS, ...ad('Group', 'ENTERPRISE ADMINS@CONTOSO.LOCAL') },
    { objectid: IT_ADMINS, ...ad('Group', 'IT ADMINS@CONTOSO.LOCAL') },
    { objectid: NESTED_USER, ...ad('User', 'NESTED@CONTOSO.LOCAL') },
    { objectid: DA_USER, ...ad('User', 'DAUSER@CONTOSO.LOCAL') },
    { objectid: NESTED_PC, ...ad('Computer', 'ADMINPC.CONTOSO.LOCAL') },
    {
      objectid: ADMINSDHOLDER,
      ...ad('Container', 'ADMINSDHOLDER@CONTOSO.LOCAL', { distinguishedname: 'CN=AdminSDHolder,CN=System,DC=CONTOSO,DC=LOCAL' }),
    },
    // The OU above the Administrator: Tier Zero as a parent (the reference's zone expansion, agt.go).
    { objectid: OU, ...ad('OU', 'ADMINS OU@CONTOSO.LOCAL', { distinguishedname: 'OU=ADMINS,DC=CONTOSO,DC=LOCAL' }) },
    // Decoys: none of these is Tier Zero (the Users container holds no Tier Zero member).
    { objectid: DOMAIN_USERS, ...ad('Group', 'DOMAIN USERS@CONTOSO.LOCAL') },
    { objectid: PLAIN_USER, ...ad('User', 'PLAIN@CONTOSO.LOCAL') },
    { objectid: OTHER_USER, ...ad('User', 'OTHER@CONTOSO.LOCAL', { system_tags: 'admin_tier_0' }) },
    { objectid: PLAIN_PC, ...ad('Computer', 'WS.CONTOSO.LOCAL') },
    { objectid: USERS_CONTAINER, ...ad('Container', 'USERS@CONTOSO.LOCAL', { distinguishedname: 'CN=Users,DC=CONTOSO,DC=LOCAL' }) },
    { objectid: DNS_ADMINS, ...ad('Group', 'DNSADMINS@CONTOSO.LOCAL') },
    { objectid: PRIVESC, ...ad('Group', 'PRIVESC@CONTOSO.LOCAL') },
    // The label's and the zone's nodes.
    { objectid: 'L-GRP', ...ad('Group', 'APP OWNERS@CONTOSO.LOCAL') },
    { objectid: 'L-SUB', ...ad('Group', 'APP SUB@CONTOSO.LOCAL') },
    { objectid: 'L-U1', ...ad('User', 'LU1@CONTOSO.LOCAL') },
    { objectid: 'L-U2', ...ad('User', 'LU2@CONTOSO.LOCAL') },
    { objectid: 'L-SRV-1', ...ad('Computer', 'SRV1.CONTOSO.LOCAL') },
    { objectid: 'L-SRV-2', ...ad('Computer', 'SRV2.CONTOSO.LOCAL') },
  ],
  edges: [
    { from: IT_ADMINS, to: DOMAIN_ADMINS, kind: 'MemberOf' },
    { from: NESTED_USER, to: IT_ADMINS, kind: 'MemberOf' },
    { from: NESTED_PC, to: IT_ADMINS, kind: 'MemberOf' },
    { from: DA_USER, to: DOMAIN_ADMINS, kind: 'MemberOf' },
    { from: ADMINISTRATOR, to: DOMAIN_ADMINS, kind: 'MemberOf' },
    // Outbound membership and other edges into Tier Zero expand nothing.
    { from: ADMINISTRATOR, to: DOMAIN_USERS, kind: 'MemberOf' },
    { from: DA_USER, to: DOMAIN_USERS, kind: 'MemberOf' },
    { from: DOMAIN_ADMINS, to: PRIVESC, kind: 'MemberOf' },
    { from: PLAIN_USER, to: DOMAIN_USERS, kind: 'MemberOf' },
    { from: PLAIN_PC, to: DOMAIN_USERS, kind: 'MemberOf' },
    { from: OTHER_USER, to: DNS_ADMINS, kind: 'MemberOf' },
    { from: OTHER_USER, to: DOMAIN_ADMINS, kind: 'GenericAll' },
    { from: OU, to: ADMINISTRATOR, kind: 'Contains' },
    { from: DOMAIN, to: OU, kind: 'Contains' },
    { from: DOMAIN, to: USERS_CONTAINER, kind: 'Contains' },
    { from: 'L-SUB', to: 'L-GRP', kind: 'MemberOf' },
    { from: 'L-U1', to: 'L-GRP', kind: 'MemberOf' },
    { from: 'L-U2', to: 'L-SUB', kind: 'MemberOf' },
  ],
};

describe('asset group tag evaluation', () => {
  let t: TestApp;
  let sql: Client;
  let graph: GraphStore;
  let nodes: Map<string, GraphNode>;
  let admin: Caller;
  let labelId: number;
  let zoneId: number;
  let labelSelector: number;
  let zoneSelector: number;

  const evaluate = (body?: object) => admin.post('/asset-group-tags/evaluation', body);
  const id = (objectid: string) => nodes.get(objectid)!.id;
  /** objectids (sorted) of the nodes a Cypher query answers. */
  async function cypherObjectIds(query: string): Promise<string[]> {
    const res = await admin.post('/graphs/cypher', { query });
    if (res.status === 404) return [];
    expect(res.status).toBe(200);
    return Object.values(res.body.data.nodes as Record<string, { objectId: string }>).map((n) => n.objectId).sort();
  }
  /** objectids (sorted) of the stored nodes with the kind, and of those with the token in system_tags. */
  async function carrying(kind: string): Promise<string[]> {
    const all = await graph.nodesByObjectIds(GRAPH.nodes.map((n) => n.objectid));
    return all.filter((n) => n.kinds.includes(kind)).map((n) => String(n.properties.objectid)).sort();
  }
  async function tokened(token: string): Promise<string[]> {
    const all = await graph.nodesByObjectIds(GRAPH.nodes.map((n) => n.objectid));
    return all.filter((n) => String(n.properties.system_tags ?? '').split(' ').includes(token)).map((n) => String(n.properties.objectid)).sort();
  }
  async function memberRows(selectorId: number) {
    const { rows } = await sql.query(
      `SELECT node_id::text AS node_id, source, certified, certified_by, object_id, name, primary_kind, environment_id, environment_kind
       FROM asset_group_tag_selector_nodes WHERE selector_id = $1 ORDER BY object_id`,
      [selectorId],
    );
    return rows;
  }
  const row = (objectid: string, source: number, certified = 0) => ({
    node_id: id(objectid), source, certified, certified_by: certified === 3 ? 'SYSTEM' : null, object_id: objectid,
    name: GRAPH.nodes.find((n) => n.objectid === objectid)!.properties!.name, primary_kind: GRAPH.nodes.find((n) => n.objectid === objectid)!.kinds[1],
    environment_id: SID, environment_kind: 'Domain',
  });

  async function insertTag(name: string, type: number, position: number | null): Promise<number> {
    const { rows } = await sql.query(
      `WITH k AS (INSERT INTO kind (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id)
       INSERT INTO asset_group_tags (type, kind_id, name, position, created_by, updated_by)
       SELECT $2, k.id, $3, $4, 'SYSTEM', 'SYSTEM' FROM k RETURNING id`,
      [`Tag_${name.replaceAll(' ', '_')}`, type, name, position],
    );
    return Number(rows[0].id);
  }

  async function createSelector(tagId: number, body: object): Promise<number> {
    const res = await admin.post(`/asset-group-tags/${tagId}/selectors`, body);
    if (res.status !== 201) throw new Error(`create selector: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id as number;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { GRAPH_RESULT_LIMIT: String(RESULT_LIMIT) } });
    sql = new Client({ connectionString: t.databaseUrl });
    await sql.connect();
    graph = t.app.get(GraphStore);
    nodes = await seedGraph(graph, GRAPH);
    admin = await adminCaller(t);
    labelId = await insertTag('Crown Jewels', 2, null);
    zoneId = await insertTag('Tier One', 1, 2);
    labelSelector = await createSelector(labelId, { name: 'app owners', seeds: [{ type: 1, value: 'L-GRP' }] });
    zoneSelector = await createSelector(zoneId, {
      name: 'servers', auto_certify: 2, seeds: [{ type: 2, value: "MATCH (n:Computer) WHERE n.name STARTS WITH 'SRV' RETURN n" }],
    });
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  describe('a label with an objectid selector and a zone with a Cypher selector', () => {
    it('tags exactly the members and reports what changed', async () => {
      const res = await evaluate({ asset_group_tag_ids: [labelId, zoneId] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          tags: [{ id: labelId, members: 4, added: 4, removed: 0 }, { id: zoneId, members: 2, added: 2, removed: 0 }],
          selectors: [
            { id: labelSelector, asset_group_tag_id: labelId, error: NULL_STRING },
            { id: zoneSelector, asset_group_tag_id: zoneId, error: NULL_STRING },
          ],
        },
      });
      expect(await cypherObjectIds('MATCH (n:Tag_Crown_Jewels) RETURN n')).toEqual(['L-GRP', 'L-SUB', 'L-U1', 'L-U2']);
      expect(await cypherObjectIds('MATCH (n:Tag_Tier_One) RETURN n')).toEqual(['L-SRV-1', 'L-SRV-2']);
      expect(await tokened('admin_tier_0')).toEqual([OTHER_USER]);
    });

    it('writes the member rows: seeds and children, certified automatically where the selector says', async () => {
      expect(await memberRows(labelSelector)).toEqual([row('L-GRP', 1), row('L-SUB', 2), row('L-U1', 2), row('L-U2', 2)]);
      expect(await memberRows(zoneSelector)).toEqual([row('L-SRV-1', 1, 3), row('L-SRV-2', 1, 3)]);
    });

    it('records the evaluation on the selector', async () => {
      const res = await admin.get(`/asset-group-tags/${labelId}/selectors/${labelSelector}`);
      expect(res.body.data.selector).toMatchObject({ last_evaluated_at: { time: expect.any(String), valid: true }, last_error: NULL_STRING });
    });

    it('removes members that no longer match after a selector edit', async () => {
      const patched = await admin.patch(`/asset-group-tags/${labelId}/selectors/${labelSelector}`, { seeds: [{ type: 1, value: 'L-SUB' }] });
      expect(patched.status).toBe(200);
      const res = await evaluate({ asset_group_tag_ids: [labelId] });
      expect(res.body.data.tags).toEqual([{ id: labelId, members: 2, added: 0, removed: 2 }]);
      expect(await cypherObjectIds('MATCH (n:Tag_Crown_Jewels) RETURN n')).toEqual(['L-SUB', 'L-U2']);
      expect(await carrying('Tag_Crown_Jewels')).toEqual(['L-SUB', 'L-U2']);
      expect(await memberRows(labelSelector)).toEqual([row('L-SUB', 1), row('L-U2', 2)]);
    });

    it('records a failing selector\'s error, keeps its members, and applies the other selectors', async () => {
      const failing = await createSelector(labelId, {
        name: 'servers too', seeds: [{ type: 2, value: "MATCH (n:Computer) WHERE n.name STARTS WITH 'SRV' RETURN n" }],
      });
      await evaluate({ asset_group_tag_ids: [labelId] });
      await admin.patch(`/asset-group-tags/${labelId}/selectors/${failing}`, { seeds: [{ type: 2, value: 'MATCH (n:User) RETURN n' }] });
      await admin.patch(`/asset-group-tags/${labelId}/selectors/${labelSelector}`, { seeds: [{ type: 1, value: 'L-U1' }] });

      const res = await evaluate({ asset_group_tag_ids: [labelId] });
      expect(res.status).toBe(200);
      const cap = `query result exceeds the limit of ${RESULT_LIMIT} graph elements; add a LIMIT`;
      expect(res.body.data).toEqual({
        tags: [{ id: labelId, members: 3, added: 1, removed: 2 }],
        selectors: [
          { id: labelSelector, asset_group_tag_id: labelId, error: NULL_STRING },
          { id: failing, asset_group_tag_id: labelId, error: { string: cap, valid: true } },
        ],
      });
      expect(await carrying('Tag_Crown_Jewels')).toEqual(['L-SRV-1', 'L-SRV-2', 'L-U1']);
      expect(await memberRows(failing)).toEqual([row('L-SRV-1', 1), row('L-SRV-2', 1)]);
      const shown = await admin.get(`/asset-group-tags/${labelId}/selectors/${failing}`);
      expect(shown.body.data.selector.last_error).toEqual({ string: cap, valid: true });
    });

    it('drops a disabled selector\'s members', async () => {
      const list = await admin.get(`/asset-group-tags/${labelId}/selectors?name=eq:servers%20too`);
      const failing = list.body.data.selectors[0].id as number;
      await admin.patch(`/asset-group-tags/${labelId}/selectors/${failing}`, { disabled: true });
      const res = await evaluate({ asset_group_tag_ids: [labelId] });
      expect(res.body.data.selectors).toEqual([{ id: labelSelector, asset_group_tag_id: labelId, error: NULL_STRING }]);
      expect(await carrying('Tag_Crown_Jewels')).toEqual(['L-U1']);
      expect(await memberRows(failing)).toEqual([]);
    });
  });

  describe('the seeded Tier Zero selectors', () => {
    const TIER_ZERO_MEMBERS = [
      DOMAIN, ADMINISTRATOR, DOMAIN_ADMINS, ENTERPRISE_ADMINS, IT_ADMINS, NESTED_USER, DA_USER, NESTED_PC, ADMINSDHOLDER, OU,
    ].sort();

    it('tag the Administrator, Domain Admins and its nested members, Enterprise Admins, the domain, AdminSDHolder and the OU above the Administrator, and nothing else', async () => {
      const res = await evaluate({ asset_group_tag_ids: [TIER_ZERO] });
      expect(res.status).toBe(200);
      expect(res.body.data.tags).toEqual([{ id: TIER_ZERO, members: TIER_ZERO_MEMBERS.length, added: TIER_ZERO_MEMBERS.length, removed: 0 }]);
      expect(res.body.data.selectors).toHaveLength(TIER_ZERO_RULES.filter((rule) => rule.enabled).length);
      expect(res.body.data.selectors.every((s: { error: unknown }) => JSON.stringify(s.error) === JSON.stringify(NULL_STRING))).toBe(true);
      expect(await carrying('Tag_Tier_Zero')).toEqual(TIER_ZERO_MEMBERS);
      // OTHER_USER's admin_tier_0 came from elsewhere (it never carried the kind): the tag does not take it away.
      expect(await tokened('admin_tier_0')).toEqual([...TIER_ZERO_MEMBERS, OTHER_USER].sort());
    });

    it('remove both marks from a user who left Domain Admins', async () => {
      await graph.deleteEdges([{ startId: id(DA_USER), endId: id(DOMAIN_ADMINS), kind: 'MemberOf' }]);
      const res = await evaluate({ asset_group_tag_ids: [TIER_ZERO] });
      expect(res.body.data.tags).toEqual([{ id: TIER_ZERO, members: TIER_ZERO_MEMBERS.length - 1, added: 0, removed: 1 }]);
      const remaining = TIER_ZERO_MEMBERS.filter((objectid) => objectid !== DA_USER);
      expect(await carrying('Tag_Tier_Zero')).toEqual(remaining);
      expect(await tokened('admin_tier_0')).toEqual([...remaining, OTHER_USER].sort());
    });
  });

  describe('POST /asset-group-tags/evaluation', () => {
    it('evaluates every tag without a body', async () => {
      const res = await evaluate();
      expect(res.status).toBe(200);
      expect(res.body.data.tags.map((tag: { id: number }) => tag.id)).toEqual([1, 2, labelId, zoneId]);
    });

    it('answers 404 for an unknown tag and 400 for ids that are not integers', async () => {
      expect(errorMessage(await evaluate({ asset_group_tag_ids: [labelId, 9999] }), 404)).toBe('resource not found');
      expect(errorMessage(await evaluate({ asset_group_tag_ids: ['x'] }), 400)).toBe('each value in asset_group_tag_ids must be an integer number');
    });

    it('answers 200 to 12 concurrent evaluations from several users, and keeps answering other requests', async () => {
      const others = await Promise.all([0, 1].map(async () => (await userSession(t, admin, Roles.Administrator)).caller));
      const callers = [admin, ...others];
      // Four per user: GRAPH_CONCURRENCY_PER_USER; twelve waiters, more than the pool's ten connections.
      const evaluations = Array.from({ length: 12 }, (_, i) => callers[i % callers.length].post('/asset-group-tags/evaluation', {}));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const read = await others[0].get(`/asset-group-tags/${labelId}`);
      expect(read.status).toBe(200);
      expect(read.body.data.tag).toMatchObject({ id: labelId, name: 'Crown Jewels' });

      const answers = await Promise.all(evaluations);
      expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
      for (const res of answers) expect(res.body.data.tags.map((tag: { id: number }) => tag.id)).toEqual([1, 2, labelId, zoneId]);
    });

    it('answers 403 for a caller without graphdb:Write and 401 without credentials', async () => {
      const { caller } = await userSession(t, admin, Roles.ReadOnly);
      expect(errorMessage(await caller.post('/asset-group-tags/evaluation', {}), 403)).toBe('not authorized');
      expect(errorMessage(await new Caller(t).post('/asset-group-tags/evaluation', {}), 401)).toBe('not authenticated');
    });
  });
});
