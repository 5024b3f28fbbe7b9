import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client as PgClient } from 'pg';
import { GraphStore } from '@app/graph';
import { asClient, createClient, type TestClient, countStatements } from './support/collection.js';
import { adminCaller, Caller, NULL_TIME, RFC3339, Roles, userSession, ZERO_TIME } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const NOT_FOUND = 'resource not found';
const FILTERS_INVALID = 'there are errors in the query parameter filters specified';
const NO_EVENT = { int32: 0, valid: false };

/** The fixture jobs, by name: what each one is, so tests can compute expected orders and matches. */
interface Fixture {
  client: 'a' | 'b';
  event?: boolean;
  title?: string;
  status: number;
  message?: string;
  execution: string;
  start?: string;
  end?: string;
  ingest?: string;
  dc?: string;
  log?: string;
  flags?: string[];
  ous?: string[];
  domains?: string[];
  created: string;
  updated: string;
  deleted?: string;
}

const FIXTURES: Record<string, Fixture> = {
  j1: {
    client: 'a', event: true, title: 'Nightly', status: 2, message: 'done', execution: '2025-01-01T00:00:00.000Z',
    start: '2025-01-01T00:05:00.000Z', end: '2025-01-01T00:30:00.000Z', ingest: '2025-01-01T00:40:00.000Z',
    dc: 'dc01.corp.local', log: '/logs/j1.zip', flags: ['session_collection', 'local_group_collection'],
    ous: ['OU-FIN', 'OU-GONE'], created: '2024-06-01T00:00:00.000Z', updated: '2024-07-01T00:00:00.000Z',
  },
  j2: {
    client: 'a', status: 5, message: 'boom', execution: '2025-01-02T00:00:00.000Z', start: '2025-01-02T00:01:00.000Z',
    end: '2025-01-02T00:02:00.000Z', dc: 'dc02', flags: ['ad_structure_collection'], domains: ['DOM-CORP'],
    created: '2024-06-02T00:00:00.000Z', updated: '2024-07-02T00:00:00.000Z',
  },
  j3: {
    client: 'a', status: 3, message: 'canceled', execution: '2025-01-03T00:00:00.000Z', end: '2025-01-03T00:00:30.000Z',
    flags: ['cert_services_collection', 'all_trusted_domains'], created: '2024-06-03T00:00:00.000Z',
    updated: '2024-07-03T00:00:00.000Z',
  },
  j4: {
    client: 'a', status: 0, execution: '2025-01-04T00:00:00.000Z', flags: ['ca_registry_collection'],
    created: '2024-06-04T00:00:00.000Z', updated: '2024-07-04T00:00:00.000Z',
  },
  j5: {
    client: 'b', status: 2, execution: '2025-01-05T00:00:00.000Z', start: '2025-01-05T00:01:00.000Z',
    end: '2025-01-05T00:09:00.000Z', log: '/logs/j5.zip', flags: ['dc_registry_collection'],
    created: '2024-06-05T00:00:00.000Z', updated: '2024-07-05T00:00:00.000Z',
  },
  j6: {
    client: 'a', status: 4, execution: '2025-01-06T00:00:00.000Z', flags: ['session_collection'],
    created: '2024-06-06T00:00:00.000Z', updated: '2024-07-06T00:00:00.000Z', deleted: '2024-08-01T00:00:00.000Z',
  },
  j7: {
    client: 'a', status: 1, execution: '2025-01-07T00:00:00.000Z', start: '2025-01-07T00:01:00.000Z',
    flags: ['session_collection'], created: '2024-06-07T00:00:00.000Z', updated: '2024-07-07T00:00:00.000Z',
  },
};
const NAMES = Object.keys(FIXTURES);
const LIVE = NAMES.filter((name) => FIXTURES[name].deleted === undefined);

const COUNTS = [
  'user_count', 'group_count', 'computer_count', 'gpo_count', 'ou_count', 'container_count', 'aiaca_count',
  'rootca_count', 'enterpriseca_count', 'ntauthstore_count', 'certtemplate_count', 'deleted_count',
];
const FLAGS = [
  'session_collection', 'local_group_collection', 'ad_structure_collection', 'cert_services_collection',
  'ca_registry_collection', 'dc_registry_collection', 'all_trusted_domains',
];

