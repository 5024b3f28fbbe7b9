import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { GraphStore } from '@app/graph';
import { seedGraph } from '@app/graph/testing';
import { adminCaller, Caller, NULL_TIME, RFC3339, Roles, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const SID = 'S-1-5-21-7';
const TENANT = '6c12b0b0-b2cc-4a73-8252-0b94bfca2145';

/** Members of Tier Zero (via its first default selector and one custom selector) and of Owned. */
const NODES: Record<string, { objectid: string; name: string; kinds: string[]; env: string; envKind: string }> = {
  admins: { objectid: `${SID}-512`, name: 'DOMAIN ADMINS@CORP.LOCAL', kinds: ['Base', 'Group'], env: SID, envKind: 'Domain' },
  dc: { objectid: `${SID}-1000`, name: 'DC01.CORP.LOCAL', kinds: ['Base', 'Computer'], env: SID, envKind: 'Domain' },
  ga: { objectid: `${TENANT}-GA`, name: 'GLOBAL ADMIN', kinds: ['AZBase', 'AZRole'], env: TENANT, envKind: 'AZTenant' },
  bob: { objectid: `${SID}-1102`, name: 'BOB@CORP.LOCAL', kinds: ['Base', 'User'], env: SID, envKind: 'Domain' },
};

describe('legacy asset groups', () => {
  let t: TestApp;
  let db: Client;
  let admin: Caller;
  let writer: Caller;
  let readOnly: Caller;
  const nodeId: Record<string, string> = {};
  let defaultSelector: { id: number; name: string };
  let customSelector: number;

  async function select(selectorId: number, label: string): Promise<void> {
    const n = NODES[label];
    await db.query(
      `INSERT INTO asset_group_tag_selector_nodes (selector_id, node_id, source, object_id, name, primary_kind,
                                                   environment_id, environment_kind)
       VALUES ($1, $2, 1, $3, $4, $5, $6, $7)`,
      [selectorId, nodeId[label], n.objectid, n.name, n.kinds[1], n.env, n.envKind],
    );
  }

  /** Object ids of a member page, in answer order. */
  async function memberLabels(query: string): Promise<string[]> {
    const res = await readOnly.get(`/asset-groups/1/members${query}`);
    expect(res.status).toBe(200);
    return (res.body.data.members as { object_id: string }[])
      .map((m) => Object.keys(NODES).find((label) => NODES[label].objectid === m.object_id) ?? m.object_id);
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    writer = (await userSession(t, admin, Roles.PowerUser)).caller;
    readOnly = (await userSession(t, admin, Roles.ReadOnly)).caller;
    const stored = await seedGraph(t.app.get(GraphStore), {
      nodes: Object.values(NODES).map((n) => ({ objectid: n.objectid, kinds: n.kinds, properties: { name: n.name } })),
      edges: [],
    });
    for (const [label, n] of Object.entries(NODES)) nodeId[label] = stored.get(n.objectid)!.id;
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    const first = await db.query(
      'SELECT id, name FROM asset_group_tag_selectors WHERE asset_group_tag_id = 1 AND is_default ORDER BY id LIMIT 1',
    );
    defaultSelector = first.rows[0];
    customSelector = (await db.query(
      `INSERT INTO asset_group_tag_selectors (asset_group_tag_id, name, created_by, updated_by)
       VALUES (1, 'custom picks', 'SYSTEM', 'SYSTEM') RETURNING id`,
    )).rows[0].id;
    await db.query(`INSERT INTO asset_group_tag_selector_seeds (selector_id, type, value) VALUES ($1, 1, $2)`, [
      customSelector, NODES.ga.objectid,
    ]);
    await select(defaultSelector.id, 'admins');
    await select(defaultSelector.id, 'dc');
    await select(customSelector, 'ga');
    await select(customSelector, 'admins');
    const owned = (await db.query(
      `INSERT INTO asset_group_tag_selectors (asset_group_tag_id, name, created_by, updated_by)
       VALUES (2, 'owned picks', 'SYSTEM', 'SYSTEM') RETURNING id`,
    )).rows[0].id;
    await select(owned, 'bob');
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  describe('GET /api/v2/asset-groups', () => {
    it('lists the two seeded groups with every field and real member counts', async () => {
      const res = await readOnly.get('/asset-groups');
      expect(res.status).toBe(200);
      const [tierZero, owned] = res.body.data.asset_groups;
      expect(Object.keys(res.body.data)).toEqual(['asset_groups']);
      expect(tierZero).toEqual({
        id: 1, created_at: expect.stringMatching(RFC3339), updated_at: expect.stringMatching(RFC3339), deleted_at: NULL_TIME,
        name: 'Admin Tier Zero', tag: 'admin_tier_0', system_group: true, selectors: expect.any(Array), member_count: 3,
      });
      expect(owned).toEqual({
        id: 2, created_at: expect.stringMatching(RFC3339), updated_at: expect.stringMatching(RFC3339), deleted_at: NULL_TIME,
        name: 'Owned', tag: 'owned', system_group: false,
        selectors: [],
        member_count: 1,
      });
    });

    it('shows one legacy selector per seed of the tag, default ones as system selectors', async () => {
      const res = await readOnly.get('/asset-groups/1');
      expect(res.status).toBe(200);
      const selectors = res.body.data.selectors as { id: number; name: string; selector: string; system_selector: boolean }[];
      const seeds = await db.query(
        `SELECT count(*)::int AS n FROM asset_group_tag_selector_seeds sd JOIN asset_group_tag_selectors s ON s.id = sd.selector_id
         WHERE s.asset_group_tag_id = 1`,
      );
      expect(selectors).toHaveLength(seeds.rows[0].n);
      expect(selectors.find((s) => s.name === defaultSelector.name)).toEqual({
        id: expect.any(Number), created_at: expect.stringMatching(RFC3339), updated_at: expect.stringMatching(RFC3339),
        deleted_at: NULL_TIME, asset_group_id: 1, name: defaultSelector.name, selector: expect.stringMatching(/^MATCH /),
        system_selector: true,
      });
      expect(selectors.find((s) => s.name === 'custom picks')).toMatchObject({ selector: NODES.ga.objectid, system_selector: false });
    });

    it('filters and sorts, member_count included', async () => {
      const ids = async (query: string) => {
        const res = await readOnly.get(`/asset-groups${query}`);
        expect(res.status).toBe(200);
        return (res.body.data.asset_groups as { id: number }[]).map((g) => g.id);
      };
      expect(await ids('?member_count=gt:1')).toEqual([1]);
      expect(await ids('?system_group=eq:false')).toEqual([2]);
      expect(await ids('?tag=eq:owned')).toEqual([2]);
      expect(await ids('?sort_by=-member_count')).toEqual([1, 2]);
      expect(await ids('?sort_by=member_count')).toEqual([2, 1]);
      expect(await ids('?sort_by=-name')).toEqual([2, 1]);
      expect(errorMessage(await readOnly.get('/asset-groups?sort_by=selectors'), 400)).toBe('column format does not support sorting: selectors');
      expect(errorMessage(await readOnly.get('/asset-groups?name=~eq:x'), 400))
        .toBe('the specified filter predicate is not supported for this column: name ~eq');
    });

    it('answers 400 id is malformed and 404 for unknown ids', async () => {
      expect(errorMessage(await readOnly.get('/asset-groups/x1'), 400)).toBe('id is malformed');
      expect(errorMessage(await readOnly.get('/asset-groups/2147483648'), 400)).toBe('id is malformed');
      expect(errorMessage(await readOnly.get('/asset-groups/99'), 404)).toBe('resource not found');
    });
  });

  describe('PUT /api/v2/asset-groups/{id}', () => {
    it('renames the asset group only, and answers it', async () => {
      const res = await writer.put('/asset-groups/2', { name: 'Pwned' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: 2, name: 'Pwned', tag: 'owned', member_count: 1 });
      const tag = await readOnly.get('/asset-group-tags/2');
      expect(tag.body.data.tag.name).toBe('Owned');
    });

    it.each([
      [{}, 'asset group name or tag must not be empty'],
      [{ name: '' }, 'asset group name or tag must not be empty'],
      [{ name: '  ' }, 'asset group name or tag must not be empty'],
      [{ name: 'x'.repeat(251) }, 'asset group name is limited to 250 characters'],
      [{ name: 3 }, 'error unmarshalling JSON payload'],
    ])('answers 400 for %j', async (body, message) => {
      expect(errorMessage(await writer.put('/asset-groups/2', body), 400)).toBe(message);
    });

    it('answers 409 for a name another group has', async () => {
      expect(errorMessage(await writer.put('/asset-groups/2', { name: 'Admin Tier Zero' }), 409)).toBe('asset group name must be unique');
    });

    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      expect(errorMessage(await writer.put('/asset-groups/abc', { name: 'x' }), 400)).toBe('id is malformed');
      expect(errorMessage(await writer.put('/asset-groups/77', { name: 'x' }), 404)).toBe('resource not found');
    });

    it('answers 403 to a Read-Only user and 401 without credentials', async () => {
      expect(errorMessage(await readOnly.put('/asset-groups/2', { name: 'x' }), 403)).toBe('not authorized');
      expect(errorMessage(await new Caller(t).put('/asset-groups/2', { name: 'x' }), 401)).toBe('not authenticated');
    });
  });

  describe('GET /api/v2/asset-groups/{id}/members (deprecated)', () => {
    it('answers the paginated members with every field and the deprecation headers', async () => {
      const res = await readOnly.get('/asset-groups/1/members');
      expect(res.status).toBe(200);
      expect(res.headers.deprecation).toMatch(/^@\d+$/);
      expect(res.headers.link).toBe('</api/v2/asset-group-tags/{asset_group_tag_id}/members>; rel="successor-version"');
      expect(res.body.count).toBe(3);
      expect(res.body.skip).toBe(0);
      expect(res.body.limit).toBe(100);
      const byObjectId = new Map((res.body.data.members as { object_id: string }[]).map((m) => [m.object_id, m]));
      expect(byObjectId.get(NODES.ga.objectid)).toEqual({
        asset_group_id: 1, object_id: NODES.ga.objectid, primary_kind: 'AZRole', kinds: ['AZBase', 'AZRole'],
        environment_id: TENANT, environment_kind: 'AZTenant', name: 'GLOBAL ADMIN', custom_member: true,
      });
      expect(byObjectId.get(NODES.dc.objectid)).toMatchObject({ custom_member: false, kinds: ['Base', 'Computer'] });
      expect(byObjectId.get(NODES.admins.objectid)).toMatchObject({ custom_member: true });
    });

    it('filters on the six string columns', async () => {
      expect(await memberLabels('?custom_member=eq:false')).toEqual(['dc']);
      expect((await memberLabels('?custom_member=eq:true')).sort()).toEqual(['admins', 'ga']);
      expect(await memberLabels('?environment_kind=eq:AZTenant')).toEqual(['ga']);
      expect(await memberLabels(`?environment_id=neq:${SID}`)).toEqual(['ga']);
      expect(await memberLabels('?primary_kind=eq:Computer')).toEqual(['dc']);
      expect((await memberLabels('?name=~eq:admin')).sort()).toEqual(['admins', 'ga']);
      expect(await memberLabels(`?object_id=eq:${NODES.dc.objectid}`)).toEqual(['dc']);
      expect(errorMessage(await readOnly.get('/asset-groups/1/members?kinds=eq:User'), 400)).toBe('the specified column cannot be filtered: kinds');
    });

    it('sorts and pages', async () => {
      expect(await memberLabels('?sort_by=name')).toEqual(['dc', 'admins', 'ga']);
      expect(await memberLabels('?sort_by=-primary_kind')).toEqual(['admins', 'dc', 'ga']);
      const page = await readOnly.get('/asset-groups/1/members?sort_by=name&skip=1&limit=1');
      expect(page.body).toMatchObject({ count: 3, skip: 1, limit: 1 });
      expect(page.body.data.members.map((m: { name: string }) => m.name)).toEqual(['DOMAIN ADMINS@CORP.LOCAL']);
      expect(errorMessage(await readOnly.get('/asset-groups/1/members?sort_by=kinds'), 400)).toBe('column format does not support sorting: kinds');
      expect(errorMessage(await readOnly.get('/asset-groups/1/members?limit=-1'), 400)).toBe('query parameter "limit" is malformed: invalid limit: -1');
    });

    it('answers 404 for an unknown group and 400 for a malformed id', async () => {
      expect(errorMessage(await readOnly.get('/asset-groups/99/members'), 404)).toBe('resource not found');
      expect(errorMessage(await readOnly.get('/asset-groups/z/members'), 400)).toBe('id is malformed');
    });

    it('answers the Owned group with its own members', async () => {
      const res = await readOnly.get('/asset-groups/2/members');
      expect(res.body.data.members).toEqual([expect.objectContaining({ asset_group_id: 2, object_id: NODES.bob.objectid, custom_member: true })]);
    });
  });
});
