import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { ApiError } from '@app/platform';
import { SelectorStore, TIER_ZERO_RULES } from '@app/asset-groups/testing';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';
import { adminCaller, Caller, NULL_TIME, RFC3339, Roles, uniqueName, userSession } from './support/identity.js';

/**
 * Asset group tag selectors over HTTP: list (filters, sort, paging, counts), create, get, update and delete, each
 * success shape and each refusal with its status and message.
 */

const NULL_STRING = { string: '', valid: false };
const BAD_FILTER = 'there are errors in the query parameter filters specified';
const TIER_ZERO = 1;
const OWNED = 2;

describe('asset group tag selectors', () => {
  let t: TestApp;
  let sql: Client;
  let admin: Caller;
  let writer: Caller;
  let writerEmail: string;
  let reader: Caller;
  let labelId: number;
  let zoneId: number;

  const base = (tagId: number) => `/asset-group-tags/${tagId}/selectors`;

  /** A tag made in SQL (tag creation is another endpoint's concern). */
  async function insertTag(name: string, type: number, position: number | null): Promise<number> {
    const [row] = (await sql.query(
      `WITH k AS (INSERT INTO kind (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id)
       INSERT INTO asset_group_tags (type, kind_id, name, position, created_by, updated_by)
       SELECT $2, k.id, $3, $4, 'SYSTEM', 'SYSTEM' FROM k RETURNING id`,
      [`Tag_${name.replaceAll(' ', '_')}`, type, name, position],
    )).rows;
    return Number(row.id);
  }

  async function create(tagId: number, body: object) {
    const res = await writer.post(base(tagId), body);
    if (res.status !== 201) throw new Error(`create selector: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number; [field: string]: unknown };
  }

  beforeAll(async () => {
    t = await createTestApp();
    sql = new Client({ connectionString: t.databaseUrl });
    await sql.connect();
    admin = await adminCaller(t);
    writerEmail = `${uniqueName('writer')}@example.com`;
    writer = (await userSession(t, admin, Roles.Administrator, { email_address: writerEmail })).caller;
    reader = (await userSession(t, admin, Roles.ReadOnly)).caller;
    labelId = await insertTag('Crown Jewels', 2, null);
    zoneId = await insertTag('Tier One', 1, 2);
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  describe('GET /asset-group-tags/{id}/selectors', () => {
    it('lists the seeded Tier Zero rules, paginated by 50, with every field', async () => {
      const res = await reader.get(base(TIER_ZERO));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: TIER_ZERO_RULES.length, skip: 0, limit: 50 });
      expect(res.body.data.selectors).toHaveLength(TIER_ZERO_RULES.length);
      expect(res.body.data.selectors[0]).toEqual({
        id: 1,
        asset_group_tag_id: TIER_ZERO,
        created_at: expect.stringMatching(RFC3339),
        created_by: 'SYSTEM',
        updated_at: expect.stringMatching(RFC3339),
        updated_by: 'SYSTEM',
        disabled_at: NULL_TIME,
        disabled_by: NULL_STRING,
        name: 'Domain root object',
        description: 'Domain root object',
        auto_certify: 0,
        is_default: true,
        allow_disable: false,
        seeds: [{ type: 2, value: TIER_ZERO_RULES[0].cypher }],
        last_evaluated_at: NULL_TIME,
        last_error: NULL_STRING,
      });
    });

    it('shows rules that are off by default as disabled by SYSTEM', async () => {
      const res = await reader.get(`${base(TIER_ZERO)}?name=eq:DNS%20Admins`);
      expect(res.status).toBe(200);
      expect(res.body.data.selectors).toEqual([expect.objectContaining({
        name: 'DNS Admins', allow_disable: true, disabled_at: { time: expect.stringMatching(RFC3339), valid: true },
        disabled_by: { string: 'SYSTEM', valid: true },
      })]);
    });

    it('filters by name (~eq), is_default and seed type, sorts, and pages', async () => {
      const res = await reader.get(`${base(TIER_ZERO)}?name=~eq:admins&sort_by=-name&skip=1&limit=2`);
      expect(res.status).toBe(200);
      const admins = TIER_ZERO_RULES.map((r) => r.name).filter((n) => n.toLowerCase().includes('admins')).sort().reverse();
      expect(res.body).toMatchObject({ count: admins.length, skip: 1, limit: 2 });
      expect(res.body.data.selectors.map((s: { name: string }) => s.name)).toEqual(admins.slice(1, 3));
      const custom = await reader.get(`${base(TIER_ZERO)}?is_default=eq:false`);
      expect(custom.body).toEqual({ count: 0, skip: 0, limit: 50, data: { selectors: [] } });
      const objectIdSeeded = await reader.get(`${base(TIER_ZERO)}?type=eq:1`);
      expect(objectIdSeeded.body.count).toBe(0);
    });

    it('adds counts.members with counts=true', async () => {
      const res = await reader.get(`${base(TIER_ZERO)}?counts=true&limit=1`);
      expect(res.status).toBe(200);
      expect(res.body.data.selectors[0].counts).toEqual({ members: 0 });
    });

    it('answers 400 for a bad counts value, an unsortable column and an unknown filter column', async () => {
      expect(errorMessage(await reader.get(`${base(TIER_ZERO)}?counts=yes`), 400)).toBe('Invalid value specified for include counts');
      expect(errorMessage(await reader.get(`${base(TIER_ZERO)}?sort_by=seeds`), 400)).toBe('column format does not support sorting: seeds');
      expect(errorMessage(await reader.get(`${base(TIER_ZERO)}?kind=eq:x`), 400)).toBe('the specified column cannot be filtered: kind');
      expect(errorMessage(await reader.get(`${base(TIER_ZERO)}?limit=-1`), 400)).toBe('query parameter "limit" is malformed: invalid limit: -1');
    });

    it('answers 400 for auto_certify and type values outside their smallint columns', async () => {
      expect(errorMessage(await reader.get(`${base(TIER_ZERO)}?auto_certify=eq:40000`), 400)).toBe(BAD_FILTER);
      expect(errorMessage(await reader.get(`${base(TIER_ZERO)}?type=neq:40000`), 400)).toBe(BAD_FILTER);
    });

    it('answers 400 for a counts environment with a NUL', async () => {
      expect(errorMessage(await reader.get(`${base(TIER_ZERO)}?counts=true&environments=%00`), 400)).toBe(BAD_FILTER);
    });

    it('filters created_by, updated_by and disabled_by on what the selector shows: the email', async () => {
      const created = await create(labelId, { name: uniqueName('by'), seeds: [{ type: 1, value: 'S-1' }] });
      await writer.patch(`${base(labelId)}/${created.id}`, { disabled: true });
      const ids = async (query: string) => {
        const res = await reader.get(`${base(labelId)}?${query}`);
        expect(res.status).toBe(200);
        return (res.body.data.selectors as { id: number }[]).map((s) => s.id);
      };
      expect(await ids(`created_by=eq:${writerEmail}&name=eq:${created.name}`)).toEqual([created.id]);
      expect(await ids(`updated_by=eq:${writerEmail}&name=eq:${created.name}`)).toEqual([created.id]);
      expect(await ids(`disabled_by=eq:${writerEmail}&name=eq:${created.name}`)).toEqual([created.id]);
      expect(await ids(`created_by=neq:${writerEmail}&name=eq:${created.name}`)).toEqual([]);
      expect(await ids(`created_by=eq:SYSTEM&name=eq:${created.name}`)).toEqual([]);
    });

    it('answers 404 for an unknown tag and for a malformed tag id', async () => {
      expect(errorMessage(await reader.get(base(9999)), 404)).toBe('resource not found');
      expect(errorMessage(await reader.get('/asset-group-tags/abc/selectors'), 404)).toBe('id is malformed');
    });

    it('answers 401 without credentials', async () => {
      expect(errorMessage(await new Caller(t).get(base(TIER_ZERO)), 401)).toBe('not authenticated');
    });
  });

  describe('POST /asset-group-tags/{id}/selectors', () => {
    it('creates a selector (201) shown with the author\'s email', async () => {
      const res = await writer.post(base(labelId), {
        name: 'jewels', description: 'the crown jewels', seeds: [{ type: 1, value: 'S-1-5-21-1-1000' }, { type: 1, value: 'S-1-5-21-1-1001' }],
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          id: expect.any(Number),
          asset_group_tag_id: labelId,
          created_at: expect.stringMatching(RFC3339),
          created_by: writerEmail,
          updated_at: expect.stringMatching(RFC3339),
          updated_by: writerEmail,
          disabled_at: NULL_TIME,
          disabled_by: NULL_STRING,
          name: 'jewels',
          description: 'the crown jewels',
          auto_certify: 0,
          is_default: false,
          allow_disable: true,
          seeds: [{ type: 1, value: 'S-1-5-21-1-1000' }, { type: 1, value: 'S-1-5-21-1-1001' }],
          last_evaluated_at: NULL_TIME,
          last_error: NULL_STRING,
        },
      });
    });

    it('accepts a Cypher seed and auto_certify on a zone', async () => {
      const selector = await create(zoneId, { name: 'servers', auto_certify: 2, seeds: [{ type: 2, value: 'MATCH (n:Computer) RETURN n' }] });
      expect(selector).toMatchObject({ auto_certify: 2, seeds: [{ type: 2, value: 'MATCH (n:Computer) RETURN n' }] });
    });

    it('refuses missing, empty, unknown, mixed and empty-valued seeds (400)', async () => {
      const refuse = async (body: object) => errorMessage(await writer.post(base(labelId), { name: uniqueName('s'), ...body }), 400);
      expect(await refuse({})).toBe('seeds are required');
      expect(await refuse({ seeds: [] })).toBe('seeds are required');
      expect(await refuse({ seeds: [{ type: 3, value: 'x' }] })).toBe('invalid seed type 3');
      expect(await refuse({ seeds: [{ type: 1, value: 'x' }, { type: 2, value: 'MATCH (n) RETURN n' }] })).toBe('all seeds must be of the same type');
      expect(await refuse({ seeds: [{ type: 1, value: '' }] })).toBe('seed values must be non-empty strings');
      expect(await refuse({ seeds: Array.from({ length: 1001 }, (_, i) => ({ type: 1, value: `S-${i}` })) }))
        .toBe('a selector may have at most 1000 seeds');
    });

    it('answers 400 to 3,000,000 empty seeds (9 MB) without checking each of them (the process ran out of memory)', async () => {
      const body = `{"name":"${uniqueName('s')}","seeds":[${Array(3_000_000).fill('{}').join(',')}]}`;
      expect(errorMessage(await writer.raw('post', base(labelId), body), 400)).toBe('a selector may have at most 1000 seeds');
    });

    it('refuses a Cypher seed that does not parse or is too complex for a selector (400)', async () => {
      const refuse = async (value: string) => errorMessage(await writer.post(base(labelId), { name: uniqueName('s'), seeds: [{ type: 2, value }] }), 400);
      expect(await refuse('MATCH (n RETURN n')).toMatch(/^cypher is invalid: .*line 1:/);
      expect(await refuse('MATCH p=(a)-[*]->(b) RETURN p'))
        .toBe('cypher is invalid: cypher query is too complex and is likely to result in poor or unstable database performance');
      expect(await refuse('MATCH (n) DETACH DELETE n')).toBe('cypher is invalid: updating clauses are not supported');
    });

    it('refuses auto_certify outside zones and outside 0..2 (400)', async () => {
      const seeds = [{ type: 1, value: 'S-1' }];
      expect(errorMessage(await writer.post(base(labelId), { name: uniqueName('s'), auto_certify: 1, seeds }), 400))
        .toBe('auto_certify is only available for asset group tags of tag_type = 1 (zones)');
      expect(errorMessage(await writer.post(base(zoneId), { name: uniqueName('s'), auto_certify: 3, seeds }), 400))
        .toBe('auto_certify must be an input value of 0 to 2');
    });

    it('refuses a missing name (400) and malformed JSON (400)', async () => {
      expect(errorMessage(await writer.post(base(labelId), { seeds: [{ type: 1, value: 'S-1' }] }), 400)).toBe('name must be a string');
      expect(errorMessage(await writer.raw('post', base(labelId), '{"name":'), 400)).toBe('error unmarshalling JSON payload');
    });

    it('answers 409 for a name the tag already has, but allows it on another tag', async () => {
      await create(labelId, { name: 'twice', seeds: [{ type: 1, value: 'S-1' }] });
      expect(errorMessage(await writer.post(base(labelId), { name: 'twice', seeds: [{ type: 1, value: 'S-2' }] }), 409))
        .toBe('asset group tag selector name must be unique');
      await create(zoneId, { name: 'twice', seeds: [{ type: 1, value: 'S-1' }] });
    });

    it('answers 404 for an unknown or malformed tag id', async () => {
      const body = { name: uniqueName('s'), seeds: [{ type: 1, value: 'S-1' }] };
      expect(errorMessage(await writer.post(base(9999), body), 404)).toBe('resource not found');
      expect(errorMessage(await writer.post('/asset-group-tags/1x/selectors', body), 404)).toBe('id is malformed');
    });

    it('answers 403 for a caller without graphdb:Write', async () => {
      expect(errorMessage(await reader.post(base(labelId), { name: 'x', seeds: [{ type: 1, value: 'S-1' }] }), 403)).toBe('not authorized');
    });
  });

  describe('GET /asset-group-tags/{id}/selectors/{selector_id}', () => {
    it('answers the selector wrapped in "selector"', async () => {
      const created = await create(labelId, { name: uniqueName('s'), seeds: [{ type: 1, value: 'S-1' }] });
      const res = await reader.get(`${base(labelId)}/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { selector: created } });
    });

    it('answers 404 for a selector of another tag, an unknown one and a malformed id', async () => {
      expect(errorMessage(await reader.get(`${base(labelId)}/1`), 404)).toBe('selector is not part of asset group tag');
      expect(errorMessage(await reader.get(`${base(labelId)}/99999`), 404)).toBe('resource not found');
      expect(errorMessage(await reader.get(`${base(labelId)}/one`), 404)).toBe('id is malformed');
      expect(errorMessage(await reader.get(`${base(9999)}/1`), 404)).toBe('resource not found');
    });
  });

  describe('PATCH /asset-group-tags/{id}/selectors/{selector_id}', () => {
    it('changes name, description and seeds, and keeps what is not given', async () => {
      const created = await create(labelId, { name: uniqueName('s'), description: 'd', seeds: [{ type: 1, value: 'S-1' }] });
      const name = uniqueName('renamed');
      const res = await writer.patch(`${base(labelId)}/${created.id}`, { name, seeds: [{ type: 2, value: 'MATCH (n:User) RETURN n' }] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: { ...created, name, seeds: [{ type: 2, value: 'MATCH (n:User) RETURN n' }], updated_at: expect.stringMatching(RFC3339) },
      });
      const kept = await writer.patch(`${base(labelId)}/${created.id}`, { description: '' });
      expect(kept.body.data).toMatchObject({ name, description: '', seeds: [{ type: 2, value: 'MATCH (n:User) RETURN n' }] });
    });

    it('disables and enables a selector', async () => {
      const created = await create(labelId, { name: uniqueName('s'), seeds: [{ type: 1, value: 'S-1' }] });
      const off = await writer.patch(`${base(labelId)}/${created.id}`, { disabled: true });
      expect(off.status).toBe(200);
      expect(off.body.data).toMatchObject({
        disabled_at: { time: expect.stringMatching(RFC3339), valid: true }, disabled_by: { string: writerEmail, valid: true },
      });
      const on = await writer.patch(`${base(labelId)}/${created.id}`, { disabled: false });
      expect(on.body.data).toMatchObject({ disabled_at: NULL_TIME, disabled_by: NULL_STRING });
    });

    it('lets a default selector change auto_certify and, when allowed, its disabled state', async () => {
      const dnsAdmins = (await reader.get(`${base(TIER_ZERO)}?name=eq:DNS%20Admins`)).body.data.selectors[0];
      const res = await writer.patch(`${base(TIER_ZERO)}/${dnsAdmins.id}`, { disabled: false, auto_certify: 1 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ auto_certify: 1, disabled_at: NULL_TIME, is_default: true });
      await writer.patch(`${base(TIER_ZERO)}/${dnsAdmins.id}`, { disabled: true, auto_certify: 0 });
    });

    it('answers 403 for disabling a selector that cannot be, and for other fields of a default selector', async () => {
      expect(errorMessage(await writer.patch(`${base(TIER_ZERO)}/1`, { disabled: true }), 403)).toBe('this selector cannot be disabled');
      expect(errorMessage(await writer.patch(`${base(TIER_ZERO)}/1`, { name: 'x' }), 403))
        .toBe('default selectors only support modifying auto_certify and disabled_at');
      expect(errorMessage(await writer.patch(`${base(TIER_ZERO)}/1`, { seeds: [{ type: 1, value: 'S-1' }] }), 403))
        .toBe('default selectors only support modifying auto_certify and disabled_at');
    });

    it('answers 400 for bad seeds or auto_certify, 409 for a taken name', async () => {
      const created = await create(labelId, { name: uniqueName('s'), seeds: [{ type: 1, value: 'S-1' }] });
      const path = `${base(labelId)}/${created.id}`;
      expect(errorMessage(await writer.patch(path, { seeds: [] }), 400)).toBe('seeds are required');
      expect(errorMessage(await writer.patch(path, { seeds: [{ type: 2, value: 'MATCH (' }] }), 400)).toMatch(/^cypher is invalid: /);
      expect(errorMessage(await writer.patch(path, { auto_certify: 2 }), 400))
        .toBe('auto_certify is only available for asset group tags of tag_type = 1 (zones)');
      expect(errorMessage(await writer.patch(path, { name: 'twice' }), 409)).toBe('asset group tag selector name must be unique');
    });

    it('answers 404 for a selector of another tag', async () => {
      expect(errorMessage(await writer.patch(`${base(OWNED)}/1`, { name: 'x' }), 404)).toBe('selector is not part of asset group tag');
    });

    it('answers 400 for more seeds than a selector may have', async () => {
      const created = await create(labelId, { name: uniqueName('s'), seeds: [{ type: 1, value: 'S-1' }] });
      const seeds = Array.from({ length: 1001 }, (_, i) => ({ type: 1, value: `S-${i}` }));
      expect(errorMessage(await writer.patch(`${base(labelId)}/${created.id}`, { seeds }), 400)).toBe('a selector may have at most 1000 seeds');
    });
  });

  describe('a tag deleted while a selector is written', () => {
    // The use case checks the tag first; a tag deleted between that check and the insert fails the foreign key.
    it('answers 404 resource not found when the insert finds the tag gone', async () => {
      const store = t.app.get(SelectorStore);
      const draft = { name: uniqueName('s'), description: '', autoCertify: 0 as const, seeds: [{ type: 1 as const, value: 'S-1' }] };
      const failure = await store.create(99999, draft, 'SYSTEM').then(() => null, (error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect({ status: (failure as ApiError).status, messages: (failure as ApiError).messages })
        .toEqual({ status: 404, messages: ['resource not found'] });
    });
  });

  describe('DELETE /asset-group-tags/{id}/selectors/{selector_id}', () => {
    it('deletes a selector (204, empty body)', async () => {
      const created = await create(labelId, { name: uniqueName('s'), seeds: [{ type: 1, value: 'S-1' }] });
      const res = await writer.delete(`${base(labelId)}/${created.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(errorMessage(await reader.get(`${base(labelId)}/${created.id}`), 404)).toBe('resource not found');
    });

    it('answers 403 for a default selector and for a reader, 404 for another tag\'s', async () => {
      expect(errorMessage(await writer.delete(`${base(TIER_ZERO)}/1`), 403)).toBe('cannot delete a default selector');
      expect(errorMessage(await reader.delete(`${base(TIER_ZERO)}/1`), 403)).toBe('not authorized');
      expect(errorMessage(await writer.delete(`${base(labelId)}/1`), 404)).toBe('selector is not part of asset group tag');
    });
  });
});
