import { afterAll, beforeAll, expect, jest } from '@jest/globals';
import { Client as PgClient } from 'pg';
import type { Test } from 'supertest';
import { GraphStore } from '@app/graph';
import { createTestApp, type TestApp } from './test-app.js';
import { signed, type HttpMethod } from './auth.js';
import { adminCaller, NULL_TIME, ZERO_TIME, type Caller } from './identity.js';

/** A registered collection client and its signing token (id + key), as POST /api/v2/clients answered. */
export interface TestClient {
  id: string;
  name: string;
  token: { id: string; key: string };
  body: Record<string, unknown>;
}

let serial = 0;
export const uniqueClientName = (prefix = 'client') => `${prefix}-${process.pid}-${++serial}`;

/** Registers a client as `admin` (clients:Manage); fails the test on anything but 201. */
export async function createClient(admin: Caller, fields: Record<string, unknown> = {}): Promise<TestClient> {
  const res = await admin.post('/clients', { name: uniqueClientName(), type: 'sharphound', ...fields });
  if (res.status !== 201) throw new Error(`creating a client failed: ${res.status} ${JSON.stringify(res.body)}`);
  const data = res.body.data;
  return { id: data.id, name: data.name, token: { id: data.token.id, key: data.token.key }, body: data };
}

/** A request signed with the client's token; `body` is sent as JSON exactly as signed. */
export function asClient(t: TestApp, client: TestClient, method: HttpMethod, path: string, body?: unknown): Test {
  return signed(t, client.token, method, `/api/v2${path}`, body === undefined ? {} : { body: JSON.stringify(body) });
}

/** An event body collecting sessions for the client, with the given overrides. */
export function eventBody(clientId: string, fields: Record<string, unknown> = {}) {
  return { client_id: clientId, session_collection: true, ...fields };
}

/**
 * The SQL statements the app sends while answering one GET (calls of the pg client's `query`), and the answer: what
 * the set-based tests compare between a small and a large page.
 */
export async function countStatements<T = { count: number; data: unknown[] }>(caller: Caller, path: string): Promise<{ count: number; body: T }> {
  const spy = jest.spyOn(PgClient.prototype, 'query');
  try {
    const res = await caller.get(path);
    expect(res.status).toBe(200);
    return { count: spy.mock.calls.length, body: res.body as T };
  } finally {
    spy.mockRestore();
  }
}

export const NOT_FOUND = 'resource not found';
export const FILTERS_INVALID = 'there are errors in the query parameter filters specified';
export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
export const NO_EVENT = { int32: 0, valid: false };
export const NO_INT64 = { int64: 0, valid: false };

/** The zero job a client shows as current_job / current_task when it has none. */
export const ZERO_JOB = {
  id: 0, client_id: ZERO_UUID, client_name: '', event_id: { int32: 0, valid: false }, event_title: '',
  execution_time: ZERO_TIME, start_time: ZERO_TIME, end_time: ZERO_TIME, last_ingest: ZERO_TIME, status: 0,
  status_message: '', session_collection: false, local_group_collection: false, ad_structure_collection: false,
  cert_services_collection: false, ca_registry_collection: false, dc_registry_collection: false,
  all_trusted_domains: false, domain_controller: '', log_path: '', ous: [], domains: [], domain_results: [],
  created_at: ZERO_TIME, updated_at: ZERO_TIME, deleted_at: NULL_TIME,
};

/** A direct connection to a test app's database, for seeding and inspecting rows: `connect` in beforeAll, `end` in afterAll. */
export function testDatabase() {
  let db: PgClient;
  return {
    async connect(t: TestApp): Promise<void> {
      db = new PgClient({ connectionString: t.databaseUrl });
      await db.connect();
    },
    end: () => db.end(),
    sql: async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows as Record<string, unknown>[],
  };
}

/** The database plus row inserters the collection-clients files seed with (the job and client-flow endpoints are not what is under test). */
export function clientRows() {
  const database = testDatabase();
  const { sql } = database;
  let jobSerial = 0;

  /** Inserts a job straight into the table. */
  async function insertJob(clientId: string, status: number, fields: { eventId?: number; domains?: string[] } = {}): Promise<number> {
    // Each job its own execution time: an event has one job per occurrence.
    jobSerial += 1;
    const [row] = await sql(
      `INSERT INTO collection_jobs (client_id, event_id, execution_time, status, start_time, session_collection, domains)
       VALUES ($1, $2, timestamptz '2025-01-10T00:00:00Z' + make_interval(mins => $5), $3::smallint,
               CASE WHEN $3::smallint > 0 THEN timestamptz '2025-01-10T00:01:00Z' END, true, $4)
       RETURNING id`,
      [clientId, fields.eventId ?? null, status, fields.domains ?? [], jobSerial],
    );
    return Number(row.id);
  }

  async function insertEvent(clientId: string, ous: string[] = []): Promise<number> {
    const [row] = await sql(
      `INSERT INTO collection_events (client_id, title, rrule, next_scheduled_at, session_collection, ous)
       VALUES ($1, 'nightly', '', '2030-01-01T00:00:00Z', true, $2) RETURNING id`,
      [clientId, ous],
    );
    return Number(row.id);
  }

  return { ...database, insertJob, insertEvent };
}

