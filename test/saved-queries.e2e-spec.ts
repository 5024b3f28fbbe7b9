import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response, Test } from 'supertest';
import * as yauzl from 'yauzl';
import { buildZip } from '@app/ingest/testing';
import { adminCaller, Caller, NULL_TIME, RFC3339, Roles, selfId, userSession } from './support/identity.js';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import { bearer, createApiToken, signedUpload } from './support/auth.js';

const CYPHER = 'MATCH (n:User) RETURN n';
const UNKNOWN_ID = 2147483000;

/** Collects a binary body as a Buffer, whatever its content type. */
const binary = (req: Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

/** The members of a zip and their text, in order. */
async function unzip(bytes: Buffer): Promise<[string, string][]> {
  const zip = await yauzl.fromBufferPromise(bytes);
  const members: [string, string][] = [];
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    members.push([entry.fileName, Buffer.concat(chunks).toString('utf8')]);
  }
  return members;
}

interface WireQuery {
  id: number;
  user_id: string;
  name: string;
  query: string;
  description: string;
  updated_at: string;
}

describe('saved queries', () => {
  let t: TestApp;
  let admin: Caller;
  let owner: Caller;
  let ownerId: string;
  let other: Caller;
  let otherId: string;
  let reader: Caller;
  let serial = 0;
  const unique = (prefix: string) => `${prefix} ${++serial}`;

  async function create(caller: Caller, name = unique('query'), extra: Record<string, unknown> = {}): Promise<WireQuery> {
    const res = await caller.post('/saved-queries', { name, query: CYPHER, ...extra });
    expect(res.status).toBe(201);
    return res.body.data as WireQuery;
  }

  async function share(caller: Caller, id: number, body: object): Promise<Response> {
    return caller.put(`/saved-queries/${id}/permissions`, body);
  }

  async function names(caller: Caller, query: string): Promise<string[]> {
    const res = await caller.get(`/saved-queries${query}`);
    expect(res.status).toBe(200);
    return (res.body.data as WireQuery[]).map((q) => q.name);
  }

  function unshare(caller: Caller, id: number, body: unknown) {
    return t.http().delete(`/api/v2/saved-queries/${id}/permissions`).set('Authorization', `Bearer ${caller.token}`)
      .send(body as object);
  }

  function importBody(caller: Caller, body: Buffer | string, type: string) {
    return t.http().post('/api/v2/saved-queries/import').set('Authorization', `Bearer ${caller.token}`)
      .set('Content-Type', type).send(body);
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    const ownerSession = await userSession(t, admin, Roles.User);
    owner = ownerSession.caller;
    ownerId = ownerSession.user.id;
    const otherSession = await userSession(t, admin, Roles.User);
    other = otherSession.caller;
    otherId = otherSession.user.id;
    reader = (await userSession(t, admin, Roles.ReadOnly)).caller;
  });
  afterAll(() => t.close());

  describe('POST /api/v2/saved-queries', () => {
    it('answers 201 with the saved query, its fields in the reference order', async () => {
      const res = await owner.post('/saved-queries', { name: 'Kerberoastable', query: CYPHER });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          user_id: ownerId, name: 'Kerberoastable', query: CYPHER, description: '', id: expect.any(Number),
          created_at: expect.stringMatching(RFC3339), updated_at: expect.stringMatching(RFC3339), deleted_at: NULL_TIME,
        },
      });
      expect(Object.keys(res.body.data)).toEqual(['user_id', 'name', 'query', 'description', 'id', 'created_at', 'updated_at', 'deleted_at']);
    });

    it('answers 400 when the name or the query is empty or missing', async () => {
      for (const body of [{ name: '', query: CYPHER }, { name: 'x' }, { query: CYPHER }]) {
        expect(errorMessage(await owner.post('/saved-queries', body), 400)).toBe('the name and/or query field is empty');
      }
    });

    it('answers 400 for a name the caller already uses, and lets another user take it', async () => {
      const name = unique('taken');
      await create(owner, name);
      expect(errorMessage(await owner.post('/saved-queries', { name, query: CYPHER }), 400))
        .toBe('duplicate name for saved query: please choose a different name');
      expect((await create(other, name)).name).toBe(name);
    });

    it("answers 400 with the parser's message for Cypher the cypher endpoint refuses", async () => {
      expect(errorMessage(await owner.post('/saved-queries', { name: unique('bad'), query: 'MATCH (n) DELETE n' }), 400))
        .toMatch(/not supported/);
      expect(errorMessage(await owner.post('/saved-queries', { name: unique('bad'), query: 'MATCH (n' }), 400)).toMatch(/line 1/);
    });

    it('answers 400 for a field of the wrong type, a body that is not an object, or another content type', async () => {
      expect(errorMessage(await owner.post('/saved-queries', { name: 1, query: CYPHER }), 400)).toBe('error unmarshalling JSON payload');
      expect(errorMessage(await owner.post('/saved-queries', [1]), 400)).toBe('error unmarshalling JSON payload');
      expect(errorMessage(await owner.raw('post', '/saved-queries', 'name=x', 'text/plain'), 400))
        .toBe('content type must be application/json');
    });

    it('answers 400 for NUL characters, which storage cannot hold', async () => {
      expect(errorMessage(await owner.post('/saved-queries', { name: 'a\u0000b', query: CYPHER }), 400))
        .toBe('values must not contain NUL characters');
    });

    it('answers 403 for a caller without saved_queries:Write (Read-Only)', async () => {
      expect(errorMessage(await reader.post('/saved-queries', { name: 'x', query: CYPHER }), 403)).toBe('not authorized');
    });
  });

  describe('GET /api/v2/saved-queries', () => {
    let lister: Caller;
    let sharer: Caller;
    let ids: Record<string, number>;

    beforeAll(async () => {
      lister = (await userSession(t, admin, Roles.User)).caller;
      sharer = (await userSession(t, admin, Roles.User)).caller;
      ids = {};
      for (const [name, description] of [['beta', 'second'], ['alpha', 'first'], ['gamma', 'third']]) {
        ids[name] = (await create(lister, name, { description })).id;
      }
      ids.sharedToLister = (await create(sharer, 'shared one')).id;
      expect((await share(sharer, ids.sharedToLister, { user_ids: [await selfId(lister)] })).status).toBe(201);
      ids.published = (await create(sharer, 'published one')).id;
      expect((await share(sharer, ids.published, { public: true })).status).toBe(201);
    });

    it("lists the caller's own queries by default, by id, in the paginated envelope with scope on each", async () => {
      const res = await lister.get('/saved-queries');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        count: 3, skip: 0, limit: 10000,
        data: [ids.beta, ids.alpha, ids.gamma].map((id) => expect.objectContaining({ id, scope: 'owned' })),
      });
      expect(Object.keys(res.body.data[0])).toEqual(
        ['user_id', 'name', 'query', 'description', 'id', 'created_at', 'updated_at', 'deleted_at', 'scope'],
      );
    });

    it('lists queries shared to the caller, public ones, or all of them by scope (case-insensitive)', async () => {
      const shared = await lister.get('/saved-queries?scope=shared');
      expect(shared.body.data).toEqual([expect.objectContaining({ id: ids.sharedToLister, scope: 'shared' })]);
      const publicOnes = (await lister.get('/saved-queries?scope=PUBLIC')).body.data as (WireQuery & { scope: string })[];
      expect(publicOnes.find((q) => q.id === ids.published)?.scope).toBe('public');
      const all = (await lister.get('/saved-queries?scope=all')).body.data as (WireQuery & { scope: string })[];
      expect(all.filter((q) => Object.values(ids).includes(q.id)).map((q) => [q.id, q.scope])).toEqual([
        [ids.beta, 'owned'], [ids.alpha, 'owned'], [ids.gamma, 'owned'], [ids.sharedToLister, 'shared'], [ids.published, 'public'],
      ]);
    });

    it("labels the caller's own public query as owned in the public scope", async () => {
      const publicOnes = (await sharer.get('/saved-queries?scope=public')).body.data as (WireQuery & { scope: string })[];
      expect(publicOnes.find((q) => q.id === ids.published)?.scope).toBe('owned');
    });

    it('filters, sorts and pages', async () => {
      expect(await names(lister, '?name=~eq:ph')).toEqual(['alpha']);
      expect(await names(lister, '?description=eq:third')).toEqual(['gamma']);
      expect(await names(lister, '?sort_by=-name')).toEqual(['gamma', 'beta', 'alpha']);
      expect(await names(lister, '?sort_by=-deleted_at')).toEqual(['beta', 'alpha', 'gamma']);
      expect(await names(lister, '?sort_by=name&skip=1&limit=1')).toEqual(['beta']);
      expect((await lister.get('/saved-queries?sort_by=name&skip=1&limit=1')).body).toMatchObject({ count: 3, skip: 1, limit: 1 });
      expect(await names(lister, `?user_id=neq:${await selfId(lister)}`)).toEqual([]);
    });

    it('answers 400 for a column that cannot be sorted or filtered, an operator it does not take, or bad paging', async () => {
      expect(errorMessage(await lister.get('/saved-queries?sort_by=scope'), 400)).toBe('column format does not support sorting: scope');
      expect(errorMessage(await lister.get('/saved-queries?id=eq:1'), 400)).toBe('the specified column cannot be filtered: id');
      expect(errorMessage(await lister.get('/saved-queries?query=~eq:x'), 400))
        .toBe('the specified filter predicate is not supported for this column: query ~eq');
      expect(errorMessage(await lister.get('/saved-queries?user_id=eq:nope'), 400)).toBe('there are errors in the query parameter filters specified');
      expect(errorMessage(await lister.get('/saved-queries?skip=-1'), 400)).toBe('query parameter "skip" is malformed: invalid skip: -1');
    });

    it('answers 400 for an unknown scope', async () => {
      expect(errorMessage(await lister.get('/saved-queries?scope=mine'), 400)).toBe('invalid scope parameter: mine');
    });

    it('answers 200 for a Read-Only caller and 401 without credentials', async () => {
      expect((await reader.get('/saved-queries')).body).toEqual({ count: 0, skip: 0, limit: 10000, data: [] });
      expect(errorMessage(await new Caller(t).get('/saved-queries'), 401)).toBe('not authenticated');
    });
  });

  describe('GET /api/v2/saved-queries/{id}', () => {
    it('answers the owner and an admin, and 404 query not found to anyone else while it is private', async () => {
      const q = await create(owner);
      expect((await owner.get(`/saved-queries/${q.id}`)).body).toEqual({ data: q });
      expect((await admin.get(`/saved-queries/${q.id}`)).body).toEqual({ data: q });
      expect(errorMessage(await other.get(`/saved-queries/${q.id}`), 404)).toBe('query not found');
    });

    it('answers a user the query is shared to, and anyone once it is public', async () => {
      const q = await create(owner);
      await share(owner, q.id, { user_ids: [otherId] });
      expect((await other.get(`/saved-queries/${q.id}`)).status).toBe(200);
      expect(errorMessage(await reader.get(`/saved-queries/${q.id}`), 404)).toBe('query not found');
      await share(owner, q.id, { public: true });
      expect((await reader.get(`/saved-queries/${q.id}`)).status).toBe(200);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect(errorMessage(await owner.get(`/saved-queries/${UNKNOWN_ID}`), 404)).toBe('query not found');
      expect(errorMessage(await owner.get('/saved-queries/x'), 400)).toBe('id is malformed');
      expect(errorMessage(await owner.get('/saved-queries/99999999999999999999'), 400)).toBe('id is malformed');
    });
  });

  describe('PUT /api/v2/saved-queries/{id}', () => {
    it('replaces only the non-empty fields and answers the query', async () => {
      const q = await create(owner, unique('before'), { description: 'kept' });
      const res = await owner.put(`/saved-queries/${q.id}`, { name: `${q.name} after`, query: 'MATCH (c:Computer) RETURN c', description: '' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        ...q, name: `${q.name} after`, query: 'MATCH (c:Computer) RETURN c', description: 'kept', updated_at: expect.stringMatching(RFC3339),
      });
      expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(q.updated_at));
    });

    it('answers 400 for a name the owner already uses and for Cypher the cypher endpoint refuses', async () => {
      const taken = await create(owner);
      const q = await create(owner);
      expect(errorMessage(await owner.put(`/saved-queries/${q.id}`, { name: taken.name }), 400))
        .toBe('duplicate name for saved query: please choose a different name');
      expect(errorMessage(await owner.put(`/saved-queries/${q.id}`, { query: 'MATCH (n) SET n.x = 1 RETURN n' }), 400))
        .toMatch(/not supported|SET/);
      expect(errorMessage(await owner.put(`/saved-queries/${q.id}`, { name: 2 }), 400)).toBe('error unmarshalling JSON payload');
    });

    it("answers 404 query does not exist to another user and to an admin for a private query; an admin may edit a public one", async () => {
      const q = await create(owner);
      expect(errorMessage(await other.put(`/saved-queries/${q.id}`, { name: 'x' }), 404)).toBe('query does not exist');
      expect(errorMessage(await admin.put(`/saved-queries/${q.id}`, { name: 'x' }), 404)).toBe('query does not exist');
      await share(owner, q.id, { public: true });
      expect(errorMessage(await other.put(`/saved-queries/${q.id}`, { name: 'x' }), 404)).toBe('query does not exist');
      const res = await admin.put(`/saved-queries/${q.id}`, { description: 'by the admin' });
      expect([res.status, res.body.data.description, res.body.data.user_id]).toEqual([200, 'by the admin', ownerId]);
    });

    it('answers 404 for an unknown id', async () => {
      expect(errorMessage(await owner.put(`/saved-queries/${UNKNOWN_ID}`, { name: 'x' }), 404)).toBe('query does not exist');
    });
  });

  describe('DELETE /api/v2/saved-queries/{id}', () => {
    it('lets the owner delete their query: 204 with no body, then 404', async () => {
      const q = await create(owner);
      const res = await owner.delete(`/saved-queries/${q.id}`);
      expect([res.status, res.text]).toEqual([204, '']);
      expect(errorMessage(await owner.get(`/saved-queries/${q.id}`), 404)).toBe('query not found');
      expect(errorMessage(await owner.delete(`/saved-queries/${q.id}`), 404)).toBe('query does not exist');
    });

    it("answers 403 to another user, and to an admin for a private query; an admin deletes a public one", async () => {
      const q = await create(owner);
      await share(owner, q.id, { user_ids: [otherId] });
      expect(errorMessage(await other.delete(`/saved-queries/${q.id}`), 403)).toBe('User does not have permission to delete this query');
      expect(errorMessage(await admin.delete(`/saved-queries/${q.id}`), 403)).toBe('User does not have permission to delete this query');
      await share(owner, q.id, { public: true });
      expect((await admin.delete(`/saved-queries/${q.id}`)).status).toBe(204);
    });

    it('answers 400 for a malformed id', async () => {
      expect(errorMessage(await owner.delete('/saved-queries/-1'), 400)).toBe('id is malformed');
    });
  });

  describe('/api/v2/saved-queries/{id}/permissions', () => {
    it('answers 404 while the query is neither public nor shared, even to its owner', async () => {
      const q = await create(owner);
      expect(errorMessage(await owner.get(`/saved-queries/${q.id}/permissions`), 404)).toBe('no query permissions exist for saved query');
      expect(errorMessage(await owner.get(`/saved-queries/${UNKNOWN_ID}/permissions`), 404)).toBe('no query permissions exist for saved query');
    });

    it('shares to existing users (201 with the rows) and shows who to the owner and an admin only', async () => {
      const q = await create(owner);
      const res = await share(owner, q.id, { user_ids: [otherId.toUpperCase(), otherId] });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: [{
          shared_to_user_id: otherId, query_id: q.id, public: false, id: expect.any(Number),
          created_at: expect.stringMatching(RFC3339), updated_at: expect.stringMatching(RFC3339), deleted_at: NULL_TIME,
        }],
      });
      const expected = { data: { query_id: q.id, public: false, shared_to_user_ids: [otherId] } };
      expect((await owner.get(`/saved-queries/${q.id}/permissions`)).body).toEqual(expected);
      expect((await admin.get(`/saved-queries/${q.id}/permissions`)).body).toEqual(expected);
      expect(errorMessage(await other.get(`/saved-queries/${q.id}/permissions`), 404)).toBe('no query permissions exist for saved query');
      // Sharing again keeps the one row.
      expect((await share(owner, q.id, { user_ids: [otherId] })).body.data[0].id).toBe(res.body.data[0].id);
    });

    it('refuses sharing to users that do not exist, to oneself, and public with users', async () => {
      const q = await create(owner);
      const ghost = '00000000-0000-4000-8000-00000000beef';
      expect(errorMessage(await share(owner, q.id, { user_ids: [ghost] }), 400))
        .toBe(`user_ids names users that do not exist: ${ghost}`);
      expect(errorMessage(await share(owner, q.id, { user_ids: [ownerId] }), 400)).toBe('Cannot share query to self');
      expect(errorMessage(await share(owner, q.id, { public: true, user_ids: [otherId] }), 400))
        .toBe('Public cannot be true while user_ids is populated');
      expect(errorMessage(await share(owner, q.id, { user_ids: ['not-a-uuid'] }), 400)).toBe('error unmarshalling JSON payload');
      expect(errorMessage(await share(owner, q.id, { public: 'yes' }), 400)).toBe('error unmarshalling JSON payload');
    });

    it("answers 403 Forbidden to a user sharing another user's query, and 404 for an unknown query", async () => {
      const q = await create(owner);
      await share(owner, q.id, { user_ids: [otherId] });
      expect(errorMessage(await share(other, q.id, { public: true }), 403)).toBe('Forbidden');
      expect(errorMessage(await share(admin, q.id, { public: true }), 403)).toBe('Forbidden');
      expect(errorMessage(await share(owner, UNKNOWN_ID, { public: true }), 404)).toBe('Query does not exist');
    });

    it('publishes (dropping user shares), then answers 204 when already public; only an admin makes it private', async () => {
      const q = await create(owner);
      await share(owner, q.id, { user_ids: [otherId] });
      const res = await share(owner, q.id, { public: true });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual([expect.objectContaining({ shared_to_user_id: null, query_id: q.id, public: true })]);
      // Only an admin may touch a public query's sharing, even to publish it again.
      expect(errorMessage(await share(owner, q.id, { public: true }), 403)).toBe('Forbidden');
      const again = await share(admin, q.id, { public: true });
      expect([again.status, again.text]).toEqual([204, '']);
      expect((await reader.get(`/saved-queries/${q.id}/permissions`)).body)
        .toEqual({ data: { query_id: q.id, public: true, shared_to_user_ids: [] } });

      expect(errorMessage(await share(owner, q.id, { public: false }), 403)).toBe('Forbidden');
      expect(errorMessage(await share(admin, q.id, { user_ids: [otherId] }), 400))
        .toBe('Public query cannot be shared to users. You must set your query to private first');
      expect((await share(admin, q.id, { public: false })).status).toBe(204);
      expect(errorMessage(await reader.get(`/saved-queries/${q.id}`), 404)).toBe('query not found');
    });

    it('makes a shared query private again when neither public nor user_ids is given (204)', async () => {
      const q = await create(owner);
      await share(owner, q.id, { user_ids: [otherId] });
      expect((await share(owner, q.id, {})).status).toBe(204);
      expect(errorMessage(await other.get(`/saved-queries/${q.id}`), 404)).toBe('query not found');
    });

    it('lets a user remove their own share; the owner removes any; nobody else', async () => {
      const third = await userSession(t, admin, Roles.User);
      const q = await create(owner);
      await share(owner, q.id, { user_ids: [otherId, third.user.id] });
      expect(errorMessage(await unshare(other, q.id, { user_ids: [otherId, third.user.id] }), 403))
        .toBe('Query does not belong to the user');
      const own = await unshare(other, q.id, { user_ids: [otherId] });
      expect([own.status, own.text]).toEqual([204, '']);
      expect(errorMessage(await other.get(`/saved-queries/${q.id}`), 404)).toBe('query not found');
      expect((await owner.get(`/saved-queries/${q.id}/permissions`)).body.data.shared_to_user_ids).toEqual([third.user.id]);
      expect((await unshare(owner, q.id, { user_ids: [] })).status).toBe(204);
      expect(errorMessage(await third.caller.get(`/saved-queries/${q.id}`), 404)).toBe('query not found');
    });

    it('answers 400 when a user removes a share to themselves that does not exist, and 404 for an unknown query', async () => {
      const q = await create(owner);
      expect(errorMessage(await unshare(owner, q.id, { user_ids: [ownerId] }), 400))
        .toBe('User cannot unshare a query from themselves that is not shared to them');
      expect(errorMessage(await unshare(owner, UNKNOWN_ID, { user_ids: [] }), 404)).toBe('resource not found');
      expect(errorMessage(await unshare(owner, q.id, { user_ids: 'all' }), 400)).toBe('error unmarshalling JSON payload');
    });
  });

  describe('export', () => {
    it('answers one query as a JSON attachment named after it', async () => {
      const q = await create(owner, unique('Domain Admins'), { description: 'who' });
      const res = await binary(owner.get(`/saved-queries/${q.id}/export`));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${q.name}.json"`);
      expect(JSON.parse((res.body as Buffer).toString('utf8'))).toEqual({ query: CYPHER, name: q.name, description: 'who' });
      expect((res.body as Buffer).toString('utf8')).toBe(JSON.stringify({ query: CYPHER, name: q.name, description: 'who' }));
    });

    it('names a file after a name with quotes or non-ASCII characters safely', async () => {
      const q = await create(owner, 'dir/Bénédicte "quoted"');
      const res = await binary(owner.get(`/saved-queries/${q.id}/export`));
      expect(res.headers['content-disposition'])
        .toBe(`attachment; filename="B_n_dicte _quoted_.json"; filename*=UTF-8''B%C3%A9n%C3%A9dicte%20%22quoted%22.json`);
    });

    it('answers 404 for an unknown query and query does not exist for one the caller may not read', async () => {
      const q = await create(owner);
      expect(errorMessage(await owner.get(`/saved-queries/${UNKNOWN_ID}/export`), 404)).toBe('resource not found');
      expect(errorMessage(await other.get(`/saved-queries/${q.id}/export`), 404)).toBe('query does not exist');
    });

    it('answers the queries of a scope as exported_queries.zip, one JSON file each', async () => {
      const exporter = (await userSession(t, admin, Roles.User)).caller;
      await create(exporter, 'one', { description: 'd1' });
      await create(exporter, 'a/one');
      const res = await binary(exporter.get('/saved-queries/export?scope=owned'));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toBe('attachment; filename="exported_queries.zip"');
      expect(await unzip(res.body as Buffer)).toEqual([
        ['one.json', JSON.stringify({ query: CYPHER, name: 'one', description: 'd1' })],
        ['one (2).json', JSON.stringify({ query: CYPHER, name: 'a/one', description: '' })],
      ]);
    });

    it('answers an empty zip when the scope holds nothing', async () => {
      const res = await binary(reader.get('/saved-queries/export?scope=shared'));
      expect(res.status).toBe(200);
      expect((res.body as Buffer).length).toBe(22);
    });

    it('answers 400 without a scope or for an unknown one', async () => {
      expect(errorMessage(await owner.get('/saved-queries/export'), 400)).toBe('scope query parameter cannot be empty');
      expect(errorMessage(await owner.get('/saved-queries/export?scope=mine'), 400)).toBe('invalid scope param: mine');
    });
  });

  describe('POST /api/v2/saved-queries/import', () => {
    it('imports one JSON query, or an array of them, for the caller', async () => {
      const importer = (await userSession(t, admin, Roles.User)).caller;
      const one = await importer.post('/saved-queries/import', { query: CYPHER, name: 'imported', description: 'x' });
      expect([one.status, one.body]).toEqual([201, { data: 'imported 1 queries' }]);
      const many = await importer.post('/saved-queries/import', [{ query: CYPHER, name: 'i2' }, { QUERY: CYPHER, Name: 'i3' }]);
      expect([many.status, many.body]).toEqual([201, { data: 'imported 2 queries' }]);
      expect(await names(importer, '?sort_by=name')).toEqual(['i2', 'i3', 'imported']);
    });

    it('imports the JSON files of a zip, skipping macOS resource forks and hidden files', async () => {
      const importer = (await userSession(t, admin, Roles.User)).caller;
      const zip = buildZip([
        { name: 'q/first.json', data: JSON.stringify({ query: CYPHER, name: 'first', description: '' }) },
        { name: 'second.json', data: JSON.stringify({ query: CYPHER, name: 'second' }), store: true },
        { name: 'q/' },
        { name: '__MACOSX/q/._first.json', data: 'junk' },
        { name: '.DS_Store', data: 'junk' },
      ]);
      const res = await importBody(importer, zip, 'application/zip');
      expect([res.status, res.body]).toEqual([201, { data: 'imported 2 queries' }]);
      expect(await names(importer, '?sort_by=name')).toEqual(['first', 'second']);
      // Read as a zip under its other media type too: the same names again clash.
      expect(errorMessage(await importBody(importer, zip, 'application/x-zip-compressed; charset=binary'), 400))
        .toBe('duplicate name for saved query: please choose a different name');
    });

    it('imports a zip sent as a signed request (API token): the signature covers the streamed body', async () => {
      const session = await login(t, 'admin', ADMIN_PASSWORD);
      const adminId = (await t.http().get('/api/v2/self').set('Authorization', bearer(session))).body.data.id;
      const token = await createApiToken(t, session, `importer-${++serial}`, adminId);
      const zip = buildZip([{ name: 'signed.json', data: JSON.stringify({ query: CYPHER, name: `signed-${serial}` }) }]);
      const res = await signedUpload(t, token, '/api/v2/saved-queries/import', zip, { 'Content-Type': 'application/zip' });
      expect([res.status, res.body]).toEqual([201, { data: 'imported 1 queries' }]);
      // The same bytes under a signature of other bytes are refused.
      const forged = await signedUpload(t, token, '/api/v2/saved-queries/import', Buffer.from('other'), { 'Content-Type': 'application/zip' })
        .serialize(() => zip as unknown as string);
      expect(forged.status).toBe(401);
    });

    it('imports an export of another user (a round trip)', async () => {
      const from = (await userSession(t, admin, Roles.User)).caller;
      const to = (await userSession(t, admin, Roles.User)).caller;
      await create(from, 'round', { description: 'trip' });
      const zip = (await binary(from.get('/saved-queries/export?scope=owned'))).body as Buffer;
      expect((await importBody(to, zip, 'application/zip')).body).toEqual({ data: 'imported 1 queries' });
      expect((await to.get('/saved-queries')).body.data).toEqual([expect.objectContaining({ name: 'round', description: 'trip' })]);
    });

    it('imports nothing when one query is refused: empty, bad Cypher, or a duplicate name', async () => {
      const importer = (await userSession(t, admin, Roles.User)).caller;
      await create(importer, 'existing');
      const ok = { query: CYPHER, name: 'fine' };
      expect(errorMessage(await importer.post('/saved-queries/import', [ok, { query: CYPHER, name: '' }]), 400))
        .toBe('the name and/or query field is empty');
      expect(errorMessage(await importer.post('/saved-queries/import', [ok, { query: 'MATCH (n) DELETE n', name: 'x' }]), 400))
        .toMatch(/not supported/);
      expect(errorMessage(await importer.post('/saved-queries/import', [ok, { query: CYPHER, name: 'existing' }]), 400))
        .toBe('duplicate name for saved query: please choose a different name');
      expect(errorMessage(await importer.post('/saved-queries/import', [ok, ok]), 400))
        .toBe('duplicate name for saved query: please choose a different name');
      expect(await names(importer, '')).toEqual(['existing']);
    });

    it('answers 400 for JSON that is not a query file', async () => {
      expect(errorMessage(await owner.raw('post', '/saved-queries/import', '{"name": '), 400))
        .toBe('failed to unmarshal json file: the body is not valid JSON');
      expect(errorMessage(await owner.post('/saved-queries/import', { name: 1, query: CYPHER }), 400))
        .toBe('failed to unmarshal json file: name must be a string');
      expect(errorMessage(await owner.post('/saved-queries/import', [1]), 400))
        .toBe('failed to unmarshal json file: a query file must be a JSON object');
    });

    it('answers 415 for a body that is neither JSON nor a zip, and 400 for an empty one', async () => {
      expect(errorMessage(await importBody(owner, 'x', 'text/plain'), 415))
        .toBe('invalid content-type: [text/plain]; Content type must be application/json or application/zip');
      expect(errorMessage(await importBody(owner, '', 'application/zip'), 400)).toBe('import cypher query request body cannot be empty');
    });

    it('answers 400 for bytes that are not a zip, and for a zip member that is not JSON', async () => {
      expect(errorMessage(await importBody(owner, Buffer.from('not a zip at all'), 'application/zip'), 400)).toMatch(/^not a valid zip file: /);
      const zip = buildZip([{ name: 'readme.txt', data: 'hello' }]);
      expect(errorMessage(await importBody(owner, zip, 'application/zip'), 400)).toMatch(/^failed to unmarshal json file: /);
    });

    it('answers 400 for a zip of too many members, a member too large, or one that lies about its size', async () => {
      const many = buildZip(Array.from({ length: 1001 }, (_, i) => ({ name: `${i}.json`, data: '{}', store: true })));
      expect(errorMessage(await importBody(owner, many, 'application/zip'), 400))
        .toBe('error during zip validation: the archive has more than 1000 members');
      const large = buildZip([{ name: 'big.json', data: ' '.repeat(1024 * 1024 + 1) }]);
      expect(errorMessage(await importBody(owner, large, 'application/zip'), 400))
        .toBe('error during zip validation: member "big.json" expands to more than 1048576 bytes');
      const liar = buildZip([{ name: 'liar.json', data: ' '.repeat(100_000), declaredSize: 10 }]);
      expect(errorMessage(await importBody(owner, liar, 'application/zip'), 400)).toMatch(/^not a valid zip file: /);
      const encrypted = buildZip([{ name: 'e.json', data: '{}', encrypted: true }]);
      expect(errorMessage(await importBody(owner, encrypted, 'application/zip'), 400)).toMatch(/^error during zip validation: member "e.json"/);
      expect(await names(owner, '?name=eq:big')).toEqual([]);
    });

    it('answers 403 for a caller without saved_queries:Write', async () => {
      expect(errorMessage(await reader.post('/saved-queries/import', { name: 'x', query: CYPHER }), 403)).toBe('not authorized');
    });
  });

  it("removes a user's queries and shares to them when the user is removed for good", async () => {
    const gone = await userSession(t, admin, Roles.User);
    const q = await create(gone.caller);
    const sharedToGone = await create(owner);
    await share(owner, sharedToGone.id, { user_ids: [gone.user.id] });
    const { Client } = await import('pg');
    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('DELETE FROM users WHERE id = $1', [gone.user.id]);
      expect((await client.query('SELECT 1 FROM saved_queries WHERE id = $1', [q.id])).rowCount).toBe(0);
      expect((await client.query('SELECT 1 FROM saved_queries_permissions WHERE query_id = $1', [sharedToGone.id])).rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });
});
