import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { GraphStore } from '@app/graph';
import { seedGraph } from '@app/graph/testing';
import { adminCaller, Caller, NULL_TIME, RFC3339, Roles, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const SID = 'S-1-5-21-31';
const NULL_STRING = { string: '', valid: false };

/** A small directory: a group with a nested group and two users, and a user in an OU with a GPO linked. */
const NODES = [
  { objectid: `${SID}-512`, kinds: ['Base', 'Group'], properties: { name: 'DOMAIN ADMINS@EXTRA.LOCAL', domainsid: SID } },
  { objectid: `${SID}-1100`, kinds: ['Base', 'Group'], properties: { name: 'HELPDESK@EXTRA.LOCAL', domainsid: SID } },
  { objectid: `${SID}-1101`, kinds: ['Base', 'User'], properties: { name: 'ALICE@EXTRA.LOCAL', domainsid: SID } },
  { objectid: `${SID}-1102`, kinds: ['Base', 'User'], properties: { name: 'BOB@EXTRA.LOCAL', domainsid: SID } },
  { objectid: `${SID}-1103`, kinds: ['Base', 'User'], properties: { name: 'CAROL@EXTRA.LOCAL', domainsid: SID } },
  { objectid: `${SID}-OU`, kinds: ['Base', 'OU'], properties: { name: 'STAFF@EXTRA.LOCAL', domainsid: SID } },
  { objectid: `${SID}-GPO`, kinds: ['Base', 'GPO'], properties: { name: 'STAFF POLICY@EXTRA.LOCAL', domainsid: SID } },
];
const EDGES = [
  { from: `${SID}-1100`, to: `${SID}-512`, kind: 'MemberOf' },
  { from: `${SID}-1101`, to: `${SID}-1100`, kind: 'MemberOf' },
  { from: `${SID}-1102`, to: `${SID}-512`, kind: 'MemberOf' },
  { from: `${SID}-OU`, to: `${SID}-1103`, kind: 'Contains' },
  { from: `${SID}-GPO`, to: `${SID}-OU`, kind: 'GPLink' },
];

const legacySelector = (fields: Record<string, unknown>) => ({
  id: expect.any(Number), created_at: expect.stringMatching(RFC3339), updated_at: expect.stringMatching(RFC3339),
  deleted_at: NULL_TIME, ...fields,
});

describe('asset group extras (legacy asset group writes, tag search, selector preview, tag history)', () => {
  let t: TestApp;
  let db: Client;
  let writer: Caller;
  let writerId: string;
  let readOnly: Caller;
  const nodeId: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await adminCaller(t);
    const session = await userSession(t, admin, Roles.PowerUser);
    writer = session.caller;
    writerId = session.user.id;
    readOnly = (await userSession(t, admin, Roles.ReadOnly)).caller;
    const stored = await seedGraph(t.app.get(GraphStore), { nodes: NODES, edges: EDGES });
    for (const n of NODES) nodeId[n.objectid] = stored.get(n.objectid)!.id;
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  /** Records `objectid` as selected by the selector, as evaluation would. */
  async function select(selectorId: number, objectid: string, primaryKind: string, name: string): Promise<void> {
    await db.query(
      `INSERT INTO asset_group_tag_selector_nodes (selector_id, node_id, source, object_id, name, primary_kind,
                                                   environment_id, environment_kind)
       VALUES ($1, $2, 1, $3, $4, $5, $6, 'Domain')`,
      [selectorId, nodeId[objectid], objectid, name, primaryKind, SID],
    );
  }

  describe('POST /api/v2/asset-groups', () => {
    it('answers 201 with the group, its Location, and a label behind it named after the tag string', async () => {
      const res = await writer.post('/asset-groups', { name: 'Crown Jewels', tag: 'crown-jewels' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          id: expect.any(Number), created_at: expect.stringMatching(RFC3339), updated_at: expect.stringMatching(RFC3339),
          deleted_at: NULL_TIME, name: 'Crown Jewels', tag: 'crown-jewels', system_group: false, selectors: [],
          member_count: 0,
        },
      });
      expect(res.headers.location).toMatch(new RegExp(`^http://[^/]+/api/v2/asset-groups/${res.body.data.id}$`));
      const labels = await readOnly.get('/asset-group-tags?name=eq:crown_jewels');
      expect(labels.body.data.tags).toEqual([expect.objectContaining({ type: 2, name: 'crown_jewels', description: 'Crown Jewels' })]);
      const listed = await readOnly.get('/asset-groups?tag=eq:crown-jewels');
      expect(listed.body.data.asset_groups).toEqual([res.body.data]);
    });

    it.each([
      [{ tag: 'x' }, 'asset group name or tag must not be empty'],
      [{ name: 'x', tag: '  ' }, 'asset group name or tag must not be empty'],
      [{ name: 'x', tag: 'two words' }, 'asset group tags must not contain whitespace'],
      [{ name: 'x'.repeat(251), tag: 'long' }, 'asset group name is limited to 250 characters'],
      [{ name: 3, tag: 'x' }, 'error unmarshalling JSON payload'],
      [[{ name: 'x', tag: 'y' }], 'error unmarshalling JSON payload'],
    ])('answers 400 for %j', async (body, message) => {
      expect(errorMessage(await writer.post('/asset-groups', body), 400)).toBe(message);
    });

    it('answers 409 for a name or a tag string another group has, or one whose label another tag holds', async () => {
      expect(errorMessage(await writer.post('/asset-groups', { name: 'Admin Tier Zero', tag: 'fresh' }), 409))
        .toBe('asset group name must be unique');
      expect(errorMessage(await writer.post('/asset-groups', { name: 'Fresh', tag: 'owned' }), 409)).toBe('asset group tag must be unique');
      expect(errorMessage(await writer.post('/asset-groups', { name: 'Fresh', tag: 'crown.jewels' }), 409))
        .toBe('asset group tag must be unique');
      // Nothing was made by the refused requests.
      expect((await readOnly.get('/asset-groups?name=eq:Fresh')).body.data.asset_groups).toEqual([]);
    });

    it('answers 403 to a Read-Only user and 401 without credentials', async () => {
      expect(errorMessage(await readOnly.post('/asset-groups', { name: 'n', tag: 't' }), 403)).toBe('not authorized');
      expect(errorMessage(await new Caller(t).post('/asset-groups', { name: 'n', tag: 't' }), 401)).toBe('not authenticated');
    });
  });

  describe('selectors of an asset group', () => {
    let groupId: number;
    beforeAll(async () => {
      groupId = (await writer.post('/asset-groups', { name: 'Picked', tag: 'picked' })).body.data.id;
    });

    it('PUT adds selectors by name and object id, and answers 201 with what it added and removed', async () => {
      const res = await writer.put(`/asset-groups/${groupId}/selectors`, [
        { selector_name: 'admins', sid: `${SID}-512`, action: 'add' },
        { selector_name: 'bob', sid: `${SID}-1102`, action: 'add' },
        { selector_name: 'nobody', sid: 'x', action: 'remove' },
      ]);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          added_selectors: [
            legacySelector({ asset_group_id: groupId, name: 'admins', selector: `${SID}-512`, system_selector: false }),
            legacySelector({ asset_group_id: groupId, name: 'bob', selector: `${SID}-1102`, system_selector: false }),
          ],
          removed_selectors: [],
        },
      });
      const group = await readOnly.get(`/asset-groups/${groupId}`);
      expect(group.body.data.selectors.map((s: { name: string }) => s.name)).toEqual(['admins', 'bob']);
    });

    it('lists an existing selector as added without making another, and removes by name', async () => {
      const res = await writer.put(`/asset-groups/${groupId}/selectors`, [
        { selector_name: 'admins', sid: `${SID}-512`, action: 'add' },
        { selector_name: 'bob', sid: '', action: 'remove' },
      ]);
      expect(res.status).toBe(201);
      expect(res.body.data.added_selectors).toEqual([expect.objectContaining({ name: 'admins', selector: `${SID}-512` })]);
      expect(res.body.data.removed_selectors).toEqual([expect.objectContaining({ name: 'bob', selector: `${SID}-1102` })]);
      const group = await readOnly.get(`/asset-groups/${groupId}`);
      expect(group.body.data.selectors.map((s: { name: string }) => s.name)).toEqual(['admins']);
    });

    it('POST is the deprecated alias of PUT', async () => {
      const res = await writer.post(`/asset-groups/${groupId}/selectors`, [{ selector_name: 'carol', sid: `${SID}-1103`, action: 'add' }]);
      expect(res.status).toBe(201);
      expect(res.headers.deprecation).toMatch(/^@\d+$/);
      expect(res.body.data.added_selectors).toEqual([expect.objectContaining({ name: 'carol' })]);
    });

    it.each([
      [{ selector_name: 'x', sid: 'y', action: 'add' }, 'error unmarshalling JSON payload'],
      [[{ selector_name: 'x', sid: 'y', action: 'replace' }], 'each selector needs a selector_name, a sid and an action of "add" or "remove"'],
      [[{ selector_name: '', sid: 'y', action: 'add' }], 'each selector needs a selector_name, a sid and an action of "add" or "remove"'],
      [[{ selector_name: 'x', sid: 5, action: 'add' }], 'error unmarshalling JSON payload'],
      [[{ selector_name: 'empty', sid: '', action: 'add' }], 'seed values must be non-empty strings'],
    ])('answers 400 for %j', async (body, message) => {
      expect(errorMessage(await writer.put(`/asset-groups/${groupId}/selectors`, body), 400)).toBe(message);
    });

    it('answers 409 when a system selector would be removed, and changes nothing of the request', async () => {
      const res = await writer.put('/asset-groups/1/selectors', [
        { selector_name: 'mine', sid: `${SID}-1101`, action: 'add' },
        { selector_name: 'Domain Admins', sid: '', action: 'remove' },
      ]);
      expect(errorMessage(res, 409)).toBe('Cannot delete a system defined asset group selector.');
      const group = await readOnly.get('/asset-groups/1');
      expect(group.body.data.selectors.some((s: { name: string }) => s.name === 'mine')).toBe(false);
    });

    it('answers 404 for an unknown group (before the body), 400 for a malformed id, 403 to Read-Only', async () => {
      expect(errorMessage(await writer.put('/asset-groups/999/selectors', { bad: true }), 404)).toBe('resource not found');
      expect(errorMessage(await writer.put('/asset-groups/x/selectors', []), 400)).toBe('id is malformed');
      expect(errorMessage(await readOnly.put(`/asset-groups/${groupId}/selectors`, []), 403)).toBe('not authorized');
    });

    it('DELETE removes one legacy selector with 200 and an empty body', async () => {
      const group = await readOnly.get(`/asset-groups/${groupId}`);
      const carol = group.body.data.selectors.find((s: { name: string }) => s.name === 'carol');
      const res = await writer.delete(`/asset-groups/${groupId}/selectors/${carol.id}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(res.headers['content-type']).toBeUndefined();
      const after = await readOnly.get(`/asset-groups/${groupId}`);
      expect(after.body.data.selectors.map((s: { name: string }) => s.name)).toEqual(['admins']);
    });

    it('DELETE answers 409 for a system selector, 404 for a selector of another group, 400 for a malformed id', async () => {
      const tierZero = await readOnly.get('/asset-groups/1');
      const system = tierZero.body.data.selectors.find((s: { system_selector: boolean }) => s.system_selector);
      expect(errorMessage(await writer.delete(`/asset-groups/1/selectors/${system.id}`), 409))
        .toBe('Cannot delete a system defined asset group selector.');
      expect(errorMessage(await writer.delete(`/asset-groups/${groupId}/selectors/${system.id}`), 404)).toBe('resource not found');
      expect(errorMessage(await writer.delete(`/asset-groups/${groupId}/selectors/abc`), 400)).toBe('id is malformed');
      // The group is looked up before the selector id is read.
      expect(errorMessage(await writer.delete('/asset-groups/999/selectors/abc'), 404)).toBe('resource not found');
    });

    it('GET custom-selectors counts the legacy selectors that are not system selectors', async () => {
      expect((await readOnly.get(`/asset-groups/${groupId}/custom-selectors`)).body).toEqual({ data: { custom_member_count: 1 } });
      expect((await readOnly.get('/asset-groups/2/custom-selectors')).body).toEqual({ data: { custom_member_count: 0 } });
      expect(errorMessage(await readOnly.get('/asset-groups/999/custom-selectors'), 404)).toBe('resource not found');
    });
  });

  describe('GET /api/v2/asset-groups/{id}/members/counts', () => {
    let groupId: number;
    beforeAll(async () => {
      groupId = (await writer.post('/asset-groups', { name: 'Counted', tag: 'counted' })).body.data.id;
      await writer.put(`/asset-groups/${groupId}/selectors`, [{ selector_name: 'admins', sid: `${SID}-512`, action: 'add' }]);
      const { rows } = await db.query(
        `SELECT s.id FROM asset_group_tag_selectors s JOIN asset_groups g ON g.asset_group_tag_id = s.asset_group_tag_id
          WHERE g.id = $1`, [groupId],
      );
      await select(rows[0].id, `${SID}-512`, 'Group', 'DOMAIN ADMINS@EXTRA.LOCAL');
      await select(rows[0].id, `${SID}-1101`, 'User', 'ALICE@EXTRA.LOCAL');
      await select(rows[0].id, `${SID}-1102`, 'User', 'BOB@EXTRA.LOCAL');
    });

    it('counts the members per primary kind', async () => {
      const res = await readOnly.get(`/asset-groups/${groupId}/members/counts`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { total_count: 3, counts: { Group: 1, User: 2 } } });
    });

    it('applies the member filters', async () => {
      expect((await readOnly.get(`/asset-groups/${groupId}/members/counts?primary_kind=eq:User`)).body.data)
        .toEqual({ total_count: 2, counts: { User: 2 } });
      expect((await readOnly.get(`/asset-groups/${groupId}/members/counts?custom_member=eq:false`)).body.data)
        .toEqual({ total_count: 0, counts: {} });
      expect((await readOnly.get(`/asset-groups/${groupId}/members/counts?name=~eq:alice`)).body.data)
        .toEqual({ total_count: 1, counts: { User: 1 } });
    });

    it('answers 400 for a bad filter and 404 for an unknown group', async () => {
      expect(errorMessage(await readOnly.get(`/asset-groups/${groupId}/members/counts?kinds=eq:User`), 400))
        .toBe('the specified column cannot be filtered: kinds');
      expect(errorMessage(await readOnly.get(`/asset-groups/${groupId}/members/counts?name=xx:y`), 400))
        .toBe('there are errors in the query parameter filters specified');
      expect(errorMessage(await readOnly.get('/asset-groups/999/members/counts'), 404)).toBe('resource not found');
      expect(errorMessage(await readOnly.get('/asset-groups/q/members/counts'), 400)).toBe('id is malformed');
    });

    it('draws the members as one flat graph map (combo-node), narrowed by domainsid', async () => {
      const res = await readOnly.get(`/asset-groups/${groupId}/combo-node`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual([`${SID}-1101`, `${SID}-1102`, `${SID}-512`].map((o) => nodeId[o]).sort());
      expect(res.body.data[nodeId[`${SID}-1101`]]).toEqual({
        label: { text: 'ALICE@EXTRA.LOCAL' }, data: { objectid: `${SID}-1101`, name: 'ALICE@EXTRA.LOCAL', nodetype: 'User' },
      });
      expect((await readOnly.get(`/asset-groups/${groupId}/combo-node?domainsid=${SID}`)).body.data).toEqual(res.body.data);
      expect((await readOnly.get(`/asset-groups/${groupId}/combo-node?domainsid=S-1-5-21-9`)).body).toEqual({ data: {} });
      expect(errorMessage(await readOnly.get('/asset-groups/999/combo-node'), 404)).toBe('resource not found');
      expect(errorMessage(await readOnly.get('/asset-groups/q/combo-node'), 400)).toBe('id is malformed');
    });
  });

  describe('GET /api/v2/asset-groups/{id}/collections', () => {
    it('answers an empty list (no membership snapshots are kept)', async () => {
      expect((await readOnly.get('/asset-groups/1/collections?sort_by=-created_at')).body).toEqual({ data: [] });
    });

    it('answers 400 for a column it cannot sort or filter, and 404 for an unknown group', async () => {
      expect(errorMessage(await readOnly.get('/asset-groups/1/collections?sort_by=name'), 400)).toBe('column format does not support sorting: name');
      expect(errorMessage(await readOnly.get('/asset-groups/1/collections?id=~eq:1'), 400))
        .toBe('the specified filter predicate is not supported for this column: id ~eq');
      expect(errorMessage(await readOnly.get('/asset-groups/999/collections'), 404)).toBe('resource not found');
    });
  });

  describe('DELETE /api/v2/asset-groups/{id}', () => {
    it('deletes a created group and the label behind it, with 200 and an empty body', async () => {
      const created = await writer.post('/asset-groups', { name: 'Doomed', tag: 'doomed' });
      const tagId = (await readOnly.get('/asset-group-tags?name=eq:doomed')).body.data.tags[0].id;
      const res = await writer.delete(`/asset-groups/${created.body.data.id}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(errorMessage(await readOnly.get(`/asset-groups/${created.body.data.id}`), 404)).toBe('resource not found');
      expect(errorMessage(await readOnly.get(`/asset-group-tags/${tagId}`), 404)).toBe('resource not found');
    });

    it('answers 409 for a system group, 404 for an unknown one, 400 for a malformed id, 403 to Read-Only', async () => {
      expect(errorMessage(await writer.delete('/asset-groups/1'), 409)).toBe('Cannot delete a system defined asset group.');
      expect(errorMessage(await writer.delete('/asset-groups/999'), 404)).toBe('resource not found');
      expect(errorMessage(await writer.delete('/asset-groups/-1'), 400)).toBe('id is malformed');
      expect(errorMessage(await readOnly.delete('/asset-groups/2'), 403)).toBe('not authorized');
    });
  });

  describe('POST /api/v2/asset-group-tags/search', () => {
    beforeAll(async () => {
      const { rows } = await db.query(
        "SELECT id FROM asset_group_tag_selectors WHERE asset_group_tag_id = 1 AND name = 'Domain Admins'",
      );
      await select(rows[0].id, `${SID}-512`, 'Group', 'DOMAIN ADMINS@EXTRA.LOCAL');
    });

    it('finds zones, their selectors and their members by name', async () => {
      const res = await readOnly.post('/asset-group-tags/search', { query: 'admins', tag_type: 1 });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data)).toEqual(['tags', 'selectors', 'members']);
      expect(res.body.data.tags).toEqual([]);
      expect(res.body.data.selectors.map((s: { name: string }) => s.name)).toEqual(
        expect.arrayContaining(['Domain Admins', 'Enterprise Admins', 'Schema Admins']),
      );
      expect(res.body.data.selectors.every((s: { asset_group_tag_id: number }) => s.asset_group_tag_id === 1)).toBe(true);
      expect(res.body.data.members).toEqual([{
        id: Number(nodeId[`${SID}-512`]), object_id: `${SID}-512`, environment_id: SID, primary_kind: 'Group',
        name: 'DOMAIN ADMINS@EXTRA.LOCAL', asset_group_tag_id: 1,
      }]);
      const tiers = await readOnly.post('/asset-group-tags/search', { query: 'zero', tag_type: 1 });
      expect(tiers.body.data.tags).toEqual([expect.objectContaining({
        id: 1, name: 'Tier Zero', deleted_at: NULL_TIME, deleted_by: NULL_STRING,
      })]);
    });

    it('searches labels with Owned, and one tag when asked', async () => {
      const labels = await readOnly.post('/asset-group-tags/search', { query: 'OWNED', tag_type: 2 });
      expect(labels.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(['Owned']);
      const one = await readOnly.post('/asset-group-tags/search', { query: 'admins', tag_type: 2, asset_group_tag_id: 1 });
      expect(one.body.data.members).toHaveLength(1);
      expect(one.body.data.tags).toEqual([]);
    });

    it.each([
      [{ query: 'admins' }, 'valid tag_type is required'],
      [{ query: 'admins', tag_type: 7 }, 'valid tag_type is required'],
      [{ query: 'ad', tag_type: 1 }, 'search query must be at least 3 characters long'],
      [{ query: 5, tag_type: 1 }, 'error unmarshalling JSON payload'],
      [{ query: 'admins', tag_type: '1' }, 'error unmarshalling JSON payload'],
    ])('answers 400 for %j', async (body, message) => {
      expect(errorMessage(await readOnly.post('/asset-group-tags/search', body), 400)).toBe(message);
    });

    it('answers 401 without credentials', async () => {
      expect(errorMessage(await new Caller(t).post('/asset-group-tags/search', { query: 'abc', tag_type: 1 }), 401)).toBe('not authenticated');
    });
  });

  describe('POST /api/v2/asset-group-tags/preview-selectors', () => {
    const preview = (body: unknown, query = '') => readOnly.post(`/asset-group-tags/preview-selectors${query}`, body);
    const objectIds = (res: { body: { data: { members: { object_id: string }[] } } }) =>
      res.body.data.members.map((m) => m.object_id);

    it('answers the seeds and their expansion (all by default), writing nothing', async () => {
      const res = await preview({ seeds: [{ type: 1, value: `${SID}-512` }] });
      expect(res.status).toBe(200);
      expect(res.body.data.members[0]).toEqual({
        id: Number(nodeId[`${SID}-512`]), object_id: `${SID}-512`, environment_id: SID, primary_kind: 'Group',
        name: 'DOMAIN ADMINS@EXTRA.LOCAL', source: 1,
      });
      expect(objectIds(res).sort()).toEqual([`${SID}-1100`, `${SID}-1101`, `${SID}-1102`, `${SID}-512`]);
      expect(res.body.data.members.slice(1).every((m: { source: number }) => m.source === 2)).toBe(true);
      const parents = await preview({ seeds: [{ type: 1, value: `${SID}-1103` }], expansion: 3 });
      expect(parents.body.data.members.map((m: { object_id: string; source: number }) => [m.object_id, m.source]).sort())
        .toEqual([[`${SID}-1103`, 1], [`${SID}-GPO`, 3], [`${SID}-OU`, 3]]);
    });

    it('keeps to the seeds with expansion 0, resolves Cypher seeds, and honours limit', async () => {
      expect(objectIds(await preview({ seeds: [{ type: 1, value: `${SID}-512` }], expansion: 0 }))).toEqual([`${SID}-512`]);
      const cypher = await preview({ seeds: [{ type: 2, value: "MATCH (n:User) WHERE n.name STARTS WITH 'ALICE@EXTRA' RETURN n" }] });
      expect(objectIds(cypher)).toEqual([`${SID}-1101`]);
      const limited = await preview({ seeds: [{ type: 1, value: `${SID}-512` }] }, '?limit=2');
      expect(limited.body.data.members).toHaveLength(2);
      expect(limited.body.data.members[0].source).toBe(1);
    });

    it.each([
      [{}, 'seeds are required'],
      [{ seeds: [] }, 'seeds are required'],
      [{ seeds: [{ type: 3, value: 'x' }] }, 'invalid seed type 3'],
      [{ seeds: [{ type: 1, value: 'a' }, { type: 2, value: 'MATCH (n) RETURN n' }] }, 'all seeds must be of the same type'],
      [{ seeds: [{ type: 1, value: 'a' }], expansion: 9 }, 'invalid expansion method'],
      [{ seeds: 'x' }, 'error unmarshalling JSON payload'],
      [{ seeds: [{ type: 1.5, value: 'a' }] }, 'error unmarshalling JSON payload'],
    ])('answers 400 for %j', async (body, message) => {
      expect(errorMessage(await preview(body), 400)).toBe(message);
    });

    it('answers 400 for invalid Cypher and for a bad limit', async () => {
      expect(errorMessage(await preview({ seeds: [{ type: 2, value: 'MATCH (n' }] }), 400)).toMatch(/^cypher is invalid: /);
      expect(errorMessage(await preview({ seeds: [{ type: 2, value: 'MATCH (n) DETACH DELETE n' }] }), 400)).toMatch(/^cypher is invalid: /);
      expect(errorMessage(await preview({ seeds: [{ type: 1, value: 'a' }] }, '?limit=-1'), 400))
        .toBe('query parameter "limit" is malformed: invalid limit: -1');
    });
  });

  describe('GET and POST /api/v2/asset-group-tags-history', () => {
    let tagId: number;
    beforeAll(async () => {
      tagId = (await writer.post('/asset-group-tags', { name: 'History Lesson', type: 1 })).body.data.id;
      await writer.patch(`/asset-group-tags/${tagId}`, { analysis_enabled: true });
      const selector = await writer.post(`/asset-group-tags/${tagId}/selectors`, {
        name: 'lesson picks', seeds: [{ type: 1, value: `${SID}-1101` }],
      });
      await writer.patch(`/asset-group-tags/${tagId}/selectors/${selector.body.data.id}`, { description: 'changed' });
      await writer.delete(`/asset-group-tags/${tagId}/selectors/${selector.body.data.id}`);
      await writer.delete(`/asset-group-tags/${tagId}`);
    });

    it('lists the changes of tags and selectors, newest first, paginated', async () => {
      const res = await readOnly.get(`/asset-group-tags-history?asset_group_tag_id=eq:${tagId}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 7, skip: 0, limit: 50 });
      expect(res.body.data.records.map((r: { action: string; target: string }) => [r.action, r.target])).toEqual([
        ['DeleteTag', 'History Lesson'], ['DeleteSelector', 'lesson picks'], ['UpdateSelector', 'lesson picks'],
        ['CreateSelector', 'lesson picks'], ['AnalysisEnabledTag', 'History Lesson'], ['UpdateTag', 'History Lesson'],
        ['CreateTag', 'History Lesson'],
      ]);
      // Stored as the user's email at the time, shown as their email address is.
      const email = (await writer.get('/self')).body.data.email_address;
      expect(res.body.data.records[6]).toEqual({
        id: expect.any(Number), created_at: expect.stringMatching(RFC3339), actor: writerId,
        email, action: 'CreateTag', target: 'History Lesson',
        asset_group_tag_id: tagId, environment_id: NULL_STRING, note: NULL_STRING,
      });
    });

    it('filters, sorts and pages', async () => {
      const created = await readOnly.get(`/asset-group-tags-history?asset_group_tag_id=eq:${tagId}&action=~eq:select&sort_by=id&limit=2&skip=1`);
      expect(created.body).toMatchObject({ count: 3, skip: 1, limit: 2 });
      expect(created.body.data.records.map((r: { action: string }) => r.action)).toEqual(['UpdateSelector', 'DeleteSelector']);
      expect(errorMessage(await readOnly.get('/asset-group-tags-history?sort_by=kind'), 400)).toBe('column format does not support sorting: kind');
      expect(errorMessage(await readOnly.get('/asset-group-tags-history?tag=eq:x'), 400)).toBe('the specified column cannot be filtered: tag');
      expect(errorMessage(await readOnly.get('/asset-group-tags-history?limit=x'), 400))
        .toBe('query parameter "limit" is malformed: error converting limit value x to int: strconv.Atoi: parsing "x": invalid syntax');
    });

    it('POST searches actor, email, action and target, also without the spaces of the query', async () => {
      const res = await readOnly.post(`/asset-group-tags-history?asset_group_tag_id=eq:${tagId}`, { query: 'delete tag' });
      expect(res.status).toBe(200);
      expect(res.body.data.records.map((r: { action: string }) => r.action)).toEqual(['DeleteTag']);
      const byTarget = await readOnly.post('/asset-group-tags-history', { query: 'LESSON PICKS' });
      expect(byTarget.body.count).toBe(3);
    });

    it.each([
      [{ query: 'ab' }, 'search query must be at least 3 characters long'],
      [{}, 'search query must be at least 3 characters long'],
      [{ query: 1 }, 'error unmarshalling JSON payload'],
      [['query'], 'error unmarshalling JSON payload'],
    ])('POST answers 400 for %j', async (body, message) => {
      expect(errorMessage(await readOnly.post('/asset-group-tags-history', body), 400)).toBe(message);
    });

    it('answers 401 without credentials', async () => {
      expect(errorMessage(await new Caller(t).get('/asset-group-tags-history'), 401)).toBe('not authenticated');
    });
  });
});
