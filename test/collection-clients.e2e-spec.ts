import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client as PgClient } from 'pg';
import { signed } from './support/auth.js';
import { asClient, createClient, uniqueClientName, type TestClient, countStatements } from './support/collection.js';
import { adminCaller, Caller, NULL_TIME, RFC3339, Roles, userSession, UUID, ZERO_TIME } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const NOT_FOUND = 'resource not found';
const UNMARSHAL = 'error unmarshalling JSON payload';
const NO_INT64 = { int64: 0, valid: false };
const UNKNOWN_TOKEN = 'unable to validate request signature for client: resource not found';

const nullString = (value: string | null) => (value === null ? { string: '', valid: false } : { string: value, valid: true });

/** The zero job a client shows as current_job / current_task when it has none. */
const ZERO_JOB = {
  id: 0, client_id: ZERO_UUID, client_name: '', event_id: { int32: 0, valid: false }, event_title: '',
  execution_time: ZERO_TIME, start_time: ZERO_TIME, end_time: ZERO_TIME, last_ingest: ZERO_TIME, status: 0,
  status_message: '', session_collection: false, local_group_collection: false, ad_structure_collection: false,
  cert_services_collection: false, ca_registry_collection: false, dc_registry_collection: false,
  all_trusted_domains: false, domain_controller: '', log_path: '', ous: [], domains: [], domain_results: [],
  created_at: ZERO_TIME, updated_at: ZERO_TIME, deleted_at: NULL_TIME,
};

/** Every field of a wire Client as it is right after creation: `key` is the plain key there, "" everywhere else. */
function newClientShape(name: string, type: string, domainController: string | null, key: string | RegExp) {
  const timestamp = expect.stringMatching(RFC3339);
  return {
    id: expect.stringMatching(UUID),
    name,
    ip_address: '',
    hostname: '',
    configured_user: '',
    last_checkin: ZERO_TIME,
    events: [],
    token: {
      id: expect.stringMatching(UUID),
      created_at: timestamp,
      updated_at: timestamp,
      deleted_at: NULL_TIME,
      user_id: { uuid: ZERO_UUID, valid: false },
      name: { string: name, valid: true },
      key: typeof key === 'string' ? key : expect.stringMatching(key),
      hmac_method: 'hmac-sha2-256',
      last_access: ZERO_TIME,
    },
    current_job_id: NO_INT64,
    current_task_id: NO_INT64,
    current_job: ZERO_JOB,
    current_task: ZERO_JOB,
    completed_job_count: 0,
    completed_task_count: 0,
    domain_controller: nullString(domainController),
    version: '',
    user_sid: { string: '', valid: false },
    type,
    created_at: timestamp,
    updated_at: timestamp,
    deleted_at: NULL_TIME,
  };
}

