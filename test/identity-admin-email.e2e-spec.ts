import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { GraphStore } from '@app/graph';
import { IdentityPlaceholderEmail1732240000900 } from '@app/identity';
import { seedGraph } from '@app/graph/testing';
import { adminCaller, Roles, uniqueName, type Caller } from './support/identity.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const SERVER = { objectid: 'S-1-5-21-400-2001', name: 'SRV01.CORP.LOCAL' };

/**
 * The bootstrap administrator has an email only when ADMIN_EMAIL gives one. Records it authors (tags, selectors,
 * certifications) show that email, or else its principal name: never the reference's placeholder spam@example.com,
 * never an empty author.
 */
describe.each([
  ['without ADMIN_EMAIL', {}, { string: '', valid: false }, 'admin', ''],
  ['with ADMIN_EMAIL', { ADMIN_EMAIL: 'ops@corp.example' }, { string: 'ops@corp.example', valid: true }, 'ops@corp.example', 'ops@corp.example'],
])('the bootstrap administrator %s', (_, env, email, shown, historyEmail) => {
  let t: TestApp;
  let admin: Caller;
  let tagId: number;
  let selectorId: number;

  beforeAll(async () => {
    t = await createTestApp({ env });
    admin = await adminCaller(t);
    await seedGraph(t.app.get(GraphStore), {
      nodes: [{ objectid: SERVER.objectid, kinds: ['Base', 'Computer'], properties: { name: SERVER.name, domainsid: 'S-1-5-21-400' } }],
      edges: [],
    });
  });
  afterAll(() => t.close());

  it('has the email ADMIN_EMAIL gives, and none without it', async () => {
    const res = await admin.get('/self');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ principal_name: 'admin', email_address: email });
  });

  it(`shows as "${shown}" in created_by and updated_by of a tag it creates, and filters match that`, async () => {
    const created = await admin.post('/asset-group-tags', { name: 'Crown Jewels', type: 2 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Crown Jewels', created_by: shown, updated_by: shown });
    tagId = created.body.data.id;

    const read = await admin.get(`/asset-group-tags/${tagId}`);
    expect(read.status).toBe(200);
    expect(read.body.data.tag).toMatchObject({ created_by: shown, updated_by: shown });
    const listed = await admin.get(`/asset-group-tags?created_by=eq:${shown}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(['Crown Jewels']);
  });

  it(`shows as "${shown}" in created_by, updated_by and disabled_by of a selector it makes, and filters match that`, async () => {
    const created = await admin.post(`/asset-group-tags/${tagId}/selectors`, {
      name: 'servers', seeds: [{ type: 1, value: SERVER.objectid }],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ created_by: shown, updated_by: shown });
    selectorId = created.body.data.id;

    const listed = await admin.get(`/asset-group-tags/${tagId}/selectors?created_by=eq:${shown}&updated_by=eq:${shown}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.selectors.map((s: { id: number }) => s.id)).toEqual([selectorId]);

    const disabled = await admin.patch(`/asset-group-tags/${tagId}/selectors/${selectorId}`, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.disabled_by).toEqual({ string: shown, valid: true });
    const enabled = await admin.patch(`/asset-group-tags/${tagId}/selectors/${selectorId}`, { disabled: false });
    expect(enabled.status).toBe(200);
  });

  it(`shows as "${shown}" in certified_by of the members it certifies and of the history`, async () => {
    expect((await admin.post('/asset-group-tags/evaluation')).status).toBe(200);
    const members = await admin.get(`/asset-group-tags/${tagId}/members`);
    expect(members.status).toBe(200);
    const [member] = members.body.data.members as { id: number; name: string }[];
    expect(member.name).toBe(SERVER.name);

    const certified = await admin.post('/asset-group-tags/certifications', { member_ids: [member.id], action: 2 });
    expect(certified.status).toBe(200);
    const after = await admin.get(`/asset-group-tags/${tagId}/members`);
    expect(after.body.data.members).toEqual([expect.objectContaining({ id: member.id, certified: 2, certified_by: shown })]);
    const history = await admin.get(`/asset-group-tags/certifications?certified_by=eq:${shown}`);
    expect(history.status).toBe(200);
    expect(history.body.data.members).toEqual([
      expect.objectContaining({ id: member.id, action: 2, certified_by: shown, email: historyEmail }),
    ]);
  });
});

describe('a database whose administrator has the placeholder email of earlier versions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function migrate(): Promise<void> {
    const runner = t.app.get(DataSource).createQueryRunner();
    try {
      await new IdentityPlaceholderEmail1732240000900().up(runner);
    } finally {
      await runner.release();
    }
  }

  it('loses it to the migration, leaving the administrator without an email', async () => {
    await t.app.get(DataSource).query(`UPDATE users SET email_address = 'spam@example.com' WHERE principal_name = 'admin'`);
    await migrate();
    const res = await (await adminCaller(t)).get('/self');
    expect(res.status).toBe(200);
    expect(res.body.data.email_address).toEqual({ string: '', valid: false });
  });

  it('leaves that address to any other user who has it', async () => {
    const admin = await adminCaller(t);
    const created = await admin.post('/bloodhound-users', {
      principal: uniqueName(), first_name: 'Admin', last_name: 'User', email_address: 'spam@example.com', roles: [Roles.ReadOnly],
    });
    expect(created.status).toBe(201);
    await migrate();
    const res = await admin.get(`/bloodhound-users/${created.body.data.id}`);
    expect(res.body.data.email_address).toEqual({ string: 'spam@example.com', valid: true });
  });
});
