import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  asClient, clientRows, communityEditionAdmin, countStatements, createClient, NO_INT64, NOT_FOUND, uniqueClientName,
  type TestClient, ZERO_JOB,
} from './support/collection.js';
import { adminCaller, Caller, Roles, userSession, ZERO_TIME } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

// Listing (filters, sorts, paging), access, statements per page and the community edition; the rest is in collection-clients.

describe('collection clients (/api/v2/clients)', () => {
  let t: TestApp;
  let admin: Caller;
  let readOnly: Caller;
  let user: Caller;
  const rows = clientRows();
  const { sql, insertJob, insertEvent } = rows;

  beforeAll(async () => {
    // No background scheduler ticks: the statement count must see only the request's own statements.
    t = await createTestApp();
    admin = await adminCaller(t);
    readOnly = (await userSession(t, admin, Roles.ReadOnly)).caller;
    user = (await userSession(t, admin, Roles.User)).caller;
    await rows.connect(t);
  });
  afterAll(async () => {
    await rows.end();
    await t.close();
  });

  describe('GET /clients', () => {
    // Three live clients with distinct values in every column, and two deleted ones; all named flt-*.
    const ids: Record<'A' | 'B' | 'C' | 'D' | 'E', string> = { A: '', B: '', C: '', D: '', E: '' };
    const names: Record<string, string> = {};
    let runningA = 0;

    /** The fixture clients (A–E) a query answers, in answer order. */
    async function keys(query: string): Promise<string[]> {
      const res = await admin.get(`/clients?name=~eq:flt-&${query}`);
      expect(res.status).toBe(200);
      return (res.body.data as { id: string }[]).map((c) => names[c.id] ?? c.id);
    }

    const badQuery = async (query: string) => errorMessage(await admin.get(`/clients?${query}`), 400);

    beforeAll(async () => {
      const made: Record<string, TestClient> = {};
      for (const [key, fields] of [
        ['A', { name: 'flt-alpha', type: 'sharphound', domain_controller: 'dc01.corp.local' }],
        ['B', { name: 'flt-beta', type: 'azurehound' }],
        ['C', { name: 'flt-gamma', type: 'sharphound', domain_controller: 'dc02.corp.local' }],
        ['D', { name: 'flt-delta', type: 'sharphound' }],
        ['E', { name: 'flt-epsilon', type: 'sharphound' }],
      ] as const) {
        made[key] = await createClient(admin, fields);
        ids[key] = made[key].id;
        names[made[key].id] = key;
      }
      await sql(
        `UPDATE collection_clients c SET ip_address = v.ip, hostname = v.host, configured_user = v.usr, version = v.ver,
           user_sid = v.sid, last_checkin = v.checkin, created_at = v.created, updated_at = v.updated
         FROM (VALUES
           ($1::uuid, '10.0.0.1', 'host-a', 'CORP\\svc-a', 'v2.5.0', 'S-1-5-21-1-1001', timestamptz '2025-02-03T04:05:06.789Z',
            timestamptz '2025-01-01T00:00:00Z', timestamptz '2025-01-06T00:00:00Z'),
           ($2::uuid, '10.0.0.2', 'host-b', '', 'v2.6.0', NULL, timestamptz '2025-02-04T00:00:00Z',
            timestamptz '2025-01-02T00:00:00Z', timestamptz '2025-01-05T00:00:00Z'),
           ($3::uuid, '', '', '', '', NULL, NULL, timestamptz '2025-01-03T00:00:00Z', timestamptz '2025-01-04T00:00:00Z'))
           AS v(id, ip, host, usr, ver, sid, checkin, created, updated)
         WHERE c.id = v.id`,
        [ids.A, ids.B, ids.C],
      );
      runningA = await insertJob(ids.A, 1);
      await insertJob(ids.A, 0);
      await insertJob(ids.A, 2);
      await insertJob(ids.A, 5);
      await insertJob(ids.B, 2);
      expect((await admin.delete(`/clients/${ids.D}`)).status).toBe(200);
      expect((await admin.delete(`/clients/${ids.E}`)).status).toBe(200);
    });

    it('answers the paginated envelope of live clients in creation order, keys never shown', async () => {
      const res = await admin.get('/clients?name=~eq:flt-');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 3, skip: 0, limit: 100 });
      expect(res.body.data.map((c: { id: string }) => names[c.id])).toEqual(['A', 'B', 'C']);
      for (const client of res.body.data) expect(client.token.key).toBe('');
      expect(res.body.data[0]).toMatchObject({
        name: 'flt-alpha', ip_address: '10.0.0.1', last_checkin: '2025-02-03T04:05:06.789Z',
        current_job_id: { int64: runningA, valid: true }, completed_job_count: 2, completed_task_count: 2,
        current_job: { id: runningA, status: 1, client_name: 'flt-alpha' },
        created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-06T00:00:00.000Z',
      });
      expect(res.body.data[2]).toMatchObject({
        name: 'flt-gamma', last_checkin: ZERO_TIME, current_job_id: NO_INT64, current_job: ZERO_JOB, current_task: ZERO_JOB,
      });
      const all = await admin.get('/clients?limit=1000');
      expect(all.body.data.every((c: { token: { key: string } }) => c.token.key === '')).toBe(true);
    });

    it('pages with skip and limit, counting every match', async () => {
      expect((await admin.get('/clients?name=~eq:flt-&skip=1&limit=1')).body).toMatchObject({ count: 3, skip: 1, limit: 1 });
      expect(await keys('skip=1&limit=1')).toEqual(['B']);
      const past = await admin.get('/clients?name=~eq:flt-&skip=10');
      expect(past.body).toMatchObject({ count: 3, skip: 10, data: [] });
    });

    it.each([
      ['name=eq:flt-beta', ['B']],
      ['name=~eq:ALP', ['A']],
      ['name=neq:flt-beta', ['A', 'C']],
      ['ip_address=eq:10.0.0.2', ['B']],
      ['hostname=neq:host-a', ['B', 'C']],
      ['configured_user=~eq:SVC', ['A']],
      ['version=eq:v2.6.0', ['B']],
      ['user_sid=eq:S-1-5-21-1-1001', ['A']],
      ['user_sid=eq:null', ['B', 'C']],
      ['last_checkin=eq:2025-02-03T04:05:06.789Z', ['A']],
      ['last_checkin=~eq:2025-02-0', ['A', 'B']],
      ['last_checkin=eq:0001-01-01T00:00:00Z', ['C']],
      ['domain_controller=eq:dc02.corp.local', ['C']],
      ['domain_controller=~eq:corp', ['A', 'C']],
      ['domain_controller=eq:null', ['B']],
      ['current_job_id=eq:null', ['B', 'C']],
      ['completed_job_count=gt:0', ['A', 'B']],
      ['completed_job_count=eq:2', ['A']],
      ['completed_job_count=lte:1', ['B', 'C']],
      ['created_at=gte:2025-01-02T00:00:00Z', ['B', 'C']],
      ['updated_at=lt:2025-01-05T12:00:00Z', ['B', 'C']],
      ['created_at=gt:2025-01-01T00:00:00Z&created_at=lt:2025-01-03T00:00:00Z', ['B']],
    ])('filters %s', async (query, expected) => {
      expect(await keys(query)).toEqual(expected);
    });

    it('filters on current_job_id (int64) and id (uuid)', async () => {
      expect(await keys(`current_job_id=eq:${runningA}`)).toEqual(['A']);
      expect(await keys('current_job_id=lt:9223372036854775807')).toEqual(['A']);
      expect(await keys(`id=eq:${ids.B.toUpperCase()}`)).toEqual(['B']);
      expect(await keys(`id=neq:${ids.B}`)).toEqual(['A', 'C']);
    });

    it('lists deleted clients only when filtering on deleted_at', async () => {
      expect(await keys('deleted_at=neq:null')).toEqual(['D', 'E']);
      expect(await keys('deleted_at=neq:null&sort_by=-deleted_at')).toEqual(['E', 'D']);
      expect(await keys('deleted_at=eq:null')).toEqual(['A', 'B', 'C']);
    });

    it.each([
      ['name', ['A', 'B', 'C'], ['C', 'B', 'A']],
      ['ip_address', ['C', 'A', 'B'], ['B', 'A', 'C']],
      ['hostname', ['C', 'A', 'B'], ['B', 'A', 'C']],
      ['configured_user', ['B', 'C', 'A'], ['A', 'B', 'C']],
      ['last_checkin', ['C', 'A', 'B'], ['B', 'A', 'C']],
      ['completed_job_count', ['C', 'B', 'A'], ['A', 'B', 'C']],
      ['created_at', ['A', 'B', 'C'], ['C', 'B', 'A']],
      ['updated_at', ['C', 'B', 'A'], ['A', 'B', 'C']],
      ['deleted_at', ['A', 'B', 'C'], ['A', 'B', 'C']],
    ])('sorts by %s (ties in creation order)', async (column, ascending, descending) => {
      expect(await keys(`sort_by=${column}`)).toEqual(ascending);
      expect(await keys(`sort_by=-${column}`)).toEqual(descending);
    });

    it('sorts by several columns in the order given', async () => {
      expect(await keys('sort_by=configured_user&sort_by=-name')).toEqual(['C', 'B', 'A']);
    });

    it('shows OUs and domains as objectids when hydration is off', async () => {
      const created = await createClient(admin, { name: 'hyd-client' });
      await insertEvent(created.id, ['OU-HYD']);
      const hydrated = await admin.get(`/clients?id=eq:${created.id}`);
      expect(hydrated.body.data[0].events[0].ous).toEqual([{ objectid: 'OU-HYD', name: '', exists: false, distinguishedname: '', type: '' }]);
      const bare = await admin.get(`/clients?id=eq:${created.id}&hydrate_ous=false`);
      expect(bare.body.data[0].events[0].ous).toEqual(['OU-HYD']);
    });

    it.each([
      ['type=eq:sharphound', 'the specified column cannot be filtered: type'],
      ['name=gt:a', 'the specified filter predicate is not supported for this column: name gt'],
      ['id=gt:6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01', 'the specified filter predicate is not supported for this column: id gt'],
      ['name=foo:bar', 'there are errors in the query parameter filters specified'],
      ['current_job_id=eq:abc', 'there are errors in the query parameter filters specified'],
      ['current_job_id=eq:9223372036854775808', 'there are errors in the query parameter filters specified'],
      ['completed_job_count=eq:2147483648', 'there are errors in the query parameter filters specified'],
      ['id=eq:not-a-uuid', 'there are errors in the query parameter filters specified'],
      ['created_at=gt:yesterday', 'there are errors in the query parameter filters specified'],
      ['sort_by=version', 'column format does not support sorting: version'],
      ['sort_by=', 'empty sort_by parameter supplied'],
      ['sort_by=version&type=eq:x', 'column format does not support sorting: version'],
      ['hydrate_ous=maybe', 'query parameter "hydrate_ous" is malformed: expected true or false'],
      ['skip=-1', 'query parameter "skip" is malformed: invalid skip: -1'],
    ])('answers 400 for %s', async (query, message) => {
      expect(await badQuery(query)).toBe(message);
    });
  });

  describe('access', () => {
    let client: TestClient;
    const other = '6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01';

    beforeAll(async () => {
      client = await createClient(admin);
    });

    it('answers 401 without credentials', async () => {
      const anonymous = new Caller(t);
      expect(errorMessage(await anonymous.get('/clients'), 401)).toBe('not authenticated');
      expect(errorMessage(await anonymous.post('/clients', { name: 'x', type: 'sharphound' }), 401)).toBe('not authenticated');
      expect(errorMessage(await anonymous.get(`/clients/${client.id}`), 401)).toBe('not authenticated');
    });

    it('answers 403 to a role without clients:Read (Read-Only)', async () => {
      expect(errorMessage(await readOnly.get('/clients'), 403)).toBe('not authorized');
      expect(errorMessage(await readOnly.get(`/clients/${client.id}`), 403)).toBe('not authorized');
    });

    it('lets a role with clients:Read but not clients:Manage (User) read, and nothing else', async () => {
      expect((await user.get('/clients')).status).toBe(200);
      expect((await user.get(`/clients/${client.id}`)).status).toBe(200);
      expect(errorMessage(await user.post('/clients', { name: uniqueClientName(), type: 'sharphound' }), 403)).toBe('not authorized');
      expect(errorMessage(await user.put(`/clients/${client.id}`, { name: 'x' }), 403)).toBe('not authorized');
      expect(errorMessage(await user.delete(`/clients/${client.id}`), 403)).toBe('not authorized');
      expect(errorMessage(await user.put(`/clients/${client.id}/token`), 403)).toBe('not authorized');
      expect((await admin.get(`/clients/${client.id}`)).status).toBe(200);
    });

    it('answers 403 to a collection client (clients:Tasking only)', async () => {
      expect(errorMessage(await asClient(t, client, 'GET', '/clients'), 403)).toBe('not authorized');
      expect(errorMessage(await asClient(t, client, 'PUT', `/clients/${client.id}/token`), 403)).toBe('not authorized');
    });

    it('checks the permission before the id is looked up (404 only for a caller who may know)', async () => {
      expect(errorMessage(await readOnly.get(`/clients/${other}`), 403)).toBe('not authorized');
      expect(errorMessage(await admin.get(`/clients/${other}`), 404)).toBe(NOT_FOUND);
    });
  });

  describe('statements per page', () => {
    /** Adds `count` clients named `<prefix>-<n>`, each with a running and a ready job and an event naming an OU. */
    async function seed(prefix: string, count: number): Promise<void> {
      await sql(
        `WITH c AS (
           INSERT INTO collection_clients (name, type) SELECT $1 || '-' || g, 'sharphound' FROM generate_series(1, $2::int) g
           RETURNING id),
         running AS (
           INSERT INTO collection_jobs (client_id, execution_time, status, start_time, domains)
           SELECT id, now(), 1, now(), ARRAY['S-1-5-21-' || $1] FROM c),
         ready AS (
           INSERT INTO collection_jobs (client_id, execution_time, status) SELECT id, now(), 0 FROM c)
         INSERT INTO collection_events (client_id, session_collection, ous) SELECT id, true, ARRAY['OU-' || $1] FROM c`,
        [prefix, count],
      );
    }

    const statements = (path: string) => countStatements<{ count: number; data: unknown[] }>(admin, path);

    it('is the same for a page of 5 clients and a page of 200', async () => {
      await seed('few', 5);
      await seed('many', 200);
      // Warm-up: whatever the app loads once (graph kinds, prepared metadata) is not part of a page's cost.
      await statements('/clients?name=~eq:few-&limit=1000');
      await statements('/clients?name=~eq:many-&limit=1000');
      const few = await statements('/clients?name=~eq:few-&limit=1000');
      const many = await statements('/clients?name=~eq:many-&limit=1000');
      expect([few.body.count, few.body.data.length, many.body.count, many.body.data.length]).toEqual([5, 5, 200, 200]);
      // The relations were really looked up for every client of the page.
      for (const client of many.body.data as { current_job: { status: number }; current_task: { status: number }; events: unknown[] }[]) {
        expect([client.current_job.status, client.current_task.status, client.events.length]).toEqual([1, 0, 1]);
      }
      expect(few.count).toBeGreaterThan(0);
      expect(many.count).toBe(few.count);
    });
  });
});

describe('collection clients in the community edition', () => {
  const communityAdmin = communityEditionAdmin();

  it('answers 404 on every client route', async () => {
    const id = '6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01';
    for (const res of [
      await communityAdmin().get('/clients'),
      await communityAdmin().post('/clients', { name: 'x', type: 'sharphound' }),
      await communityAdmin().get(`/clients/${id}`),
      await communityAdmin().put(`/clients/${id}`, { name: 'x' }),
      await communityAdmin().delete(`/clients/${id}`),
      await communityAdmin().put(`/clients/${id}/token`),
    ]) {
      expect(errorMessage(res, 404)).toBe(NOT_FOUND);
    }
  });
});