describe('collection clients (/api/v2/clients)', () => {
  let t: TestApp;
  let admin: Caller;
  let readOnly: Caller;
  let user: Caller;
  let db: PgClient;
  let jobSerial = 0;

  const sql = async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows as Record<string, unknown>[];

  /** Inserts a job straight into the table (the job and client-flow endpoints are not what is under test). */
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

  beforeAll(async () => {
    // No background scheduler ticks: the statement count must see only the request's own statements.
    t = await createTestApp({ env: { SCHEDULER_INTERVAL: '0' } });
    admin = await adminCaller(t);
    readOnly = (await userSession(t, admin, Roles.ReadOnly)).caller;
    user = (await userSession(t, admin, Roles.User)).caller;
    db = new PgClient({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await t.close();
  });

  describe('POST /clients', () => {
    it('answers 201 with every field of the client, its token holding the plain key (40 bytes, base64)', async () => {
      const name = uniqueClientName('create');
      const res = await admin.post('/clients', { name: `  ${name}  `, type: 'azurehound', domain_controller: 'dc01.corp.local' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ data: newClientShape(name, 'azurehound', 'dc01.corp.local', /^[A-Za-z0-9+/]{54}==$/) });
      expect(Buffer.from(res.body.data.token.key, 'base64')).toHaveLength(40);
    });

    it('stores the key only encrypted', async () => {
      const created = await createClient(admin);
      const [row] = await sql('SELECT encrypted_key FROM collection_client_tokens WHERE id = $1', [created.token.id]);
      expect(row.encrypted_key).toMatch(/^v1:/);
      expect(row.encrypted_key).not.toContain(created.token.key);
    });

    it('reads a missing, null or blank domain_controller as none, and ignores unknown fields', async () => {
      for (const fields of [{}, { domain_controller: null }, { domain_controller: '  ' }, { events: [{ rrule: 'x' }], provided_identifier: 'x' }]) {
        const name = uniqueClientName('dc');
        const res = await admin.post('/clients', { name, type: 'sharphound', ...fields });
        expect(res.status).toBe(201);
        expect(res.body.data.domain_controller).toEqual({ string: '', valid: false });
        expect(res.body.data.events).toEqual([]);
      }
    });

    it.each([
      ['a missing name', { type: 'sharphound' }, 'name is required'],
      ['an empty name', { name: '', type: 'sharphound' }, 'name is required'],
      ['a blank name', { name: ' \t ', type: 'sharphound' }, 'name is required'],
      ['a name over 250 characters', { name: 'n'.repeat(251), type: 'sharphound' }, 'name is limited to 250 characters'],
      ['a name with NUL', { name: 'a\u0000b', type: 'sharphound' }, 'name must not contain NUL characters'],
      ['a missing type', { name: 'x' }, 'type must be one of sharphound, azurehound'],
      ['an unknown type', { name: 'x', type: 'openhound' }, 'type must be one of sharphound, azurehound'],
      ['a domain_controller with NUL', { name: 'x', type: 'sharphound', domain_controller: 'dc\u0000' }, 'domain_controller must not contain NUL characters'],
      ['a domain_controller over 255 characters', { name: 'x', type: 'sharphound', domain_controller: 'd'.repeat(256) }, 'domain_controller is limited to 255 characters'],
      ['a name that is not a string', { name: 5, type: 'sharphound' }, UNMARSHAL],
      ['a type that is not a string', { name: 'x', type: 1 }, UNMARSHAL],
      ['a domain_controller that is not a string', { name: 'x', type: 'sharphound', domain_controller: ['dc'] }, UNMARSHAL],
      ['a body that is not an object', ['x'], UNMARSHAL],
    ])('answers 400 for %s', async (_case, body, message) => {
      expect(errorMessage(await admin.post('/clients', body), 400)).toBe(message);
    });

    it('answers 400 for malformed JSON, another content type, and no body', async () => {
      expect(errorMessage(await admin.raw('post', '/clients', '{"name":'), 400)).toBe(UNMARSHAL);
      expect(errorMessage(await admin.raw('post', '/clients', 'name=x', 'text/plain'), 400)).toBe('content type must be application/json');
      expect(errorMessage(await admin.post('/clients'), 400)).toBe(UNMARSHAL);
    });

    it('answers 409 for the name of a live client, whatever its case; a deleted client frees its name', async () => {
      const first = await createClient(admin);
      const res = await admin.post('/clients', { name: first.name.toUpperCase(), type: 'azurehound' });
      expect(errorMessage(res, 409)).toBe('client name must be unique');
      expect((await admin.delete(`/clients/${first.id}`)).status).toBe(200);
      expect((await admin.post('/clients', { name: first.name, type: 'sharphound' })).status).toBe(201);
    });
  });

  describe('GET /clients/{client_id}', () => {
    it('answers the client with every field, its key never shown', async () => {
      const created = await createClient(admin, { domain_controller: 'dc9' });
      const res = await admin.get(`/clients/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { ...created.body, token: { ...(created.body.token as object), key: '' } } });
    });

    it('shows check-in fields, the running job and the next ready job, the figures and the events', async () => {
      const created = await createClient(admin);
      await sql(
        `UPDATE collection_clients SET ip_address = '10.1.2.3', hostname = 'host-1', configured_user = 'CORP\\svc',
           version = 'v2.6.0', user_sid = 'S-1-5-21-9', last_checkin = '2025-02-03T04:05:06.789Z' WHERE id = $1`,
        [created.id],
      );
      const eventId = await insertEvent(created.id, ['OU-UNKNOWN-1']);
      const running = await insertJob(created.id, 1, { eventId, domains: ['S-1-5-21-UNKNOWN'] });
      const ready = await insertJob(created.id, 0);
      await insertJob(created.id, 2);
      await insertJob(created.id, 5, { eventId });
      await insertJob(created.id, 3);

      const res = await admin.get(`/clients/${created.id}`);
      expect(res.status).toBe(200);
      const client = res.body.data;
      expect(client).toMatchObject({
        ip_address: '10.1.2.3', hostname: 'host-1', configured_user: 'CORP\\svc', version: 'v2.6.0',
        user_sid: { string: 'S-1-5-21-9', valid: true }, last_checkin: '2025-02-03T04:05:06.789Z',
        current_job_id: { int64: running, valid: true }, current_task_id: { int64: ready, valid: true },
        completed_job_count: 3, completed_task_count: 2,
      });
      expect(client.current_job).toMatchObject({
        id: running, client_id: created.id, client_name: created.name, event_id: { int32: eventId, valid: true }, status: 1,
        start_time: '2025-01-10T00:01:00.000Z', session_collection: true, domain_results: [],
        domains: [{ objectid: 'S-1-5-21-UNKNOWN', name: '', exists: false, type: '' }],
      });
      expect(client.current_task).toMatchObject({ id: ready, client_id: created.id, status: 0, event_id: { int32: 0, valid: false } });
      expect(client.events).toEqual([expect.objectContaining({
        id: eventId, client_id: created.id, session_collection: true,
        ous: [{ objectid: 'OU-UNKNOWN-1', name: '', exists: false, distinguishedname: '', type: '' }],
      })]);

      const bare = await admin.get(`/clients/${created.id}?hydrate_ous=false&hydrate_domains=false`);
      expect(bare.body.data.events[0].ous).toEqual(['OU-UNKNOWN-1']);
      expect(bare.body.data.current_job.domains).toEqual(['S-1-5-21-UNKNOWN']);
    });

    it('answers 404 for an unknown client and 400 for a malformed id', async () => {
      expect(errorMessage(await admin.get('/clients/6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01'), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await admin.get('/clients/not-a-uuid'), 400)).toBe('id is malformed');
    });
  });

  describe('PUT /clients/{client_id}', () => {
    it('changes only the fields given and answers the client', async () => {
      const created = await createClient(admin, { domain_controller: 'dc01' });
      const name = uniqueClientName('renamed');
      const renamed = await admin.put(`/clients/${created.id}`, { name: ` ${name} `, type: 'azurehound' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toMatchObject({
        id: created.id, name, type: 'sharphound', domain_controller: { string: 'dc01', valid: true },
        token: { id: created.token.id, key: '', name: { string: name, valid: true } },
      });

      const cleared = await admin.put(`/clients/${created.id}`, { domain_controller: null });
      expect(cleared.body.data).toMatchObject({ name, domain_controller: { string: '', valid: false } });
      const unchanged = await admin.put(`/clients/${created.id}`, {});
      expect(unchanged.status).toBe(200);
      expect(unchanged.body.data).toMatchObject({ name, domain_controller: { string: '', valid: false } });
      expect((await admin.get(`/clients/${created.id}`)).body.data.name).toBe(name);
    });

    it('refuses what create refuses, and a live name of another client (409)', async () => {
      const a = await createClient(admin);
      const b = await createClient(admin);
      expect(errorMessage(await admin.put(`/clients/${a.id}`, { name: '  ' }), 400)).toBe('name is required');
      expect(errorMessage(await admin.put(`/clients/${a.id}`, { name: 7 }), 400)).toBe(UNMARSHAL);
      expect(errorMessage(await admin.put(`/clients/${a.id}`, []), 400)).toBe(UNMARSHAL);
      expect(errorMessage(await admin.put(`/clients/${a.id}`, { name: b.name.toUpperCase() }), 409)).toBe('client name must be unique');
      expect((await admin.put(`/clients/${a.id}`, { name: a.name.toUpperCase() })).status).toBe(200);
    });

    it('answers 404 for an unknown client and 400 for a malformed id', async () => {
      expect(errorMessage(await admin.put('/clients/6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01', { name: 'x' }), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await admin.put('/clients/1234', { name: 'x' }), 400)).toBe('id is malformed');
    });
  });

  describe('DELETE /clients/{client_id}', () => {
    it('answers 200 with an empty body, revokes the token, deletes events and READY jobs, cancels the RUNNING job; finished jobs stay', async () => {
      const created = await createClient(admin);
      expect((await asClient(t, created, 'GET', '/collectors/sharphound')).status).toBe(200);
      const eventId = await insertEvent(created.id);
      const ready = await insertJob(created.id, 0, { eventId });
      const running = await insertJob(created.id, 1);
      const done = await insertJob(created.id, 2);

      const res = await admin.delete(`/clients/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('');

      expect(errorMessage(await admin.get(`/clients/${created.id}`), 404)).toBe(NOT_FOUND);
      expect((await admin.get(`/clients?id=eq:${created.id}`)).body).toMatchObject({ count: 0, data: [] });
      const deleted = await admin.get(`/clients?id=eq:${created.id}&deleted_at=neq:null`);
      expect(deleted.body.count).toBe(1);
      expect(deleted.body.data[0].deleted_at).toEqual({ time: expect.stringMatching(RFC3339), valid: true });
      expect(deleted.body.data[0].events).toEqual([]);

      expect(errorMessage(await asClient(t, created, 'GET', '/collectors/sharphound'), 401)).toBe(UNKNOWN_TOKEN);
      const [event] = await sql('SELECT deleted_at FROM collection_events WHERE id = $1', [eventId]);
      expect(event.deleted_at).not.toBeNull();
      const jobs = await sql('SELECT id FROM collection_jobs WHERE client_id = $1 ORDER BY id', [created.id]);
      expect(jobs.map((j) => Number(j.id))).toEqual([running, done]);
      expect(await sql('SELECT id FROM collection_jobs WHERE id = $1', [ready])).toEqual([]);
      // The running job can no longer be ended by its client: canceled at once, with the reason.
      const [canceled] = await sql('SELECT status, status_message, end_time FROM collection_jobs WHERE id = $1', [running]);
      expect([canceled.status, canceled.status_message, canceled.end_time === null]).toEqual([3, 'canceled: the client was deleted', false]);
      const [finished] = await sql('SELECT status FROM collection_jobs WHERE id = $1', [done]);
      expect(finished.status).toBe(2);
      const tokens = await sql('SELECT deleted_at FROM collection_client_tokens WHERE client_id = $1', [created.id]);
      expect(tokens.every((token) => token.deleted_at !== null)).toBe(true);
    });

    it('answers 404 for an unknown or already deleted client and 400 for a malformed id', async () => {
      const created = await createClient(admin);
      expect((await admin.delete(`/clients/${created.id}`)).status).toBe(200);
      expect(errorMessage(await admin.delete(`/clients/${created.id}`), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await admin.delete('/clients/xyz'), 400)).toBe('id is malformed');
    });
  });

  describe('PUT /clients/{client_id}/token', () => {
    it('answers the new token with its key; the old key stops working at once and the new one works', async () => {
      const created = await createClient(admin);
      expect((await asClient(t, created, 'GET', '/collectors/sharphound')).status).toBe(200);

      const res = await admin.put(`/clients/${created.id}/token`);
      expect(res.status).toBe(200);
      const timestamp = expect.stringMatching(RFC3339);
      expect(res.body).toEqual({
        data: {
          id: expect.stringMatching(UUID), created_at: timestamp, updated_at: timestamp, deleted_at: NULL_TIME,
          user_id: { uuid: ZERO_UUID, valid: false }, name: { string: created.name, valid: true },
          key: expect.stringMatching(/^[A-Za-z0-9+/]{54}==$/), hmac_method: 'hmac-sha2-256', last_access: ZERO_TIME,
        },
      });
      const rotated: TestClient = { ...created, token: { id: res.body.data.id, key: res.body.data.key } };
      expect(rotated.token.id).not.toBe(created.token.id);
      expect(rotated.token.key).not.toBe(created.token.key);

      expect(errorMessage(await asClient(t, created, 'GET', '/collectors/sharphound'), 401)).toBe(UNKNOWN_TOKEN);
      // Even the old token id with the new key: the old token is gone, not re-keyed.
      const mixed = { id: created.token.id, key: rotated.token.key };
      expect(errorMessage(await signed(t, mixed, 'GET', '/api/v2/collectors/sharphound'), 401)).toBe(UNKNOWN_TOKEN);
      expect((await asClient(t, rotated, 'GET', '/collectors/sharphound')).status).toBe(200);

      const shown = (await admin.get(`/clients/${created.id}`)).body.data.token;
      expect(shown).toMatchObject({ id: rotated.token.id, key: '' });
      expect(shown.last_access).toMatch(RFC3339);
      expect(shown.last_access).not.toBe(ZERO_TIME);
    });

    it('answers 404 for an unknown or deleted client and 400 for a malformed id', async () => {
      const created = await createClient(admin);
      await admin.delete(`/clients/${created.id}`);
      expect(errorMessage(await admin.put(`/clients/${created.id}/token`), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await admin.put('/clients/6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01/token'), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await admin.put('/clients/bad/token'), 400)).toBe('id is malformed');
    });
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
  let t: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    t = await createTestApp({ env: { EDITION: 'community', SCHEDULER_INTERVAL: '0' } });
    admin = await adminCaller(t);
  });
  afterAll(() => t.close());

  it('answers 404 on every client route', async () => {
    const id = '6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01';
    for (const res of [
      await admin.get('/clients'),
      await admin.post('/clients', { name: 'x', type: 'sharphound' }),
      await admin.get(`/clients/${id}`),
      await admin.put(`/clients/${id}`, { name: 'x' }),
      await admin.delete(`/clients/${id}`),
      await admin.put(`/clients/${id}/token`),
    ]) {
      expect(errorMessage(res, 404)).toBe(NOT_FOUND);
    }
  });
});
