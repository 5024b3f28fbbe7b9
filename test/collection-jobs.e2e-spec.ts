import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asClient, FILTERS_INVALID, JOB_FIXTURES, jobFixtures, LIVE_JOBS, NOT_FOUND, type TestClient } from './support/collection.js';
import { adminCaller, Caller, Roles, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

// The job listing and single-job reads; cancel, ad-hoc jobs, completed jobs and tasks/available are in collection-jobs-writes.

describe('collection jobs (/api/v2/jobs, tasks/available, completed jobs, ad-hoc jobs)', () => {
  let t: TestApp;
  let admin: Caller;
  let readOnly: Caller;
  let user: Caller;
  let a: TestClient;
  let b: TestClient;
  let eventId: number;
  const fixtures = jobFixtures();
  const { ids, clientNames, names, fixtureShape } = fixtures;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    readOnly = (await userSession(t, admin, Roles.ReadOnly)).caller;
    user = (await userSession(t, admin, Roles.User)).caller;
    ({ a, b, eventId } = await fixtures.seed(t, admin));
  });
  afterAll(async () => {
    await fixtures.end();
    await t.close();
  });

  describe('GET /jobs', () => {
    it('answers every live job in id order with every field, OUs and domains hydrated, in the paginated envelope', async () => {
      const res = await admin.get('/jobs');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: LIVE_JOBS.length, skip: 0, limit: 100, data: LIVE_JOBS.map((name) => fixtureShape(name)) });
      const [first, second] = res.body.data[0].domain_results;
      expect(second.id).toBeGreaterThan(first.id);
    });

    it('shows OUs and domains as objectids with hydrate_ous / hydrate_domains=false', async () => {
      const res = await admin.get(`/jobs?id=lte:${ids.j2}&hydrate_ous=false&hydrate_domains=false`);
      expect(res.body.data).toEqual([fixtureShape('j1', false), fixtureShape('j2', false)]);
      const mixed = await admin.get(`/jobs?id=eq:${ids.j1}&hydrate_domains=false`);
      expect(mixed.body.data[0].ous).toEqual(fixtureShape('j1').ous);
    });

    it('pages with skip and limit, the count being all matches', async () => {
      const res = await admin.get('/jobs?skip=1&limit=2');
      expect(res.body).toMatchObject({ count: LIVE_JOBS.length, skip: 1, limit: 2 });
      expect(names(res)).toEqual(LIVE_JOBS.slice(1, 3));
      const past = await admin.get('/jobs?skip=50');
      expect(past.body).toEqual({ count: LIVE_JOBS.length, skip: 50, limit: 100, data: [] });
    });

    const FILTERS: [string, (ids: Record<string, number>, ctx: { eventId: number; b: string }) => string, string[]][] = [
      ['created_at', () => 'created_at=gt:2024-06-03T00:00:00Z', ['j4', 'j5', 'j7']],
      ['updated_at', () => 'updated_at=lte:2024-07-02T00:00:00Z', ['j1', 'j2']],
      ['deleted_at (deleted jobs only when filtered on)', () => 'deleted_at=neq:null', ['j6']],
      ['deleted_at eq:null', () => 'deleted_at=eq:null', LIVE_JOBS],
      ['execution_time', () => 'execution_time=gte:2025-01-05T00:00:00Z', ['j5', 'j7']],
      ['start_time', () => 'start_time=eq:null', ['j3', 'j4']],
      ['end_time', () => 'end_time=lt:2025-01-01T01:00:00Z', ['j1']],
      ['last_ingest', () => 'last_ingest=neq:null', ['j1']],
      ['log_path (~eq, case-insensitive)', () => 'log_path=~eq:J1.Z', ['j1']],
      ['domain_controller', () => 'domain_controller=eq:dc02', ['j2']],
      ['event_title', () => 'event_title=neq:Nightly', ['j2', 'j3', 'j4', 'j5', 'j7']],
      ['status by name', () => 'status=eq:complete', ['j1', 'j5']],
      ['status by number', () => 'status=eq:5', ['j2']],
      ['status neq by name, any case', () => 'status=neq:Ready', ['j1', 'j2', 'j3', 'j5', 'j7']],
      ['session_collection (bare boolean)', () => 'session_collection=true', ['j1', 'j7']],
      ['local_group_collection', () => 'local_group_collection=eq:true', ['j1']],
      ['ad_structure_collection', () => 'ad_structure_collection=eq:true', ['j2']],
      ['cert_services_collection', () => 'cert_services_collection=eq:true', ['j3']],
      ['ca_registry_collection', () => 'ca_registry_collection=eq:true', ['j4']],
      ['dc_registry_collection', () => 'dc_registry_collection=neq:false', ['j5']],
      ['all_trusted_domains', () => 'all_trusted_domains=eq:true', ['j3']],
      ['event_id', (_, ctx) => `event_id=eq:${ctx.eventId}`, ['j1']],
      ['event_id eq:null', () => 'event_id=eq:null', ['j2', 'j3', 'j4', 'j5', 'j7']],
      ['id', (i) => `id=gt:${i.j4}&id=lte:${i.j7}`, ['j5', 'j7']],
      ['client_id', (_, ctx) => `client_id=eq:${ctx.b}`, ['j5']],
      ['two columns together', () => 'status=eq:2&log_path=~eq:j5', ['j5']],
    ];

    it.each(FILTERS)('filters on %s', async (_, query, expected) => {
      const res = await admin.get(`/jobs?${query(ids, { eventId, b: b.id })}`);
      expect(res.status).toBe(200);
      expect(names(res)).toEqual(expected);
      expect(res.body.count).toBe(expected.length);
    });

    /** The order PostgreSQL gives: NULLs last ascending and first descending, ties by id. */
    function expectedOrder(value: (name: string) => string | number | null, descending: boolean, among = LIVE_JOBS): string[] {
      return [...among].sort((x, y) => {
        const [vx, vy] = [value(x), value(y)];
        if (vx === vy) return ids[x] - ids[y];
        if (vx === null) return descending ? -1 : 1;
        if (vy === null) return descending ? 1 : -1;
        const order = vx < vy ? -1 : 1;
        return descending ? -order : order;
      });
    }

    const SORTS: [string, (name: string) => string | number | null][] = [
      ['event_id', (n) => (JOB_FIXTURES[n].event ? eventId : null)],
      ['execution_time', (n) => JOB_FIXTURES[n].execution],
      ['status', (n) => JOB_FIXTURES[n].status],
      ['start_time', (n) => JOB_FIXTURES[n].start ?? null],
      ['end_time', (n) => JOB_FIXTURES[n].end ?? null],
      ['log_path', (n) => JOB_FIXTURES[n].log ?? ''],
      ['domain_controller', (n) => JOB_FIXTURES[n].dc ?? ''],
      ['event_title', (n) => JOB_FIXTURES[n].title ?? ''],
      ['last_ingest', (n) => JOB_FIXTURES[n].ingest ?? null],
      ['id', (n) => ids[n]],
      ['created_at', (n) => JOB_FIXTURES[n].created],
      ['updated_at', (n) => JOB_FIXTURES[n].updated],
      ['deleted_at', (n) => JOB_FIXTURES[n].deleted ?? null],
      ['client_name', (n) => clientNames[JOB_FIXTURES[n].client]],
    ];

    it.each(SORTS)('sorts by %s, both ways', async (column, value) => {
      for (const descending of [false, true]) {
        const res = await admin.get(`/jobs?sort_by=${descending ? '-' : ''}${column}`);
        expect(res.status).toBe(200);
        expect(names(res)).toEqual(expectedOrder(value, descending));
      }
    });

    it('pages a sorted listing: each row of a later page is whole, its own domain results included', async () => {
      const order = expectedOrder((n) => JOB_FIXTURES[n].status, true);
      for (const skip of [0, 2, 4, 5]) {
        const res = await admin.get(`/jobs?sort_by=-status&skip=${skip}&limit=2`);
        expect(res.body).toEqual({ count: LIVE_JOBS.length, skip, limit: 2, data: order.slice(skip, skip + 2).map((name) => fixtureShape(name)) });
      }
      expect(order.indexOf('j1')).toBeGreaterThanOrEqual(2);
    });

    it('applies several sort_by in order', async () => {
      const res = await admin.get('/jobs?sort_by=-client_name&sort_by=-status');
      expect(names(res)).toEqual(['j5', 'j2', 'j3', 'j1', 'j7', 'j4']);
    });

    it.each([
      ['sort_by=name', 'column format does not support sorting: name'],
      ['sort_by=', 'empty sort_by parameter supplied'],
      ['status=eq:bogus', FILTERS_INVALID],
      ['status=eq:12', FILTERS_INVALID],
      ['status=~eq:comp', 'the specified filter predicate is not supported for this column: status ~eq'],
      ['status=gt:1', 'the specified filter predicate is not supported for this column: status gt'],
      ['client_name=eq:x', 'the specified column cannot be filtered: client_name'],
      ['id=eq:abc', FILTERS_INVALID],
      ['id=eq:9223372036854775808', FILTERS_INVALID],
      ['event_id=eq:2147483648', FILTERS_INVALID],
      ['client_id=eq:nope', FILTERS_INVALID],
      ['execution_time=gt:yesterday', FILTERS_INVALID],
      ['session_collection=maybe', FILTERS_INVALID],
      ['log_path=foo:bar', FILTERS_INVALID],
      ['log_path=x', FILTERS_INVALID],
      ['session_collection=gt:true', 'the specified filter predicate is not supported for this column: session_collection gt'],
      ['limit=-1', 'query parameter "limit" is malformed: invalid limit: -1'],
      ['hydrate_ous=maybe', 'query parameter "hydrate_ous" is malformed: expected true or false'],
    ])('answers 400 for %s', async (query, message) => {
      expect(errorMessage(await admin.get(`/jobs?${query}`), 400)).toBe(message);
    });

    it('checks sort_by before the filters', async () => {
      expect(errorMessage(await admin.get('/jobs?status=eq:bogus&sort_by=bogus'), 400)).toBe('column format does not support sorting: bogus');
    });

    it('answers 401 without credentials, 403 without clients:Read, 200 to a User', async () => {
      expect(errorMessage(await new Caller(t).get('/jobs'), 401)).toBe('not authenticated');
      expect(errorMessage(await readOnly.get('/jobs'), 403)).toBe('not authorized');
      expect((await user.get('/jobs')).status).toBe(200);
    });

    it('is not for collection clients (403)', async () => {
      expect(errorMessage(await asClient(t, a, 'GET', '/jobs'), 403)).toBe('not authorized');
    });
  });

  describe('GET /jobs/{job_id}', () => {
    it('answers the job with every field and its domain results', async () => {
      const res = await user.get(`/jobs/${ids.j1}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: fixtureShape('j1') });
      expect((await admin.get(`/jobs/${ids.j1}?hydrate_ous=false`)).body.data.ous).toEqual(['OU-FIN', 'OU-GONE']);
    });

    it('answers 404 for an unknown or deleted job, and ids beyond any job', async () => {
      for (const id of [ids.j7 + 1000, ids.j6, '9223372036854775807', '9007199254740993']) {
        expect(errorMessage(await admin.get(`/jobs/${id}`), 404)).toBe(NOT_FOUND);
      }
    });

    it('answers 400 for a malformed id', async () => {
      for (const id of ['abc', '-1', '1.5', '9223372036854775808']) {
        expect(errorMessage(await admin.get(`/jobs/${id}`), 400)).toBe('id is malformed');
      }
    });

    it('answers 401 and 403 per role', async () => {
      expect(errorMessage(await new Caller(t).get(`/jobs/${ids.j1}`), 401)).toBe('not authenticated');
      expect(errorMessage(await readOnly.get(`/jobs/${ids.j1}`), 403)).toBe('not authorized');
    });
  });
});
