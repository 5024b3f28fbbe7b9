import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { GraphStore } from '@app/graph';
import { seedGraph } from '@app/graph/testing';
import { adminCaller, Caller, NULL_TIME, RFC3339, Roles, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const WRITER_EMAIL = 'tag-writer@example.com';
const NULL_INT = { int32: 0, valid: false };
const NULL_BOOL = { bool: false, valid: false };
const NULL_STRING = { string: '', valid: false };

const GRAPH = {
  nodes: [
    { objectid: 'S-1-5-21-9-1101', kinds: ['Base', 'User'], properties: { name: 'ALICE@CORP.LOCAL' } },
    { objectid: 'S-1-5-21-9-1102', kinds: ['Base', 'User'], properties: { name: 'BOB@CORP.LOCAL' } },
    { objectid: 'S-1-5-21-9-1103', kinds: ['Base', 'User'], properties: { name: 'CAROL@CORP.LOCAL' } },
  ],
  edges: [],
};

describe('asset group tags', () => {
  let t: TestApp;
  let db: Client;
  let admin: Caller;
  let writer: Caller;
  let writerId: string;
  let readOnly: Caller;

  const kindId = async (name: string): Promise<number | undefined> =>
    (await db.query('SELECT id FROM kind WHERE name = $1', [name])).rows[0]?.id as number | undefined;

  /** Tier names by position, Tier Zero first. */
  async function tiers(): Promise<string[]> {
    const { rows } = await db.query('SELECT name FROM asset_group_tags WHERE type = 1 ORDER BY position');
    return rows.map((row) => row.name as string);
  }

  async function create(body: Record<string, unknown>, caller = writer) {
    const res = await caller.post('/asset-group-tags', body);
    if (res.status !== 201) throw new Error(`create tag: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number; name: string; kind_id: number };
  }

  /** The graph node ids a Cypher query answers (none: the 404 of an empty result). */
  async function nodesOf(query: string): Promise<string[]> {
    const res = await admin.post('/graphs/cypher', { query });
    if (res.status === 404) return [];
    expect(res.status).toBe(200);
    return Object.keys(res.body.data.nodes).sort();
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    const session = await userSession(t, admin, Roles.PowerUser, { email_address: WRITER_EMAIL });
    writer = session.caller;
    writerId = session.user.id;
    readOnly = (await userSession(t, admin, Roles.ReadOnly)).caller;
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  describe('seeded tags', () => {
    it('lists Tier Zero and Owned with every field', async () => {
      const res = await readOnly.get('/asset-group-tags');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          tags: [
            {
              id: 1, type: 1, kind_id: await kindId('Tag_Tier_Zero'), name: 'Tier Zero', description: 'Tier Zero',
              created_at: expect.stringMatching(RFC3339), created_by: 'SYSTEM',
              updated_at: expect.stringMatching(RFC3339), updated_by: 'SYSTEM', deleted_at: NULL_TIME, deleted_by: NULL_STRING,
              position: { int32: 1, valid: true }, require_certify: { bool: false, valid: true },
              analysis_enabled: { bool: true, valid: true }, glyph: NULL_STRING,
            },
            {
              id: 2, type: 3, kind_id: await kindId('Tag_Owned'), name: 'Owned', description: 'Owned',
              created_at: expect.stringMatching(RFC3339), created_by: 'SYSTEM',
              updated_at: expect.stringMatching(RFC3339), updated_by: 'SYSTEM', deleted_at: NULL_TIME, deleted_by: NULL_STRING,
              position: NULL_INT, require_certify: NULL_BOOL, analysis_enabled: NULL_BOOL, glyph: NULL_STRING,
            },
          ],
        },
      });
    });

    it('answers one tag as data.tag', async () => {
      const res = await readOnly.get('/asset-group-tags/2');
      expect(res.status).toBe(200);
      expect(res.body.data.tag).toMatchObject({ id: 2, type: 3, name: 'Owned' });
    });

    it('answers 404 id is malformed for a malformed or out-of-range id', async () => {
      for (const id of ['abc', '1.5', '-1', '2147483648']) {
        expect(errorMessage(await readOnly.get(`/asset-group-tags/${id}`), 404)).toBe('id is malformed');
      }
    });

    it('answers 404 resource not found for an unknown id', async () => {
      expect(errorMessage(await readOnly.get('/asset-group-tags/999'), 404)).toBe('resource not found');
      expect(errorMessage(await writer.patch('/asset-group-tags/999', { description: 'x' }), 404)).toBe('resource not found');
      expect(errorMessage(await writer.delete('/asset-group-tags/999'), 404)).toBe('resource not found');
    });

    it('lets the seeded tags be described, not renamed or deleted', async () => {
      const res = await writer.patch('/asset-group-tags/2', { description: 'Objects we own' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: 2, name: 'Owned', description: 'Objects we own', updated_by: WRITER_EMAIL });
      expect(errorMessage(await writer.patch('/asset-group-tags/2', { name: 'Mine' }), 400))
        .toBe('renaming default tags is forbidden currently');
      expect(errorMessage(await writer.patch('/asset-group-tags/1', { name: 'Tier Zero' }), 400))
        .toBe('renaming default tags is forbidden currently');
      expect(errorMessage(await writer.delete('/asset-group-tags/1'), 400)).toBe('default tags cannot be deleted');
      expect(errorMessage(await writer.delete('/asset-group-tags/2'), 400)).toBe('default tags cannot be deleted');
    });

    it('answers 403 for the position and analysis of Tier Zero, 400 for its glyph', async () => {
      expect(errorMessage(await writer.patch('/asset-group-tags/1', { position: 2 }), 403)).toBe('tier zero position cannot be modified');
      expect(errorMessage(await writer.patch('/asset-group-tags/1', { analysis_enabled: false }), 403))
        .toBe('tier zero analysis_enabled cannot be modified');
      expect(errorMessage(await writer.patch('/asset-group-tags/1', { glyph: 'crown' }), 400)).toBe('tier zero glyph cannot be modified');
    });
  });

  describe('POST /api/v2/asset-group-tags', () => {
    it('creates a label with every field, created_by shown as the email', async () => {
      const res = await writer.post('/asset-group-tags', { name: 'Crown Jewels', type: 2, description: 'The best' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          id: expect.any(Number), type: 2, kind_id: await kindId('Tag_Crown_Jewels'), name: 'Crown Jewels', description: 'The best',
          created_at: expect.stringMatching(RFC3339), created_by: WRITER_EMAIL,
          updated_at: expect.stringMatching(RFC3339), updated_by: WRITER_EMAIL, deleted_at: NULL_TIME, deleted_by: NULL_STRING,
          position: NULL_INT, require_certify: NULL_BOOL, analysis_enabled: NULL_BOOL, glyph: NULL_STRING,
        },
      });
      const stored = await db.query('SELECT created_by, updated_by FROM asset_group_tags WHERE id = $1', [res.body.data.id]);
      expect(stored.rows[0]).toEqual({ created_by: writerId, updated_by: writerId });
    });

    it('creates a tier last by default, with false tier flags and its glyph', async () => {
      const res = await writer.post('/asset-group-tags', { name: 'Tier One', type: 1, glyph: 'dragon' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        type: 1, position: { int32: 2, valid: true }, require_certify: { bool: false, valid: true },
        analysis_enabled: { bool: false, valid: true }, glyph: { string: 'dragon', valid: true },
      });
      expect(await tiers()).toEqual(['Tier Zero', 'Tier One']);
    });

    it('inserts a tier at a position and shifts the later tiers', async () => {
      const res = await writer.post('/asset-group-tags', {
        name: 'Tier Half', type: 1, position: 2, require_certify: true, analysis_enabled: true, glyph: '',
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        position: { int32: 2, valid: true }, require_certify: { bool: true, valid: true },
        analysis_enabled: { bool: true, valid: true }, glyph: NULL_STRING,
      });
      expect(await tiers()).toEqual(['Tier Zero', 'Tier Half', 'Tier One']);
    });

    it.each([
      [{ type: 2 }, 'name is required'],
      [{ name: '', type: 2 }, 'name can not be empty'],
      [{ name: '   ', type: 2 }, 'name can not be empty'],
      [{ name: 'bad-name', type: 2 }, 'asset group tag name must contain only alphanumeric characters, spaces, and underscores'],
      [{ name: 'x'.repeat(251), type: 2 }, 'asset group tag name is limited to 250 characters'],
      [{ name: 'No Type' }, 'valid tag_type is required'],
      [{ name: 'Owned Two', type: 3 }, 'valid tag_type is required'],
      [{ name: 'Type Nine', type: 9 }, 'valid tag_type is required'],
      [{ name: 'Label Pos', type: 2, position: 2 }, 'position and require_certify are only allowed for tiers'],
      [{ name: 'Label Cert', type: 2, require_certify: true }, 'position and require_certify are only allowed for tiers'],
      [{ name: 'Label Analysis', type: 2, analysis_enabled: true }, 'analysis_enabled is only allowed for tiers'],
      [{ name: 'Label Glyph', type: 2, glyph: 'crown' }, 'only zones support custom glyphs'],
      [{ name: 'Tier Pos1', type: 1, position: 1 }, 'provided tier position is out of range'],
      [{ name: 'Tier Pos9', type: 1, position: 9 }, 'provided tier position is out of range'],
      [{ name: 'Tier Gem', type: 1, glyph: 'fa-gem' }, 'glyphs similar to tier zero or owned not allowed'],
      [{ name: 'Tier Skull', type: 1, glyph: 'skull' }, 'glyphs similar to tier zero or owned not allowed'],
      [{ name: 'Tier Bad Glyph', type: 1, glyph: '<svg onload=x>' }, 'the glyph specified is invalid'],
      [{ name: 'Wrong', type: '2' }, 'error unmarshalling JSON payload'],
      [{ name: 7, type: 2 }, 'error unmarshalling JSON payload'],
      [{ name: 'Wrong', type: 2, description: 5 }, 'error unmarshalling JSON payload'],
      [{ name: 'Wrong', type: 1, position: 2.5 }, 'error unmarshalling JSON payload'],
      [{ name: 'Wrong', type: 1, require_certify: 'yes' }, 'error unmarshalling JSON payload'],
    ])('answers 400 for %j: %s', async (body, message) => {
      const res = await writer.post('/asset-group-tags', body);
      expect(errorMessage(res, 400)).toBe(message);
    });

    it('answers 400 error unmarshalling JSON payload for a body that is not a JSON object', async () => {
      expect(errorMessage(await writer.raw('post', '/asset-group-tags', '{"name": '), 400)).toBe('error unmarshalling JSON payload');
      expect(errorMessage(await writer.raw('post', '/asset-group-tags', '[{"name":"x","type":2}]'), 400))
        .toBe('error unmarshalling JSON payload');
      expect(errorMessage(await writer.post('/asset-group-tags'), 400)).toBe('error unmarshalling JSON payload');
    });

    it('answers 409 when the derived kind is taken, whatever the spelling', async () => {
      for (const name of ['Crown Jewels', 'Crown_Jewels', 'Tier Zero', 'Tier_Zero', 'Owned']) {
        expect(errorMessage(await writer.post('/asset-group-tags', { name, type: 2 }), 409)).toBe('asset group tag name must be unique');
      }
    });

    it('lets a tag take a kind no tag holds', async () => {
      await db.query(`INSERT INTO kind (name) VALUES ('Tag_Left_Over') ON CONFLICT DO NOTHING`);
      const tag = await create({ name: 'Left Over', type: 2 });
      expect(tag.kind_id).toBe(await kindId('Tag_Left_Over'));
    });

    it('answers 409 for a glyph another tier has', async () => {
      expect(errorMessage(await writer.post('/asset-group-tags', { name: 'Dragon Two', type: 1, glyph: 'dragon' }), 409))
        .toBe('asset group tag glyph must be unique');
    });
  });

  describe('GET /api/v2/asset-group-tags', () => {
    it('filters with the list-query language', async () => {
      const names = async (query: string) => {
        const res = await readOnly.get(`/asset-group-tags${query}`);
        expect(res.status).toBe(200);
        return (res.body.data.tags as { name: string }[]).map((tag) => tag.name);
      };
      expect(await names('?type=eq:1')).toEqual(['Tier Zero', 'Tier One', 'Tier Half']);
      expect(await names('?name=~eq:jewel')).toEqual(['Crown Jewels']);
      expect(await names('?type=neq:1&require_certify=eq:null&deleted_at=eq:null')).toEqual(['Owned', 'Crown Jewels', 'Left Over']);
      expect(await names(`?created_by=eq:${WRITER_EMAIL}&analysis_enabled=eq:true`)).toEqual(['Tier Half']);
      expect(await names('?created_at=gt:2000-01-01T00:00:00Z&name=eq:Owned')).toEqual(['Owned']);
    });

    it('filters created_by and updated_by on what the tag shows (the email of a user who has one), not the stored id', async () => {
      const names = async (query: string) => {
        const res = await readOnly.get(`/asset-group-tags${query}`);
        expect(res.status).toBe(200);
        return (res.body.data.tags as { name: string; created_by: string }[]).map((tag) => tag.name);
      };
      const shown = (await readOnly.get('/asset-group-tags?name=eq:Tier%20Half')).body.data.tags[0];
      expect(shown).toMatchObject({ created_by: WRITER_EMAIL, updated_by: WRITER_EMAIL });
      expect(await names(`?created_by=eq:${WRITER_EMAIL}&name=eq:Tier%20Half`)).toEqual(['Tier Half']);
      expect(await names(`?updated_by=eq:${WRITER_EMAIL}&name=eq:Tier%20Half`)).toEqual(['Tier Half']);
      expect(await names(`?created_by=eq:${writerId}`)).toEqual([]);
      expect(await names('?created_by=eq:SYSTEM')).toEqual(['Tier Zero', 'Owned']);
      expect(await names(`?created_by=neq:${WRITER_EMAIL}&created_by=neq:SYSTEM`)).toEqual([]);
    });

    it('adds counts with counts=true', async () => {
      const res = await readOnly.get('/asset-group-tags?counts=true&name=eq:Crown%20Jewels');
      expect(res.status).toBe(200);
      expect(res.body.data.tags[0].counts).toEqual({ selectors: 0, members: 0 });
      const without = await readOnly.get('/asset-group-tags?name=eq:Crown%20Jewels');
      expect(without.body.data.tags[0]).not.toHaveProperty('counts');
    });

    it('answers 400 for bad filters and counts values', async () => {
      expect(errorMessage(await readOnly.get('/asset-group-tags?position=eq:1'), 400)).toBe('the specified column cannot be filtered: position');
      expect(errorMessage(await readOnly.get('/asset-group-tags?type=gt:1'), 400))
        .toBe('the specified filter predicate is not supported for this column: type gt');
      expect(errorMessage(await readOnly.get('/asset-group-tags?type=eq:abc'), 400)).toBe('there are errors in the query parameter filters specified');
      // type is a smallint column: a value outside int16 is refused before it reaches the database.
      expect(errorMessage(await readOnly.get('/asset-group-tags?type=eq:40000'), 400)).toBe('there are errors in the query parameter filters specified');
      expect(errorMessage(await readOnly.get('/asset-group-tags?type=neq:-32769'), 400)).toBe('there are errors in the query parameter filters specified');
      expect(errorMessage(await readOnly.get('/asset-group-tags?counts=maybe'), 400)).toBe('Invalid value specified for include counts');
    });
  });

  describe('PATCH /api/v2/asset-group-tags/{id}', () => {
    let tierOne: number;
    let crown: number;

    beforeAll(async () => {
      const { rows } = await db.query(`SELECT id, name FROM asset_group_tags`);
      const byName = new Map(rows.map((row) => [row.name as string, row.id as number]));
      tierOne = byName.get('Tier One')!;
      crown = byName.get('Crown Jewels')!;
    });

    it('changes a tier and answers it with every field', async () => {
      const res = await writer.patch(`/asset-group-tags/${tierOne}`, {
        description: 'first line', require_certify: true, analysis_enabled: true, glyph: 'crown', ignored: 1,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          id: tierOne, type: 1, kind_id: await kindId('Tag_Tier_One'), name: 'Tier One', description: 'first line',
          created_at: expect.stringMatching(RFC3339), created_by: WRITER_EMAIL,
          updated_at: expect.stringMatching(RFC3339), updated_by: WRITER_EMAIL, deleted_at: NULL_TIME, deleted_by: NULL_STRING,
          position: { int32: 3, valid: true }, require_certify: { bool: true, valid: true },
          analysis_enabled: { bool: true, valid: true }, glyph: { string: 'crown', valid: true },
        },
      });
    });

    it('moves a tier and shifts the tiers in between', async () => {
      expect((await writer.patch(`/asset-group-tags/${tierOne}`, { position: 2 })).status).toBe(200);
      expect(await tiers()).toEqual(['Tier Zero', 'Tier One', 'Tier Half']);
      expect(errorMessage(await writer.patch(`/asset-group-tags/${tierOne}`, { position: 4 }), 400))
        .toBe('provided tier position is out of range');
    });

    it('clears a glyph with ""', async () => {
      const res = await writer.patch(`/asset-group-tags/${tierOne}`, { glyph: '' });
      expect(res.status).toBe(200);
      expect(res.body.data.glyph).toEqual(NULL_STRING);
    });

    it.each([
      [{}, 400, 'no valid fields specified'],
      [{ unknown: true, position: null }, 400, 'no valid fields specified'],
      [{ name: '' }, 400, 'name can not be empty'],
      [{ name: 'a/b' }, 400, 'asset group tag name must contain only alphanumeric characters, spaces, and underscores'],
      [{ name: 'x'.repeat(251) }, 400, 'asset group tag name is limited to 250 characters'],
      [{ require_certify: true }, 400, 'only zones support modifying require_certify'],
      [{ position: 2 }, 400, 'only zones support modifying position'],
      [{ analysis_enabled: true }, 400, 'only zones support modifying analysis_enabled'],
      [{ glyph: 'crown' }, 400, 'only zones support custom glyphs'],
      [{ name: 'Owned' }, 409, 'asset group tag name must be unique'],
      [{ name: 5 }, 400, 'error unmarshalling JSON payload'],
    ])('answers a label patch %j with %i %s', async (body, status, message) => {
      expect(errorMessage(await writer.patch(`/asset-group-tags/${crown}`, body), status)).toBe(message);
    });

    it('answers a patch that changes nothing with the tag as it is', async () => {
      const before = (await readOnly.get(`/asset-group-tags/${crown}`)).body.data.tag;
      const res = await writer.patch(`/asset-group-tags/${crown}`, { name: 'Crown Jewels', description: before.description });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(before);
    });

    it('answers 409 for a glyph another tier has', async () => {
      await writer.patch(`/asset-group-tags/${tierOne}`, { glyph: 'castle' });
      const half = (await db.query(`SELECT id FROM asset_group_tags WHERE name = 'Tier Half'`)).rows[0].id;
      expect(errorMessage(await writer.patch(`/asset-group-tags/${half}`, { glyph: 'castle' }), 409))
        .toBe('asset group tag glyph must be unique');
      expect(errorMessage(await writer.patch(`/asset-group-tags/${half}`, { glyph: 'skull-crossbones' }), 400))
        .toBe('glyphs similar to tier zero or owned not allowed');
    });
  });

  describe('renaming and deleting move the tag kind on member nodes', () => {
    let tagId: number;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const stored = await seedGraph(t.app.get(GraphStore), GRAPH);
      for (const [objectid, node] of stored) ids[objectid.slice(-4)] = node.id;
      tagId = (await create({ name: 'Move Me', type: 2 })).id;
      const selector = await db.query(
        `INSERT INTO asset_group_tag_selectors (asset_group_tag_id, name, created_by, updated_by)
         VALUES ($1, 'picked', 'SYSTEM', 'SYSTEM') RETURNING id`,
        [tagId],
      );
      for (const key of ['1101', '1102']) {
        await db.query(
          `INSERT INTO asset_group_tag_selector_nodes (selector_id, node_id, source, object_id, name, primary_kind)
           VALUES ($1, $2, 1, $3, $3, 'User')`,
          [selector.rows[0].id, ids[key], `S-1-5-21-9-${key}`],
        );
      }
      await t.app.get(GraphStore).replaceKindMembers('Tag_Move_Me', [ids['1101'], ids['1102']]);
    });

    it('counts the selectors and distinct members of the tag', async () => {
      const res = await readOnly.get('/asset-group-tags?counts=true&name=eq:Move%20Me');
      expect(res.status).toBe(200);
      expect(res.body.data.tags.map((tag: { counts: unknown }) => tag.counts)).toEqual([{ selectors: 1, members: 2 }]);
    });

    it('moves the kind to the new name on exactly the members', async () => {
      expect(await nodesOf('MATCH (n:Tag_Move_Me) RETURN n')).toEqual([ids['1101'], ids['1102']].sort());
      const res = await writer.patch(`/asset-group-tags/${tagId}`, { name: 'Moved Here' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Moved Here', kind_id: await kindId('Tag_Moved_Here') });
      expect(await nodesOf('MATCH (n:Tag_Moved_Here) RETURN n')).toEqual([ids['1101'], ids['1102']].sort());
      const old = await admin.post('/graphs/cypher', { query: 'MATCH (n:Tag_Move_Me) RETURN n' });
      expect(errorMessage(old, 404)).toBe('resource not found');
    });

    it('deletes the tag (204, no body), takes the kind off its members and keeps the kind', async () => {
      const res = await writer.delete(`/asset-group-tags/${tagId}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(errorMessage(await readOnly.get(`/asset-group-tags/${tagId}`), 404)).toBe('resource not found');
      expect(await nodesOf('MATCH (n:Tag_Moved_Here) RETURN n')).toEqual([]);
      expect(await kindId('Tag_Moved_Here')).toEqual(expect.any(Number));
      const rows = await db.query('SELECT count(*)::int AS n FROM asset_group_tag_selectors WHERE asset_group_tag_id = $1', [tagId]);
      expect(rows.rows[0].n).toBe(0);
    });

    it('closes the gap in the tier positions when a tier is deleted', async () => {
      const extra = await create({ name: 'Tier Extra', type: 1, position: 2 });
      expect(await tiers()).toEqual(['Tier Zero', 'Tier Extra', 'Tier One', 'Tier Half']);
      expect((await writer.delete(`/asset-group-tags/${extra.id}`)).status).toBe(204);
      expect(await tiers()).toEqual(['Tier Zero', 'Tier One', 'Tier Half']);
      const { rows } = await db.query('SELECT position FROM asset_group_tags WHERE type = 1 ORDER BY position');
      expect(rows.map((row) => row.position)).toEqual([1, 2, 3]);
    });
  });

  describe('concurrent writes', () => {
    it('keeps tier positions contiguous when tiers are created and deleted at once', async () => {
      const created = await Promise.all(
        ['Race A', 'Race B', 'Race C', 'Race D'].map((name) => writer.post('/asset-group-tags', { name, type: 1, position: 2 })),
      );
      expect(created.map((res) => res.status)).toEqual([201, 201, 201, 201]);
      const positions = async () =>
        (await db.query('SELECT position FROM asset_group_tags WHERE type = 1 ORDER BY position')).rows.map((row) => row.position);
      expect(await positions()).toEqual([1, 2, 3, 4, 5, 6, 7]);
      const deleted = await Promise.all(created.map((res) => writer.delete(`/asset-group-tags/${res.body.data.id}`)));
      expect(deleted.map((res) => res.status)).toEqual([204, 204, 204, 204]);
      expect(await positions()).toEqual([1, 2, 3]);
    });

    it('answers one 201 and one 409 for the same name created at once', async () => {
      const results = await Promise.all([1, 2].map(() => writer.post('/asset-group-tags', { name: 'Twin', type: 2 })));
      expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    });
  });

  describe('limits', () => {
    it('answers 400 tag limit has been exceeded past 25 tiers', async () => {
      const existing = (await tiers()).length;
      await db.query(
        `WITH k AS (INSERT INTO kind (name) SELECT 'Tag_Filler_' || i FROM generate_series(1, $1::int) i RETURNING id, name)
         INSERT INTO asset_group_tags (type, kind_id, name, position, created_by, updated_by)
         SELECT 1, k.id, substr(k.name, 5), $2::int + row_number() OVER (ORDER BY k.id), 'SYSTEM', 'SYSTEM' FROM k`,
        [25 - existing, existing],
      );
      expect(errorMessage(await writer.post('/asset-group-tags', { name: 'One Too Many', type: 1 }), 400))
        .toBe('tag limit has been exceeded');
      expect((await writer.post('/asset-group-tags', { name: 'Still A Label', type: 2 })).status).toBe(201);
    });
  });

  describe('access', () => {
    it('answers 401 without credentials', async () => {
      expect(errorMessage(await new Caller(t).get('/asset-group-tags'), 401)).toBe('not authenticated');
      expect(errorMessage(await new Caller(t).post('/asset-group-tags', { name: 'x', type: 2 }), 401)).toBe('not authenticated');
    });

    it('answers 403 to a Read-Only user on every write', async () => {
      expect(errorMessage(await readOnly.post('/asset-group-tags', { name: 'Nope', type: 2 }), 403)).toBe('not authorized');
      expect(errorMessage(await readOnly.patch('/asset-group-tags/2', { description: 'x' }), 403)).toBe('not authorized');
      expect(errorMessage(await readOnly.delete('/asset-group-tags/2'), 403)).toBe('not authorized');
    });

    it('answers 403 to a caller without graphdb:Read', async () => {
      const { caller } = await userSession(t, admin, Roles.UploadOnly);
      expect(errorMessage(await caller.get('/asset-group-tags/1'), 403)).toBe('not authorized');
    });
  });
});