/** The fixture jobs, by name: what each one is, so tests can compute expected orders and matches. */
export interface JobFixture {
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

export const JOB_FIXTURES: Record<string, JobFixture> = {
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
const JOB_NAMES = Object.keys(JOB_FIXTURES);
export const LIVE_JOBS = JOB_NAMES.filter((name) => JOB_FIXTURES[name].deleted === undefined);

const DOMAIN_RESULT_COUNTS = [
  'user_count', 'group_count', 'computer_count', 'gpo_count', 'ou_count', 'container_count', 'aiaca_count',
  'rootca_count', 'enterpriseca_count', 'ntauthstore_count', 'certtemplate_count', 'deleted_count',
];
const JOB_FLAGS = [
  'session_collection', 'local_group_collection', 'ad_structure_collection', 'cert_services_collection',
  'ca_registry_collection', 'dc_registry_collection', 'all_trusted_domains',
];

/**
 * The collection-jobs files' world: two clients (a, b), an event of a's, the fixture jobs j1–j7 (`ids` by name, filled
 * by `seed`), j1's domain results, and the OU and domain the jobs name in the graph. `seed` in beforeAll, `end` in afterAll.
 */
export function jobFixtures() {
  const database = testDatabase();
  const { sql } = database;
  const ids: Record<string, number> = {};
  const clientNames: Record<'a' | 'b', string> = { a: `Alpha ${process.pid}`, b: `bravo ${process.pid}` };
  let a: TestClient;
  let b: TestClient;
  let eventId: number;

  const names = (res: { body: { data: { id: number }[] } }) =>
    res.body.data.map((job) => JOB_NAMES.find((name) => ids[name] === job.id) ?? `#${job.id}`);

  async function insertJob(fixture: JobFixture): Promise<number> {
    const flags = JOB_FLAGS.map((flag) => (fixture.flags ?? []).includes(flag));
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

  async function seed(t: TestApp, admin: Caller): Promise<{ a: TestClient; b: TestClient; eventId: number }> {
    await database.connect(t);
    a = await createClient(admin, { name: clientNames.a, domain_controller: 'dc-a.corp.local' });
    b = await createClient(admin, { name: clientNames.b });
    const [event] = await sql(
      `INSERT INTO collection_events (client_id, title, rrule, next_scheduled_at, session_collection)
       VALUES ($1, 'Nightly', '', NULL, true) RETURNING id`, [a.id],
    );
    eventId = Number(event.id);
    for (const name of JOB_NAMES) ids[name] = await insertJob(JOB_FIXTURES[name]);
    const counts = (base: number) => DOMAIN_RESULT_COUNTS.map((_, i) => base + i);
    await sql(
      `INSERT INTO collection_domain_results (job_id, domain_name, success, message, ${DOMAIN_RESULT_COUNTS.join(', ')}, created_at, updated_at)
       VALUES ($1, 'CORP.LOCAL', true, 'collected', ${DOMAIN_RESULT_COUNTS.map((_, i) => `$${i + 2}`).join(', ')}, '2025-01-01T00:30:00Z', '2025-01-01T00:31:00Z'),
              ($1, 'SUB.CORP.LOCAL', false, 'access denied', ${DOMAIN_RESULT_COUNTS.map(() => '0').join(', ')}, '2025-01-01T00:30:00Z', '2025-01-01T00:30:00Z')`,
      [ids.j1, ...counts(1)],
    );
    await t.app.get(GraphStore).upsertNodes([
      { objectid: 'OU-FIN', kinds: ['Base', 'OU'], properties: { objectid: 'OU-FIN', name: 'FINANCE@CORP.LOCAL', distinguishedname: 'OU=FINANCE,DC=CORP,DC=LOCAL' } },
      { objectid: 'DOM-CORP', kinds: ['Base', 'Domain'], properties: { objectid: 'DOM-CORP', name: 'CORP.LOCAL', distinguishedname: 'DC=CORP,DC=LOCAL' } },
    ]);
    return { a, b, eventId };
  }

  /** Every field of a fixture job on the wire, hydrated unless said otherwise. */
  function fixtureShape(name: string, hydrate = true) {
    const f = JOB_FIXTURES[name];
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
      ...Object.fromEntries(JOB_FLAGS.map((flag) => [flag, (f.flags ?? []).includes(flag)])),
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
        ...Object.fromEntries(DOMAIN_RESULT_COUNTS.map((count, i) => [count, i + 1])),
      },
      {
        id: expect.any(Number), created_at: '2025-01-01T00:30:00.000Z', updated_at: '2025-01-01T00:30:00.000Z',
        deleted_at: NULL_TIME, job_id: ids.j1, domain_name: 'SUB.CORP.LOCAL', success: false, message: 'access denied',
        ...Object.fromEntries(DOMAIN_RESULT_COUNTS.map((count) => [count, 0])),
      },
    ];
  }

  return { sql, end: database.end, seed, ids, clientNames, names, fixtureShape };
}

/**
 * The administrator of a community-edition app for the enclosing describe block: the app starts before the block's
 * tests and closes after them. Call the returned function inside a test.
 */
export function communityEditionAdmin(): () => Caller {
  let app: TestApp | undefined;
  let admin: Caller | undefined;
  beforeAll(async () => {
    app = await createTestApp({ env: { EDITION: 'community' } });
    admin = await adminCaller(app);
  });
  afterAll(async () => {
    await app?.close();
  });
  return () => admin!;
}
