import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { GraphStore } from '@app/graph';
import { seedGraph } from '@app/graph/testing';
import { adminCaller, Caller, RFC3339, Roles, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const ENV = 'S-1-5-21-300';
const NODES: Record<string, { rid: string; name: string; kind: string }> = {
  alice: { rid: '1101', name: 'ALICE@CORP.LOCAL', kind: 'User' },
  bob: { rid: '1102', name: 'BOB@CORP.LOCAL', kind: 'User' },
  admins: { rid: '512', name: 'DOMAIN ADMINS@CORP.LOCAL', kind: 'Group' },
  ws01: { rid: '2001', name: 'WS01.CORP.LOCAL', kind: 'Computer' },
  carol: { rid: '1103', name: 'CAROL@CORP.LOCAL', kind: 'User' },
};
const objectId = (label: string) => `${ENV}-${NODES[label].rid}`;
const PATH = '/asset-group-tags/certifications';

/** A record's state as stored: `selector:node` -> [certified, certified_by, note]. */
type Stored = Record<string, [number, string | null, string | null]>;

describe('asset group tag certifications', () => {
  let t: TestApp;
  let db: Client;
  let admin: Caller;
  /** A writer without an email address: records show their principal name. */
  let anonymous: Caller;
  let anonymousId: string;
  let anonymousName: string;
  let certifier: Caller;
  let certifierId: string;
  let reader: Caller;
  const id: Record<string, number> = {};
  let labelTag: number;
  const sel: Record<string, number> = {};
  let before: string;

  async function insertSelector(tag: number, name: string): Promise<number> {
    const { rows } = await db.query(
      `INSERT INTO asset_group_tag_selectors (asset_group_tag_id, name, created_by, updated_by)
       VALUES ($1, $2, 'SYSTEM', 'SYSTEM') RETURNING id`, [tag, name],
    );
    return rows[0].id as number;
  }

  async function select(selectorId: number, node: string, source: number, certified: number): Promise<void> {
    await db.query(
      `INSERT INTO asset_group_tag_selector_nodes (selector_id, node_id, source, certified, certified_by, object_id, name,
                                                   primary_kind, environment_id, environment_kind)
       VALUES ($1, $2, $3, $4::smallint, CASE WHEN $4::smallint > 0 THEN 'earlier@example.com' END, $5, $6, $7, $8, 'Domain')`,
      [selectorId, id[node], source, certified, objectId(node), NODES[node].name, NODES[node].kind, ENV],
    );
  }

  /** Every stored record of the fixture's selectors. */
  async function stored(): Promise<Stored> {
    const { rows } = await db.query(
      `SELECT selector_id, node_id, certified, certified_by, certification_note FROM asset_group_tag_selector_nodes
        WHERE selector_id = ANY($1::int[])`, [Object.values(sel)],
    );
    const label = (nodeId: string) => Object.keys(id).find((l) => String(id[l]) === nodeId);
    const selector = (sid: number) => Object.keys(sel).find((k) => sel[k] === sid);
    return Object.fromEntries(rows.map((r) => [
      `${selector(r.selector_id)}:${label(r.node_id)}`, [r.certified, r.certified_by, r.certification_note],
    ]));
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    const plain = await userSession(t, admin, Roles.PowerUser);
    anonymous = plain.caller;
    anonymousId = plain.user.id;
    anonymousName = plain.user.principal_name;
    const power = await userSession(t, admin, Roles.PowerUser, { email_address: 'certifier@example.com' });
    certifier = power.caller;
    certifierId = power.user.id;
    reader = (await userSession(t, admin, Roles.ReadOnly)).caller;
    const graph = await seedGraph(t.app.get(GraphStore), {
      nodes: Object.entries(NODES).map(([label, n]) => ({
        objectid: objectId(label), kinds: ['Base', n.kind], properties: { name: n.name, domainsid: ENV },
      })),
      edges: [],
    });
    for (const label of Object.keys(NODES)) id[label] = Number(graph.get(objectId(label))!.id);

    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    await db.query(`INSERT INTO kind (name) VALUES ('Tag_Crown_Jewels') ON CONFLICT (name) DO NOTHING`);
    const { rows } = await db.query(
      `INSERT INTO asset_group_tags (type, kind_id, name, created_by, updated_by)
       VALUES (2, (SELECT id FROM kind WHERE name = 'Tag_Crown_Jewels'), 'Crown Jewels', 'SYSTEM', 'SYSTEM') RETURNING id`,
    );
    labelTag = rows[0].id as number;
    sel.la = await insertSelector(labelTag, 'label a');
    sel.lb = await insertSelector(labelTag, 'label b');
    // A seeded default Tier Zero selector, and a user-made one created after it.
    sel.t0default = (await db.query(
      `SELECT id FROM asset_group_tag_selectors WHERE asset_group_tag_id = 1 AND is_default AND disabled_at IS NULL
        ORDER BY id DESC LIMIT 1`,
    )).rows[0].id as number;
    sel.t0custom = await insertSelector(1, 'tier zero custom');

    await select(sel.la, 'alice', 1, 0);
    await select(sel.lb, 'alice', 2, 1);
    await select(sel.t0custom, 'alice', 1, 0);
    await select(sel.t0default, 'alice', 1, 0);
    await select(sel.la, 'bob', 2, 0);
    await select(sel.lb, 'bob', 1, 2);
    await select(sel.la, 'admins', 1, 3);
    await select(sel.la, 'ws01', 1, 2);
    await select(sel.lb, 'carol', 1, 0);

    before = new Date(Date.now() - 1000).toISOString();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  describe('POST /asset-group-tags/certifications: checks', () => {
    it('answers 400 error unmarshalling JSON payload for malformed JSON and a body that is not an object', async () => {
      expect(errorMessage(await certifier.raw('post', PATH, '{"action": 2,'), 400)).toBe('error unmarshalling JSON payload');
      expect(errorMessage(await certifier.raw('post', PATH, '[1, 2]'), 400)).toBe('error unmarshalling JSON payload');
      expect(errorMessage(await certifier.post(PATH), 400)).toBe('error unmarshalling JSON payload');
    });

    it.each([
      ['0', { action: 0, member_ids: [1] }],
      ['3', { action: 3, member_ids: [1] }],
      ['a string', { action: '2', member_ids: [1] }],
      ['missing', { member_ids: [1] }],
      ['checked before member_ids', { action: 7, member_ids: [] }],
    ])('answers 400 valid certification action is required when the action is %s', async (_, body) => {
      expect(errorMessage(await certifier.post(PATH, body), 400)).toBe('valid certification action is required');
    });

    it.each([
      ['empty', { action: 2, member_ids: [] }],
      ['missing', { action: 2 }],
      ['not an array', { action: 2, member_ids: 5 }],
    ])('answers 400 asset group member IDs are required when member_ids is %s', async (_, body) => {
      expect(errorMessage(await certifier.post(PATH, body), 400)).toBe('asset group member IDs are required');
    });

    it.each([
      ['a string', ['x']],
      ['a decimal string', ['1']],
      ['a fraction', [1.5]],
      ['beyond 2^53', [2 ** 60]],
    ])('answers 400 asset group member IDs must be integers when an element is %s', async (_, memberIds) => {
      expect(errorMessage(await certifier.post(PATH, { action: 2, member_ids: memberIds }), 400))
        .toBe('asset group member IDs must be integers');
    });

    it('answers 400 for more than 10000 member ids in one request', async () => {
      const memberIds = Array.from({ length: 10_001 }, (_, i) => i + 1);
      expect(errorMessage(await certifier.post(PATH, { action: 2, member_ids: memberIds }), 400))
        .toBe('at most 10000 asset group member IDs may be certified in one request');
    });

    it('answers 400 for a note that is not a string or is longer than 2000 characters', async () => {
      expect(errorMessage(await certifier.post(PATH, { action: 2, member_ids: [1], note: 5 }), 400)).toBe('note must be a string');
      expect(errorMessage(await certifier.post(PATH, { action: 2, member_ids: [1], note: 'n'.repeat(2001) }), 400))
        .toBe('note is limited to 2000 characters');
    });

    it('answers 401 without credentials and 403 not authorized without graphdb:Write', async () => {
      expect(errorMessage(await new Caller(t).post(PATH, { action: 2, member_ids: [id.carol] }), 401)).toBe('not authenticated');
      expect(errorMessage(await reader.post(PATH, { action: 2, member_ids: [id.carol] }), 403)).toBe('not authorized');
    });

    it('changed nothing while refusing', async () => {
      expect((await db.query('SELECT count(*)::int AS n FROM asset_group_certification_history')).rows[0].n).toBe(0);
    });
  });

  describe('certify some, revoke others', () => {
    it('certifies with 200 and an empty body; unknown ids are ignored', async () => {
      const res = await certifier.post(PATH, { action: 2, member_ids: [id.alice, id.admins, id.ws01, id.alice, 987654321], note: 'reviewed Q3' });
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(res.headers['content-type']).toBeUndefined();
    });

    it('revokes with 200 and an empty body', async () => {
      const res = await anonymous.post(PATH, { action: 1, member_ids: [id.bob] });
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
    });

    it("changes only each member's highest-priority record per tag, resets the others and leaves the rest alone", async () => {
      expect(await stored()).toEqual({
        // alice, label tag: the seed record is certified, the child record (revoked) goes back to pending
        'la:alice': [2, 'certifier@example.com', 'reviewed Q3'],
        'lb:alice': [0, null, null],
        // alice, Tier Zero: the default selector outranks the user-made one, which stays pending
        't0default:alice': [2, 'certifier@example.com', 'reviewed Q3'],
        't0custom:alice': [0, null, null],
        // bob was revoked through his seed record, by a user without an email (shown by principal name)
        'lb:bob': [1, anonymousName, null],
        'la:bob': [0, null, null],
        // automatically certified, already certified, and not asked for: untouched
        'la:admins': [3, 'earlier@example.com', null],
        'la:ws01': [2, 'earlier@example.com', null],
        'lb:carol': [0, null, null],
      });
    });

    it('shows the new states on the member lists', async () => {
      const res = await admin.get(`/asset-group-tags/${labelTag}/members?sort_by=name`);
      expect(res.status).toBe(200);
      const states = Object.fromEntries((res.body.data.members as { name: string; certified: number; certified_by: string }[])
        .map((m) => [m.name, [m.certified, m.certified_by]]));
      expect(states).toEqual({
        'ALICE@CORP.LOCAL': [2, 'certifier@example.com'],
        'BOB@CORP.LOCAL': [1, anonymousName],
        'CAROL@CORP.LOCAL': [0, ''],
        'DOMAIN ADMINS@CORP.LOCAL': [3, 'earlier@example.com'],
        'WS01.CORP.LOCAL': [2, 'earlier@example.com'],
      });
      const bySelector = await admin.get(`/asset-group-tags/${labelTag}/selectors/${sel.lb}/members?name=eq:ALICE@CORP.LOCAL`);
      expect(bySelector.body.data.members).toEqual([expect.objectContaining({ id: id.alice, source: 2, certified: 0, certified_by: '' })]);
    });
  });

  describe('GET /asset-group-tags/certifications', () => {
    it('lists one history row per changed record, newest first, with who, when, what and the note', async () => {
      const res = await reader.get(PATH);
      expect(res.status).toBe(200);
      expect({ count: res.body.count, skip: res.body.skip, limit: res.body.limit }).toEqual({ count: 4, skip: 0, limit: 50 });
      const [revoke, ...certify] = res.body.data.members;
      expect(revoke).toEqual({
        id: id.bob, object_id: objectId('bob'), environment_id: ENV, primary_kind: 'User', name: 'BOB@CORP.LOCAL',
        asset_group_tag_id: labelTag, created_at: expect.stringMatching(RFC3339), certified_by: anonymousName, certified: 1,
        history_id: expect.any(Number), selector_id: sel.lb, action: 1, actor: anonymousId, email: '',
        note: { string: '', valid: false },
      });
      const rows = certify.map((r: Record<string, unknown>) => [r.id, r.asset_group_tag_id, r.selector_id, r.certified]);
      expect(rows).toHaveLength(3);
      expect(rows).toEqual(expect.arrayContaining([
        [id.alice, labelTag, sel.la, 2],
        [id.alice, labelTag, sel.lb, 0],
        [id.alice, 1, sel.t0default, 2],
      ]));
      for (const row of certify) {
        expect(row).toEqual(expect.objectContaining({
          action: 2, actor: certifierId, email: 'certifier@example.com', certified_by: 'certifier@example.com',
          note: { string: 'reviewed Q3', valid: true },
        }));
      }
    });

    it('filters on action, tag, selector, certified state, email and created_at', async () => {
      const ids = async (query: string) => {
        const res = await admin.get(`${PATH}?${query}`);
        expect(res.status).toBe(200);
        return (res.body.data.members as { id: number; selector_id: number }[]).map((r) => `${r.selector_id}:${r.id}`).sort();
      };
      expect(await ids('action=eq:1')).toEqual([`${sel.lb}:${id.bob}`]);
      expect(await ids('asset_group_tag_id=eq:1')).toEqual([`${sel.t0default}:${id.alice}`]);
      expect(await ids(`selector_id=eq:${sel.lb}&certified=eq:0`)).toEqual([`${sel.lb}:${id.alice}`]);
      expect(await ids('email=eq:certifier@example.com&certified=gt:0'))
        .toEqual([`${sel.la}:${id.alice}`, `${sel.t0default}:${id.alice}`].sort());
      expect(await ids(`created_at=gte:${before}&name=~eq:alice`)).toHaveLength(3);
      expect(await ids('created_at=lt:2000-01-01T00:00:00Z')).toEqual([]);
    });

    it('keeps the records of the given environments, a repeatable parameter as in the member lists', async () => {
      const count = async (query: string) => {
        const res = await admin.get(`${PATH}?${query}`);
        expect(res.status).toBe(200);
        return res.body.count as number;
      };
      expect(await count(`environments=${ENV}`)).toBe(4);
      expect(await count(`environments=S-1-5-21-999&environments=${ENV}`)).toBe(4);
      expect(await count('environments=S-1-5-21-999')).toBe(0);
      expect(await count(`environments=eq:${ENV}`)).toBe(0);
    });

    it('sorts and pages', async () => {
      const res = await admin.get(`${PATH}?sort_by=-name&sort_by=history_id&skip=1&limit=2`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(4);
      expect(res.body.data.members.map((r: { name: string; selector_id: number }) => r.name))
        .toEqual(['ALICE@CORP.LOCAL', 'ALICE@CORP.LOCAL']);
    });

    it('answers 400 for an unsortable column and an unfilterable column', async () => {
      expect(errorMessage(await admin.get(`${PATH}?sort_by=note`), 400)).toBe('column format does not support sorting: note');
      expect(errorMessage(await admin.get(`${PATH}?note=eq:x`), 400)).toBe('the specified column cannot be filtered: note');
      expect(errorMessage(await admin.get(`${PATH}?created_at=gt:yesterday`), 400))
        .toBe('there are errors in the query parameter filters specified');
    });

    it('answers 400 for action and certified values outside their smallint columns, and a NUL environment', async () => {
      for (const query of ['certified=eq:99999', 'action=eq:99999', 'action=lt:-40000', 'environments=%00']) {
        expect(errorMessage(await admin.get(`${PATH}?${query}`), 400)).toBe('there are errors in the query parameter filters specified');
      }
    });

    it('answers 401 without credentials', async () => {
      expect(errorMessage(await new Caller(t).get(PATH), 401)).toBe('not authenticated');
    });
  });
});

describe('asset group tag certifications in the community edition', () => {
  let t: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    t = await createTestApp({ env: { EDITION: 'community' } });
    admin = await adminCaller(t);
  });
  afterAll(() => t?.close());

  it('answers 404 resource not found for both routes', async () => {
    expect(errorMessage(await admin.post(PATH, { action: 2, member_ids: [1] }), 404)).toBe('resource not found');
    expect(errorMessage(await admin.get(PATH), 404)).toBe('resource not found');
  });
});
