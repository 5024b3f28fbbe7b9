import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { GraphStore } from '@app/graph';
import { seedGraph } from '@app/graph/testing';
import { adminCaller, Caller } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

/**
 * Every endpoint that shows a tag's members reads the same member records: after a member of a tier that requires
 * certification is revoked, it is gone from the member lists, the member detail and every count alike.
 */

const SID = 'S-1-5-21-44';
const TIER_ZERO = 1;
const NODES: Record<string, { objectid: string; name: string; kind: string }> = {
  alice: { objectid: `${SID}-1101`, name: 'ALICE@CORP.LOCAL', kind: 'User' },
  bob: { objectid: `${SID}-1102`, name: 'BOB@CORP.LOCAL', kind: 'User' },
  admins: { objectid: `${SID}-512`, name: 'DOMAIN ADMINS@CORP.LOCAL', kind: 'Group' },
};

describe('asset group tag member records', () => {
  let t: TestApp;
  let db: Client;
  let admin: Caller;
  const id: Record<string, number> = {};
  let selector: number;

  async function insertSelector(name: string): Promise<number> {
    const { rows } = await db.query(
      `INSERT INTO asset_group_tag_selectors (asset_group_tag_id, name, created_by, updated_by)
       VALUES ($1, $2, 'SYSTEM', 'SYSTEM') RETURNING id`, [TIER_ZERO, name],
    );
    return rows[0].id as number;
  }

  async function select(selectorId: number, label: string, certified = 0, certifiedBy: string | null = null): Promise<void> {
    const n = NODES[label];
    await db.query(
      `INSERT INTO asset_group_tag_selector_nodes (selector_id, node_id, source, certified, certified_by, object_id, name,
                                                   primary_kind, environment_id, environment_kind)
       VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8, 'Domain')`,
      [selectorId, id[label], certified, certifiedBy, n.objectid, n.name, n.kind, SID],
    );
  }

  /** Every place a member count of Tier Zero shows. */
  async function counts() {
    const tags = await admin.get('/asset-group-tags?counts=true&type=eq:1');
    const memberCounts = await admin.get(`/asset-group-tags/${TIER_ZERO}/members/counts`);
    const members = await admin.get(`/asset-group-tags/${TIER_ZERO}/members`);
    const group = await admin.get('/asset-groups/1');
    const groupMembers = await admin.get('/asset-groups/1/members');
    const selectors = await admin.get(`/asset-group-tags/${TIER_ZERO}/selectors?counts=true&name=eq:custom`);
    const selectorMembers = await admin.get(`/asset-group-tags/${TIER_ZERO}/selectors/${selector}/members`);
    for (const res of [tags, memberCounts, members, group, groupMembers, selectors, selectorMembers]) expect(res.status).toBe(200);
    return {
      tagList: (tags.body.data.tags as { id: number; counts: { members: number } }[]).find((tag) => tag.id === TIER_ZERO)!.counts.members,
      memberCounts: memberCounts.body.data.total_count as number,
      memberList: members.body.count as number,
      legacyMemberCount: group.body.data.member_count as number,
      legacyMemberList: groupMembers.body.count as number,
      selectorCount: selectors.body.data.selectors[0].counts.members as number,
      selectorMemberList: selectorMembers.body.count as number,
    };
  }

  const everywhere = (n: number) => ({
    tagList: n, memberCounts: n, memberList: n, legacyMemberCount: n, legacyMemberList: n, selectorCount: n,
    selectorMemberList: n,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    const stored = await seedGraph(t.app.get(GraphStore), {
      nodes: Object.values(NODES).map((n) => ({ objectid: n.objectid, kinds: ['Base', n.kind], properties: { name: n.name } })),
      edges: [],
    });
    for (const [label, n] of Object.entries(NODES)) id[label] = Number(stored.get(n.objectid)!.id);
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    selector = await insertSelector('custom');
    for (const label of Object.keys(NODES)) await select(selector, label);
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('counts the same members everywhere after a member of a require_certify tier is revoked', async () => {
    const patched = await admin.patch(`/asset-group-tags/${TIER_ZERO}`, { require_certify: true });
    expect(patched.status).toBe(200);
    expect(await counts()).toEqual(everywhere(3));

    const revoked = await admin.post('/asset-group-tags/certifications', { member_ids: [id.bob], action: 1 });
    expect(revoked.status).toBe(200);
    expect(await counts()).toEqual(everywhere(2));
    const listed = await admin.get(`/asset-group-tags/${TIER_ZERO}/members`);
    expect((listed.body.data.members as { id: number }[]).map((m) => m.id)).not.toContain(id.bob);
    expect(errorMessage(await admin.get(`/asset-group-tags/${TIER_ZERO}/members/${id.bob}`), 404)).toBe('resource not found');
  });

  it('answers the same certified_by in the member list and the member detail when records tie', async () => {
    // Two certified records of one node: the later selector's record is the older one, so only the selector id
    // decides between them (lowest first), in the list as in the detail.
    const first = await insertSelector('tie first');
    const second = await insertSelector('tie second');
    await select(second, 'admins', 2, 'second@example.com');
    await db.query('UPDATE asset_group_tag_selector_nodes SET created_at = created_at - interval \'1 day\' WHERE selector_id = $1', [second]);
    await select(first, 'admins', 2, 'first@example.com');

    const list = await admin.get(`/asset-group-tags/${TIER_ZERO}/members?object_id=eq:${NODES.admins.objectid}`);
    expect(list.status).toBe(200);
    expect(list.body.data.members).toEqual([expect.objectContaining({ id: id.admins, certified: 2, certified_by: 'first@example.com' })]);
    const detail = await admin.get(`/asset-group-tags/${TIER_ZERO}/members/${id.admins}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.member).toEqual(expect.objectContaining({ certified: 2, certified_by: 'first@example.com' }));
  });
});