describe('collection jobs (/api/v2/jobs, tasks/available, completed jobs, ad-hoc jobs)', () => {
  let t: TestApp;
  let admin: Caller;
  let readOnly: Caller;
  let user: Caller;
  let uploadOnly: Caller;
  let db: PgClient;
  let a: TestClient;
  let b: TestClient;
  let eventId: number;
  const ids: Record<string, number> = {};
  const clientNames: Record<'a' | 'b', string> = { a: `Alpha ${process.pid}`, b: `bravo ${process.pid}` };

  const sql = async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows as Record<string, unknown>[];
  const names = (res: { body: { data: { id: number }[] } }) =>
    res.body.data.map((job) => NAMES.find((name) => ids[name] === job.id) ?? `#${job.id}`);

  async function insertJob(fixture: Fixture): Promise<number> {
    const flags = FLAGS.map((flag) => (fixture.flags ?? []).includes(flag));
    const [row] = await sql(
      `INSERT INTO collection_jobs (client_id, event_id, event_title, status, status_message, execution_time, start_time,
         end_time, last_ingest, domain_controller, log_path, ous, domains, created_at, updated_at, deleted_at,
         session_collection, local_group_collection, ad_structure_collection, cert_services_collection,
         ca_registry_collection, dc_registry_collection, all_trusted_domains)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
       RETURNING id`,
      [
        (fixture.client === 'a' ? a : b).id, fixture.event ? eventId : null, fixture.title ?? '', fixture.status,
        fixture.message ?? '', fixture.execution, fixture.start ?? null, fixture.end ?? null, fixture.ingest ?? null,
        fixture.dc ?? '', fixture.log ?? '', fixture.ous ?? [], fixture.domains ?? [], fixture.created, fixture.updated,
        fixture.deleted ?? null, ...flags,
      ],
    );
    return Number(row.id);
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { SCHEDULER_INTERVAL: '0' } });
    admin = await adminCaller(t);
    readOnly = (await userSession(t, admin, Roles.ReadOnly)).caller;
    user = (await userSession(t, admin, Roles.User)).caller;
    uploadOnly = (await userSession(t, admin, Roles.UploadOnly)).caller;
    db = new PgClient({ connectionString: t.databaseUrl });
    await db.connect();
    a = await createClient(admin, { name: clientNames.a, domain_controller: 'dc-a.corp.local' });
    b = await createClient(admin, { name: clientNames.b });
    const [event] = await sql(
      `INSERT INTO collection_events (client_id, title, rrule, next_scheduled_at, session_collection)
       VALUES ($1, 'Nightly', '', NULL, true) RETURNING id`, [a.id],
    );
    eventId = Number(event.id);
    for (const name of NAMES) ids[name] = await insertJob(FIXTURES[name]);
    const counts = (base: number) => COUNTS.map((_, i) => base + i);
    await sql(
      `INSERT INTO collection_domain_results (job_id, domain_name, success, message, ${COUNTS.join(', ')}, created_at, updated_at)
       VALUES ($1, 'CORP.LOCAL', true, 'collected', ${COUNTS.map((_, i) => `$${i + 2}`).join(', ')}, '2025-01-01T00:30:00Z', '2025-01-01T00:31:00Z'),
              ($1, 'SUB.CORP.LOCAL', false, 'access denied', ${COUNTS.map(() => '0').join(', ')}, '2025-01-01T00:30:00Z', '2025-01-01T00:30:00Z')`,
      [ids.j1, ...counts(1)],
    );
    await t.app.get(GraphStore).upsertNodes([
      { objectid: 'OU-FIN', kinds: ['Base', 'OU'], properties: { objectid: 'OU-FIN', name: 'FINANCE@CORP.LOCAL', distinguishedname: 'OU=FINANCE,DC=CORP,DC=LOCAL' } },
      { objectid: 'DOM-CORP', kinds: ['Base', 'Domain'], properties: { objectid: 'DOM-CORP', name: 'CORP.LOCAL', distinguishedname: 'DC=CORP,DC=LOCAL' } },
    ]);
  });
  afterAll(async () => {
    await db.end();
    await t.close();
  });

  /** Every field of a fixture job on the wire, hydrated unless said otherwise. */
  function fixtureShape(name: string, hydrate = true) {
    const f = FIXTURES[name];
    const ous = (f.ous ?? []).map((objectid) => !hydrate ? objectid : objectid === 'OU-FIN'
      ? { objectid, name: 'FINANCE@CORP.LOCAL', exists: true, distinguishedname: 'OU=FINANCE,DC=CORP,DC=LOCAL', type: 'OU' }
      : { objectid, name: '', exists: false, distinguishedname: '', type: '' });
    const domains = (f.domains ?? []).map((objectid) => !hydrate ? objectid : { objectid, name: 'CORP.LOCAL', exists: true, type: 'Domain' });
    return {
      id: ids[name],
      client_id: (f.client === 'a' ? a : b).id,
      client_name: clientNames[f.client],
      event_id: f.event ? { int32: eventId, valid: true } : NO_EVENT,
      event_title: f.title ?? '',
      execution_time: f.execution,
      start_time: f.start ?? ZERO_TIME,
      end_time: f.end ?? ZERO_TIME,
      last_ingest: f.ingest ?? ZERO_TIME,
      status: f.status,
      status_message: f.message ?? '',
      ...Object.fromEntries(FLAGS.map((flag) => [flag, (f.flags ?? []).includes(flag)])),
      domain_controller: f.dc ?? '',
      log_path: f.log ?? '',
      ous,
      domains,
      domain_results: name === 'j1' ? j1Results() : [],
      created_at: f.created,
      updated_at: f.updated,
      deleted_at: f.deleted ? { time: f.deleted, valid: true } : NULL_TIME,
    };
  }

  function j1Results() {
    return [
      {
        id: expect.any(Number), created_at: '2025-01-01T00:30:00.000Z', updated_at: '2025-01-01T00:31:00.000Z',
        deleted_at: NULL_TIME, job_id: ids.j1, domain_name: 'CORP.LOCAL', success: true, message: 'collected',
        ...Object.fromEntries(COUNTS.map((count, i) => [count, i + 1])),
      },
      {
        id: expect.any(Number), created_at: '2025-01-01T00:30:00.000Z', updated_at: '2025-01-01T00:30:00.000Z',
        deleted_at: NULL_TIME, job_id: ids.j1, domain_name: 'SUB.CORP.LOCAL', success: false, message: 'access denied',
        ...Object.fromEntries(COUNTS.map((count) => [count, 0])),
      },
    ];
  }

  describe('GET /jobs', () => {
    it('answers every live job in id order with every field, OUs and domains hydrated, in the paginated envelope', async () => {
      const res = await admin.get('/jobs');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: LIVE.length, skip: 0, limit: 100, data: LIVE.map((name) => fixtureShape(name)) });
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
      expect(res.body).toMatchObject({ count: LIVE.length, skip: 1, limit: 2 });
      expect(names(res)).toEqual(LIVE.slice(1, 3));
      const past = await admin.get('/jobs?skip=50');
      expect(past.body).toEqual({ count: LIVE.length, skip: 50, limit: 100, data: [] });
    });

    const FILTERS: [string, (ids: Record<string, number>, ctx: { eventId: number; b: string }) => string, string[]][] = [
      ['created_at', () => 'created_at=gt:2024-06-03T00:00:00Z', ['j4', 'j5', 'j7']],
      ['updated_at', () => 'updated_at=lte:2024-07-02T00:00:00Z', ['j1', 'j2']],
      ['deleted_at (deleted jobs only when filtered on)', () => 'deleted_at=neq:null', ['j6']],
      ['deleted_at eq:null', () => 'deleted_at=eq:null', LIVE],
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
    function expectedOrder(value: (name: string) => string | number | null, descending: boolean, among = LIVE): string[] {
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
      ['event_id', (n) => (FIXTURES[n].event ? eventId : null)],
      ['execution_time', (n) => FIXTURES[n].execution],
      ['status', (n) => FIXTURES[n].status],
      ['start_time', (n) => FIXTURES[n].start ?? null],
      ['end_time', (n) => FIXTURES[n].end ?? null],
      ['log_path', (n) => FIXTURES[n].log ?? ''],
      ['domain_controller', (n) => FIXTURES[n].dc ?? ''],
      ['event_title', (n) => FIXTURES[n].title ?? ''],
      ['last_ingest', (n) => FIXTURES[n].ingest ?? null],
      ['id', (n) => ids[n]],
      ['created_at', (n) => FIXTURES[n].created],
      ['updated_at', (n) => FIXTURES[n].updated],
      ['deleted_at', (n) => FIXTURES[n].deleted ?? null],
      ['client_name', (n) => clientNames[FIXTURES[n].client]],
    ];

    it.each(SORTS)('sorts by %s, both ways', async (column, value) => {
      for (const descending of [false, true]) {
        const res = await admin.get(`/jobs?sort_by=${descending ? '-' : ''}${column}`);
        expect(res.status).toBe(200);
        expect(names(res)).toEqual(expectedOrder(value, descending));
      }
    });

    it('pages a sorted listing: each row of a later page is whole, its own domain results included', async () => {
      const order = expectedOrder((n) => FIXTURES[n].status, true);
      for (const skip of [0, 2, 4, 5]) {
        const res = await admin.get(`/jobs?sort_by=-status&skip=${skip}&limit=2`);
        expect(res.body).toEqual({ count: LIVE.length, skip, limit: 2, data: order.slice(skip, skip + 2).map((name) => fixtureShape(name)) });
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

  describe('completed jobs (three paths)', () => {
    const PATHS = ['completed-jobs', 'completed_jobs', 'completed-tasks'];

    it('answers the finished jobs (states 2-8) of the client, identically on the three paths', async () => {
      const answers = [];
      for (const path of PATHS) {
        const res = await user.get(`/clients/${a.id}/${path}`);
        expect(res.status).toBe(200);
        answers.push(res.body);
      }
      expect(answers[0]).toEqual({ count: 3, skip: 0, limit: 100, data: ['j1', 'j2', 'j3'].map((name) => fixtureShape(name)) });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect((await admin.get(`/clients/${b.id}/completed_jobs`)).body.data).toEqual([fixtureShape('j5')]);
    });

    it('marks only completed-tasks deprecated, pointing to completed_jobs', async () => {
      const deprecated = await admin.get(`/clients/${a.id}/completed-tasks`);
      expect(deprecated.headers.deprecation).toMatch(/^@\d+$/);
      expect(deprecated.headers.link).toBe(`</api/v2/clients/${a.id}/completed_jobs>; rel="successor-version"`);
      for (const path of ['completed-jobs', 'completed_jobs']) {
        const res = await admin.get(`/clients/${a.id}/${path}`);
        expect(res.headers.deprecation).toBeUndefined();
        expect(res.headers.link).toBeUndefined();
      }
    });

    it.each(PATHS)('filters, sorts and pages on %s', async (path) => {
      expect(names(await admin.get(`/clients/${a.id}/${path}?status=eq:FAILED`))).toEqual(['j2']);
      expect(names(await admin.get(`/clients/${a.id}/${path}?id=gte:${ids.j2}&hydrate_ous=false`))).toEqual(['j2', 'j3']);
      expect(names(await admin.get(`/clients/${a.id}/${path}?sort_by=-execution_time`))).toEqual(['j3', 'j2', 'j1']);
      const page = await admin.get(`/clients/${a.id}/${path}?skip=1&limit=1`);
      expect(page.body).toMatchObject({ count: 3, skip: 1, limit: 1 });
      expect(names(page)).toEqual(['j2']);
      expect(names(await admin.get(`/clients/${a.id}/${path}?deleted_at=neq:null`))).toEqual(['j6']);
    });

    it.each(PATHS)('answers 400 on %s for client_name sorting, bad filters and malformed ids', async (path) => {
      expect(errorMessage(await admin.get(`/clients/${a.id}/${path}?sort_by=client_name`), 400)).toBe('column format does not support sorting: client_name');
      expect(errorMessage(await admin.get(`/clients/${a.id}/${path}?status=eq:nope`), 400)).toBe(FILTERS_INVALID);
      expect(errorMessage(await admin.get(`/clients/not-a-uuid/${path}`), 400)).toBe('id is malformed');
    });

    it.each(PATHS)('answers 404 on %s for an unknown client', async (path) => {
      expect(errorMessage(await admin.get(`/clients/00000000-0000-4000-8000-000000000000/${path}`), 404)).toBe(NOT_FOUND);
    });

    it.each(PATHS)('answers 401 and 403 on %s', async (path) => {
      expect(errorMessage(await new Caller(t).get(`/clients/${a.id}/${path}`), 401)).toBe('not authenticated');
      expect(errorMessage(await readOnly.get(`/clients/${a.id}/${path}`), 403)).toBe('not authorized');
    });
  });

  describe('GET /tasks/available', () => {
    it('answers every client\'s READY jobs to a user with clients:Read, next due first, without an envelope', async () => {
      const res = await user.get('/tasks/available');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [fixtureShape('j4')] });
    });

    it('answers a signed client its own READY jobs only', async () => {
      expect((await asClient(t, a, 'GET', '/tasks/available')).body).toEqual({ data: [fixtureShape('j4')] });
      expect((await asClient(t, b, 'GET', '/tasks/available')).body).toEqual({ data: [] });
    });

    it('takes the job filters and sort_by, and ignores skip and limit', async () => {
      expect(names(await admin.get('/tasks/available?ca_registry_collection=eq:false'))).toEqual([]);
      expect(names(await admin.get('/tasks/available?status=eq:ready&sort_by=-id&skip=5&limit=0'))).toEqual(['j4']);
      expect(names(await admin.get('/tasks/available?skip=-1&limit=abc'))).toEqual(['j4']);
      expect((await admin.get('/tasks/available?hydrate_ous=false')).body.data).toEqual([fixtureShape('j4', false)]);
    });

    it('does not filter on id (400)', async () => {
      expect(errorMessage(await admin.get(`/tasks/available?id=eq:${ids.j4}`), 400)).toBe('the specified column cannot be filtered: id');
      expect(errorMessage(await admin.get('/tasks/available?sort_by=client_name'), 400)).toBe('column format does not support sorting: client_name');
    });

    it('answers 401 without credentials and 403 to users without clients:Read', async () => {
      expect(errorMessage(await new Caller(t).get('/tasks/available'), 401)).toBe('not authenticated');
      expect(errorMessage(await readOnly.get('/tasks/available'), 403)).toBe('not authorized');
      // Upload-Only holds clients:Tasking, which is for collection clients, not for users.
      expect(errorMessage(await uploadOnly.get('/tasks/available'), 403)).toBe('not authorized');
    });
  });

  describe('POST /clients/{client_id}/jobs (ad-hoc)', () => {
    it('creates a READY job due now, with every field, on the client\'s domain controller', async () => {
      const before = Date.now();
      const res = await admin.post(`/clients/${a.id}/jobs`, { session_collection: true, ous: ['ou-fin', 'OU-FIN', 'ou-new'] });
      expect(res.status).toBe(200);
      const job = res.body.data;
      expect(job).toEqual({
        id: expect.any(Number), client_id: a.id, client_name: clientNames.a, event_id: NO_EVENT, event_title: '',
        execution_time: expect.stringMatching(RFC3339), start_time: ZERO_TIME, end_time: ZERO_TIME, last_ingest: ZERO_TIME,
        status: 0, status_message: '', session_collection: true, local_group_collection: false,
        ad_structure_collection: false, cert_services_collection: false, ca_registry_collection: false,
        dc_registry_collection: false, all_trusted_domains: false, domain_controller: 'dc-a.corp.local', log_path: '',
        ous: [
          { objectid: 'OU-FIN', name: 'FINANCE@CORP.LOCAL', exists: true, distinguishedname: 'OU=FINANCE,DC=CORP,DC=LOCAL', type: 'OU' },
          { objectid: 'OU-NEW', name: '', exists: false, distinguishedname: '', type: '' },
        ],
        domains: [], domain_results: [], created_at: expect.stringMatching(RFC3339),
        updated_at: expect.stringMatching(RFC3339), deleted_at: NULL_TIME,
      });
      expect(Date.parse(job.execution_time)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(job.execution_time)).toBeLessThanOrEqual(Date.now() + 1000);
      expect((await admin.get(`/jobs/${job.id}`)).body.data).toEqual(job);
      await admin.put(`/jobs/${job.id}/cancel`);
    });

    it('takes every flag, domains, all_trusted_domains and a domain controller of its own', async () => {
      const res = await admin.post(`/clients/${b.id}/jobs?hydrate_domains=false`, {
        local_group_collection: true, ad_structure_collection: true, cert_services_collection: true,
        ca_registry_collection: true, dc_registry_collection: true, domains: ['dom-corp'], domain_controller: 'dc9',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        client_id: b.id, session_collection: false, local_group_collection: true, ad_structure_collection: true,
        cert_services_collection: true, ca_registry_collection: true, dc_registry_collection: true,
        all_trusted_domains: false, domains: ['DOM-CORP'], ous: [], domain_controller: 'dc9',
      });
      const trusted = await admin.post(`/clients/${b.id}/jobs`, { session_collection: true, all_trusted_domains: true });
      expect(trusted.body.data).toMatchObject({ all_trusted_domains: true, domain_controller: '' });
      for (const id of [res.body.data.id, trusted.body.data.id]) await admin.put(`/jobs/${id}/cancel`);
    });

    it('checks the domain controller as a client\'s: trimmed, blank for the client\'s own, 255 characters at most', async () => {
      const trimmed = await admin.post(`/clients/${a.id}/jobs`, { session_collection: true, domain_controller: '  dc7.corp.local ' });
      expect(trimmed.body.data.domain_controller).toBe('dc7.corp.local');
      const blank = await admin.post(`/clients/${a.id}/jobs`, { session_collection: true, domain_controller: '   ' });
      expect(blank.body.data.domain_controller).toBe('dc-a.corp.local');
      const wide = await admin.post(`/clients/${a.id}/jobs`, { session_collection: true, domain_controller: '\u{1F600}'.repeat(255) });
      expect(wide.body.data.domain_controller).toBe('\u{1F600}'.repeat(255));
      for (const job of [trimmed, blank, wide]) await admin.put(`/jobs/${job.body.data.id}/cancel`);
    });

    it.each([
      ['no collection flag', { all_trusted_domains: true }, 'at least one data collection flag must be provided'],
      ['an empty body', {}, 'at least one data collection flag must be provided'],
      ['OUs and domains', { session_collection: true, ous: ['A'], domains: ['B'] }, 'may only scope collection by exactly one of OU, Domain, or All Trusted Domains'],
      ['domains and all trusted domains', { session_collection: true, domains: ['B'], all_trusted_domains: true }, 'may only scope collection by exactly one of OU, Domain, or All Trusted Domains'],
      ['a flag of the wrong type', { session_collection: 'true' }, 'session_collection must be a boolean'],
      ['ous not an array', { session_collection: true, ous: 'A' }, 'ous must be an array of objectids (non-empty strings of at most 256 characters)'],
      ['too many domains', { session_collection: true, domains: Array.from({ length: 1001 }, (_, i) => `D-${i}`) }, 'domains may name at most 1000 objects'],
      ['a domain controller of the wrong type', { session_collection: true, domain_controller: 1 }, 'domain_controller must be a string'],
      ['a domain controller over 255 characters (checked before the flags)', { domain_controller: `${'d'.repeat(256)} ` }, 'domain_controller is limited to 255 characters'],
      ['a domain controller with NUL', { session_collection: true, domain_controller: 'dc\u0000' }, 'domain_controller must not contain NUL characters'],
      ['an array body', [], 'error unmarshalling JSON payload'],
    ])('answers 400 for %s', async (_, body, message) => {
      expect(errorMessage(await admin.post(`/clients/${a.id}/jobs`, body), 400)).toBe(message);
    });

    it('answers 400 for malformed JSON and a malformed client id', async () => {
      expect(errorMessage(await admin.raw('post', `/clients/${a.id}/jobs`, '{"session_collection":'), 400)).toBe('error unmarshalling JSON payload');
      expect(errorMessage(await admin.post('/clients/nope/jobs', { session_collection: true }), 400)).toBe('id is malformed');
    });

    it('answers 404 for an unknown client', async () => {
      const res = await admin.post('/clients/00000000-0000-4000-8000-000000000000/jobs', { session_collection: true });
      expect(errorMessage(res, 404)).toBe(NOT_FOUND);
    });

    it('answers 401, and 403 without clients:Manage', async () => {
      expect(errorMessage(await new Caller(t).post(`/clients/${a.id}/jobs`, { session_collection: true }), 401)).toBe('not authenticated');
      expect(errorMessage(await user.post(`/clients/${a.id}/jobs`, { session_collection: true }), 403)).toBe('not authorized');
      expect(errorMessage(await readOnly.post(`/clients/${a.id}/jobs`, { session_collection: true }), 403)).toBe('not authorized');
    });
  });

  describe('PUT /jobs/{job_id}/cancel', () => {
    it('cancels a READY job: status 3, end_time now, the job in data', async () => {
      const created = (await admin.post(`/clients/${b.id}/jobs`, { session_collection: true, domains: ['DOM-CORP'] })).body.data;
      const before = Date.now();
      const res = await admin.put(`/jobs/${created.id}/cancel`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        ...created, status: 3, status_message: 'canceled', end_time: expect.stringMatching(RFC3339),
        updated_at: expect.stringMatching(RFC3339),
      });
      expect(Date.parse(res.body.data.end_time)).toBeGreaterThanOrEqual(before - 1000);
      expect((await admin.get(`/clients/${b.id}/completed-jobs?id=eq:${created.id}`)).body.data).toEqual([res.body.data]);
    });

    it('answers 400 for a job that is not READY', async () => {
      for (const name of ['j1', 'j3', 'j7']) {
        expect(errorMessage(await admin.put(`/jobs/${ids[name]}/cancel`), 400)).toBe('job is not in a cancellable state');
      }
    });

    it('answers 404 for an unknown or deleted job and 400 for a malformed id', async () => {
      expect(errorMessage(await admin.put(`/jobs/${ids.j7 + 5000}/cancel`), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await admin.put(`/jobs/${ids.j6}/cancel`), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await admin.put('/jobs/x/cancel'), 400)).toBe('id is malformed');
    });

    it('answers 401, and 403 without clients:Manage (the job stays READY)', async () => {
      expect(errorMessage(await new Caller(t).put(`/jobs/${ids.j4}/cancel`), 401)).toBe('not authenticated');
      expect(errorMessage(await user.put(`/jobs/${ids.j4}/cancel`), 403)).toBe('not authorized');
      expect(errorMessage(await readOnly.put(`/jobs/${ids.j4}/cancel`), 403)).toBe('not authorized');
      expect((await admin.get(`/jobs/${ids.j4}`)).body.data.status).toBe(0);
    });
  });

  describe('statements per page', () => {
    /** Adds `count` finished jobs to a new client, each with two domain results and an OU and a domain to look up. */
    async function seed(count: number): Promise<string> {
      const client = await createClient(admin);
      await sql(
        `WITH j AS (
           INSERT INTO collection_jobs (client_id, execution_time, status, ous, domains)
           SELECT $1, now(), 2, ARRAY['OU-' || g], ARRAY['DOM-' || g] FROM generate_series(1, $2::int) g RETURNING id)
         INSERT INTO collection_domain_results (job_id, domain_name) SELECT id, d FROM j, unnest(ARRAY['A', 'B']) d`,
        [client.id, count],
      );
      return client.id;
    }

    const statements = (path: string) => countStatements<{ count: number; data: { domain_results: unknown[]; ous: { exists: boolean }[] }[] }>(admin, path);

    it('is the same for a page of 5 jobs and a page of 200, domain results and references included', async () => {
      const few = await seed(5);
      const many = await seed(200);
      for (const path of ['/clients/{id}/completed-jobs?limit=1000', '/jobs?client_id=eq:{id}&limit=1000']) {
        // Warm-up: whatever the app loads once is not part of a page's cost.
        await statements(path.replace('{id}', few));
        const small = await statements(path.replace('{id}', few));
        const large = await statements(path.replace('{id}', many));
        expect([small.body.count, small.body.data.length, large.body.count, large.body.data.length]).toEqual([5, 5, 200, 200]);
        expect(large.body.data.every((job) => job.domain_results.length === 2 && job.ous.length === 1)).toBe(true);
        expect(small.count).toBeGreaterThan(0);
        expect(large.count).toBe(small.count);
      }
    });
  });
});

describe('collection jobs in the community edition', () => {
  let t: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    t = await createTestApp({ env: { EDITION: 'community', SCHEDULER_INTERVAL: '0' } });
    admin = await adminCaller(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['GET', '/jobs'],
    ['GET', '/jobs/1'],
    ['PUT', '/jobs/1/cancel'],
    ['GET', '/tasks/available'],
    ['GET', '/clients/00000000-0000-4000-8000-000000000000/completed-jobs'],
    ['GET', '/clients/00000000-0000-4000-8000-000000000000/completed_jobs'],
    ['GET', '/clients/00000000-0000-4000-8000-000000000000/completed-tasks'],
    ['POST', '/clients/00000000-0000-4000-8000-000000000000/jobs'],
  ])('answers 404 to %s %s', async (method, path) => {
    const res = method === 'GET' ? await admin.get(path) : method === 'PUT' ? await admin.put(path) : await admin.post(path, { session_collection: true });
    expect(errorMessage(res, 404)).toBe(NOT_FOUND);
  });
});
