import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { GraphStore } from '@app/graph';
import { seedGraph } from '@app/graph/testing';
import { adminCaller, Caller, Roles, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const EAST = 'S-1-5-21-100';
const WEST = 'S-1-5-21-200';

/** The graph: four members in EAST, one in WEST, one node no selector selects. */
const GRAPH = {
  nodes: [
    { objectid: `${EAST}-1101`, kinds: ['Base', 'User'], properties: { name: 'ALICE@EAST.LOCAL', domainsid: EAST, enabled: true } },
    { objectid: `${EAST}-1102`, kinds: ['Base', 'User'], properties: { name: 'BOB@EAST.LOCAL', domainsid: EAST } },
    { objectid: `${EAST}-512`, kinds: ['Base', 'Group'], properties: { name: 'DOMAIN ADMINS@EAST.LOCAL', domainsid: EAST } },
    { objectid: `${EAST}-2001`, kinds: ['Base', 'Computer'], properties: { name: 'WS01.EAST.LOCAL', domainsid: EAST } },
    { objectid: `${WEST}-1101`, kinds: ['Base', 'User'], properties: { name: 'CAROL@WEST.LOCAL', domainsid: WEST } },
    { objectid: `${WEST}-1102`, kinds: ['Base', 'User'], properties: { name: 'NOBODY@WEST.LOCAL', domainsid: WEST } },
  ],
  edges: [],
};

/** Node label -> its graph facts, as evaluation would write them into the membership rows. */
const NODES: Record<string, { objectid: string; name: string; kind: string; env: string }> = {
  alice: { objectid: `${EAST}-1101`, name: 'ALICE@EAST.LOCAL', kind: 'User', env: EAST },
  bob: { objectid: `${EAST}-1102`, name: 'BOB@EAST.LOCAL', kind: 'User', env: EAST },
  admins: { objectid: `${EAST}-512`, name: 'DOMAIN ADMINS@EAST.LOCAL', kind: 'Group', env: EAST },
  ws01: { objectid: `${EAST}-2001`, name: 'WS01.EAST.LOCAL', kind: 'Computer', env: EAST },
  carol: { objectid: `${WEST}-1101`, name: 'CAROL@WEST.LOCAL', kind: 'User', env: WEST },
};

describe('asset group tag members', () => {
  let t: TestApp;
  let db: Client;
  let admin: Caller;
  let noRole: Caller;
  /** label -> graph node id */
  const id: Record<string, number> = {};
  let tagId: number;
  let otherTagId: number;
  const sel: Record<string, number> = {};

  async function insertSelector(tag: number, name: string, disabled = false): Promise<number> {
    const { rows } = await db.query(
      `INSERT INTO asset_group_tag_selectors (asset_group_tag_id, name, created_by, updated_by, disabled_at)
       VALUES ($1, $2, 'SYSTEM', 'SYSTEM', CASE WHEN $3 THEN now() END) RETURNING id`,
      [tag, name, disabled],
    );
    return rows[0].id as number;
  }

  async function select(selectorId: number, node: string, source: number, certified = 0): Promise<void> {
    const n = NODES[node];
    await db.query(
      `INSERT INTO asset_group_tag_selector_nodes (selector_id, node_id, source, certified, certified_by, object_id, name,
                                                   primary_kind, environment_id, environment_kind)
       VALUES ($1, $2, $3, $4::smallint, CASE WHEN $4::smallint > 0 THEN 'someone@example.com' END, $5, $6, $7, $8, 'Domain')`,
      [selectorId, id[node], source, certified, n.objectid, n.name, n.kind, n.env],
    );
  }

  /** Labels of the members a list answers, in answer order. */
  function labelsOf(members: { id: number }[]): string[] {
    return members.map((m) => Object.keys(id).find((label) => id[label] === m.id) ?? String(m.id));
  }

  /** The labels in node id order (the default order; ids are the backend's). */
  function byId(...labels: string[]): string[] {
    return [...labels].sort((a, b) => id[a] - id[b]);
  }

  async function listed(path: string): Promise<string[]> {
    const res = await admin.get(path);
    expect(res.status).toBe(200);
    return labelsOf(res.body.data.members);
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    noRole = (await userSession(t, admin, Roles.UploadOnly)).caller;
    const stored = await seedGraph(t.app.get(GraphStore), GRAPH);
    for (const [label, node] of Object.entries(NODES)) id[label] = Number(stored.get(node.objectid)!.id);
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    await db.query(`INSERT INTO kind (name) VALUES ('Tag_Crown_Jewels') ON CONFLICT (name) DO NOTHING`);
    const { rows } = await db.query(
      `INSERT INTO asset_group_tags (type, kind_id, name, created_by, updated_by)
       VALUES (2, (SELECT id FROM kind WHERE name = 'Tag_Crown_Jewels'), 'Crown Jewels', 'SYSTEM', 'SYSTEM') RETURNING id`,
    );
    tagId = rows[0].id as number;
    otherTagId = 1;
    sel.a = await insertSelector(tagId, 'seeds a');
    sel.b = await insertSelector(tagId, 'seeds b');
    sel.off = await insertSelector(tagId, 'disabled one', true);
    sel.t0 = await insertSelector(otherTagId, 'tier zero extra');
    await select(sel.a, 'alice', 1);
    await select(sel.a, 'admins', 1);
    await select(sel.a, 'bob', 2);
    await select(sel.b, 'alice', 2, 2);
    await select(sel.b, 'ws01', 1);
    await select(sel.b, 'carol', 1);
    await select(sel.off, 'bob', 1);
    await select(sel.off, 'carol', 1);
    await select(sel.t0, 'alice', 1);
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  describe('GET /asset-group-tags/{id}/members', () => {
    it('lists every node an enabled selector of the tag selects, once, by node id', async () => {
      const res = await admin.get(`/asset-group-tags/${tagId}/members`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        count: 5, skip: 0, limit: 50,
        data: {
          members: byId('alice', 'bob', 'admins', 'ws01', 'carol').map((label) => expect.objectContaining({ id: id[label] })),
        },
      });
    });

    it("answers each member with its graph facts, best source, tag and certification", async () => {
      const res = await admin.get(`/asset-group-tags/${tagId}/members?name=eq:ALICE@EAST.LOCAL`);
      expect(res.status).toBe(200);
      expect(res.body.data.members).toEqual([{
        id: id.alice, object_id: NODES.alice.objectid, environment_id: EAST, primary_kind: 'User',
        name: 'ALICE@EAST.LOCAL', source: 1, asset_group_tag_id: tagId, certified: 2, certified_by: 'someone@example.com',
      }]);
      const bob = (await admin.get(`/asset-group-tags/${tagId}/members?object_id=eq:${NODES.bob.objectid}`)).body.data.members;
      expect(bob).toEqual([expect.objectContaining({ id: id.bob, source: 2, certified: 0, certified_by: '' })]);
    });

    it('sorts by name, objectid and id, descending with a leading -', async () => {
      expect(await listed(`/asset-group-tags/${tagId}/members?sort_by=name`)).toEqual(['alice', 'bob', 'carol', 'admins', 'ws01']);
      expect(await listed(`/asset-group-tags/${tagId}/members?sort_by=-objectid`))
        .toEqual(['carol', 'admins', 'ws01', 'bob', 'alice']);
      expect(await listed(`/asset-group-tags/${tagId}/members?sort_by=-id`)).toEqual(byId('alice', 'bob', 'admins', 'ws01', 'carol').reverse());
    });

    it('filters on name (~eq), object_id (neq) and primary_kind (eq, neq)', async () => {
      expect(await listed(`/asset-group-tags/${tagId}/members?name=~eq:east.local`)).toEqual(byId('alice', 'bob', 'admins', 'ws01'));
      expect(await listed(`/asset-group-tags/${tagId}/members?object_id=neq:${NODES.alice.objectid}&primary_kind=eq:User`))
        .toEqual(byId('bob', 'carol'));
      expect(await listed(`/asset-group-tags/${tagId}/members?primary_kind=neq:User`)).toEqual(byId('admins', 'ws01'));
    });

    it('keeps only the members of the given environments', async () => {
      expect(await listed(`/asset-group-tags/${tagId}/members?environments=${WEST}`)).toEqual(['carol']);
      expect(await listed(`/asset-group-tags/${tagId}/members?environments=${WEST}&environments=${EAST}&sort_by=name`))
        .toEqual(['alice', 'bob', 'carol', 'admins', 'ws01']);
      expect(await listed(`/asset-group-tags/${tagId}/members?environments=S-1-5-21-999`)).toEqual([]);
    });

    it('answers 400 for an environment with a NUL, on every endpoint that reads environments', async () => {
      for (const path of [
        `/asset-group-tags/${tagId}/members?environments=%00`,
        `/asset-group-tags/${tagId}/members?environments=${EAST}&environments=a%00b`,
        `/asset-group-tags/${tagId}/members/counts?environments=%00`,
        `/asset-group-tags/${tagId}/selectors/${sel.a}/members?environments=%00`,
        `/asset-group-tags/${tagId}/selectors/${sel.a}/members/counts?environments=%00`,
        `/asset-group-tags/${tagId}/selectors?counts=true&environments=%00`,
      ]) {
        expect(errorMessage(await admin.get(path), 400)).toBe('there are errors in the query parameter filters specified');
      }
    });

    it('pages with skip and limit and counts every match', async () => {
      const res = await admin.get(`/asset-group-tags/${tagId}/members?skip=1&limit=2`);
      expect(res.status).toBe(200);
      expect({ count: res.body.count, skip: res.body.skip, limit: res.body.limit }).toEqual({ count: 5, skip: 1, limit: 2 });
      expect(labelsOf(res.body.data.members)).toEqual(byId('alice', 'bob', 'admins', 'ws01', 'carol').slice(1, 3));
      const beyond = await admin.get(`/asset-group-tags/${tagId}/members?skip=10&primary_kind=eq:User`);
      expect(beyond.body).toEqual({ count: 3, skip: 10, limit: 50, data: { members: [] } });
      expect((await admin.get(`/asset-group-tags/${tagId}/members?limit=5000`)).body.limit).toBe(1000);
    });

    it('answers 400 for an unsortable column, an unfilterable column and a bad operator', async () => {
      expect(errorMessage(await admin.get(`/asset-group-tags/${tagId}/members?sort_by=source`), 400))
        .toBe('column format does not support sorting: source');
      expect(errorMessage(await admin.get(`/asset-group-tags/${tagId}/members?source=eq:1`), 400))
        .toBe('the specified column cannot be filtered: source');
      expect(errorMessage(await admin.get(`/asset-group-tags/${tagId}/members?primary_kind=~eq:Us`), 400))
        .toBe('the specified filter predicate is not supported for this column: primary_kind ~eq');
      expect(errorMessage(await admin.get(`/asset-group-tags/${tagId}/members?limit=-1`), 400))
        .toBe('query parameter "limit" is malformed: invalid limit: -1');
    });

    it('answers 404 id is malformed for a bad tag id and resource not found for an unknown tag', async () => {
      expect(errorMessage(await admin.get('/asset-group-tags/abc/members'), 404)).toBe('id is malformed');
      expect(errorMessage(await admin.get('/asset-group-tags/99999/members'), 404)).toBe('resource not found');
    });

    it('answers 401 without credentials and 403 without graphdb:Read', async () => {
      expect(errorMessage(await new Caller(t).get(`/asset-group-tags/${tagId}/members`), 401)).toBe('not authenticated');
      expect(errorMessage(await noRole.get(`/asset-group-tags/${tagId}/members`), 403)).toBe('not authorized');
    });
  });

  describe('GET /asset-group-tags/{id}/members/counts', () => {
    it('counts distinct member nodes per primary kind', async () => {
      const res = await admin.get(`/asset-group-tags/${tagId}/members/counts`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { total_count: 5, counts: { Computer: 1, Group: 1, User: 3 } } });
    });

    it('counts only the given environments', async () => {
      const res = await admin.get(`/asset-group-tags/${tagId}/members/counts?environments=${WEST}`);
      expect(res.body).toEqual({ data: { total_count: 1, counts: { User: 1 } } });
    });

    it('answers 404 for an unknown tag', async () => {
      expect(errorMessage(await admin.get('/asset-group-tags/99999/members/counts'), 404)).toBe('resource not found');
    });
  });

  describe('GET /asset-group-tags/{id}/members/{member_id}', () => {
    it("answers the member with the node's properties and the selectors that select it", async () => {
      const res = await admin.get(`/asset-group-tags/${tagId}/members/${id.alice}`);
      expect(res.status).toBe(200);
      expect(res.body.data.member).toEqual({
        id: id.alice, object_id: NODES.alice.objectid, environment_id: EAST, primary_kind: 'User', name: 'ALICE@EAST.LOCAL',
        source: 1, asset_group_tag_id: tagId, certified: 2, certified_by: 'someone@example.com',
        properties: expect.objectContaining({ name: 'ALICE@EAST.LOCAL', objectid: NODES.alice.objectid, enabled: true }),
        selectors: [
          { id: sel.a, asset_group_tag_id: tagId, name: 'seeds a', is_default: false, source: 1, certified: 0, certified_by: '' },
          {
            id: sel.b, asset_group_tag_id: tagId, name: 'seeds b', is_default: false, source: 2, certified: 2,
            certified_by: 'someone@example.com',
          },
        ],
      });
    });

    it('answers 404 for a node that is not a member and for a malformed id', async () => {
      expect(errorMessage(await admin.get(`/asset-group-tags/${otherTagId}/members/${id.bob}`), 404)).toBe('resource not found');
      expect(errorMessage(await admin.get(`/asset-group-tags/${tagId}/members/x1`), 404)).toBe('id is malformed');
    });
  });

  describe('GET /asset-group-tags/{id}/selectors/{selector_id}/members', () => {
    it("lists the selector's own records, with that record's source", async () => {
      const res = await admin.get(`/asset-group-tags/${tagId}/selectors/${sel.b}/members`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(3);
      const expected: Record<string, unknown> = {
        alice: expect.objectContaining({ id: id.alice, source: 2, certified: 2, asset_group_tag_id: tagId }),
        ws01: expect.objectContaining({ id: id.ws01, source: 1, certified: 0, primary_kind: 'Computer' }),
        carol: expect.objectContaining({ id: id.carol, source: 1, environment_id: WEST }),
      };
      expect(res.body.data.members).toEqual(byId('alice', 'ws01', 'carol').map((label) => expected[label]));
    });

    it('sorts, filters and keeps environments like the tag list', async () => {
      expect(await listed(`/asset-group-tags/${tagId}/selectors/${sel.a}/members?sort_by=-name`)).toEqual(['admins', 'bob', 'alice']);
      expect(await listed(`/asset-group-tags/${tagId}/selectors/${sel.b}/members?primary_kind=eq:User&environments=${EAST}`))
        .toEqual(['alice']);
    });

    it('counts its members per kind', async () => {
      const res = await admin.get(`/asset-group-tags/${tagId}/selectors/${sel.a}/members/counts`);
      expect(res.body).toEqual({ data: { total_count: 3, counts: { Group: 1, User: 2 } } });
    });

    it('answers 404 selector is not part of asset group tag for a selector of another tag', async () => {
      expect(errorMessage(await admin.get(`/asset-group-tags/${tagId}/selectors/${sel.t0}/members`), 404))
        .toBe('selector is not part of asset group tag');
      expect(errorMessage(await admin.get(`/asset-group-tags/${tagId}/selectors/${sel.t0}/members/counts`), 404))
        .toBe('selector is not part of asset group tag');
    });

    it('answers 409 selector is disabled for a disabled selector', async () => {
      expect(errorMessage(await admin.get(`/asset-group-tags/${tagId}/selectors/${sel.off}/members`), 409)).toBe('selector is disabled');
      expect(errorMessage(await admin.get(`/asset-group-tags/${tagId}/selectors/${sel.off}/members/counts`), 409))
        .toBe('selector is disabled');
    });

    it('answers 404 for malformed and unknown selector ids', async () => {
      expect(errorMessage(await admin.get(`/asset-group-tags/${tagId}/selectors/1.5/members`), 404)).toBe('id is malformed');
      expect(errorMessage(await admin.get(`/asset-group-tags/${tagId}/selectors/99999/members`), 404)).toBe('resource not found');
      expect(errorMessage(await admin.get(`/asset-group-tags/99999/selectors/${sel.a}/members`), 404)).toBe('resource not found');
    });
  });
});
