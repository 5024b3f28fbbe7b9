import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { signatureHeaders } from './support/auth.js';
import { asClient, communityEditionAdmin, createClient, type TestClient } from './support/collection.js';
import { adminCaller, Caller, NULL_TIME, RFC3339, Roles, userSession, ZERO_TIME } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const NOT_FOUND = 'resource not found';
const COUNTS = [
  'user_count', 'group_count', 'computer_count', 'gpo_count', 'ou_count', 'container_count', 'aiaca_count',
  'rootca_count', 'enterpriseca_count', 'ntauthstore_count', 'certtemplate_count', 'deleted_count',
];
const BUSY = 'the client is already running a job: end it before starting another';

// A signature covers method, path, body and RequestDate cut to the hour. A collection client's key tolerates the same
// signed body again within the hour when the RequestDate differs (collectors repeat check-ins and identical ends);
// support/auth's requestDate() gives each request a date of its own. `note()` still varies some bodies: not needed
// for the replay rule, it only tells the requests apart.
let notes = 0;
const note = () => `note ${++notes}`;

/** The client-only routes: method, path and a body that would be valid. */
const CLIENT_ROUTES: ['GET' | 'POST' | 'PUT', string, unknown][] = [
  ['PUT', '/clients/update', { hostname: 'h' }],
  ['GET', '/jobs/available', undefined],
  ['GET', '/jobs/current', undefined],
  ['POST', '/jobs/start', { id: 1 }],
  ['POST', '/jobs/end', { status: 'COMPLETE' }],
];

describe('collection client flow (check-in, jobs available/current/start/end)', () => {
  let t: TestApp;
  let admin: Caller;
  let readOnly: Caller;
  let a: TestClient;
  let b: TestClient;

  const within = (iso: string, before: number) => {
    expect(iso).toMatch(RFC3339);
    expect(Date.parse(iso)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(iso)).toBeLessThanOrEqual(Date.now() + 1000);
  };

  /** An ad-hoc READY job for the client, made by the admin. */
  async function adHoc(client: TestClient, fields: Record<string, unknown> = {}): Promise<Record<string, unknown> & { id: number }> {
    const res = await admin.post(`/clients/${client.id}/jobs`, { session_collection: true, ...fields });
    expect(res.status).toBe(200);
    return res.body.data;
  }

  /** Starts a job as the client (the body varied by a note the service ignores, so a retry is no replay). */
  const startJob = (client: TestClient, id: number) => asClient(t, client, 'POST', '/jobs/start', { id, note: note() });

  /** Ends whatever the client runs, so each test starts from a client with no running job. */
  async function endRunning(client: TestClient): Promise<void> {
    await asClient(t, client, 'POST', '/jobs/end', { status: 'FAILED', message: `test cleanup: ${note()}` });
  }

  /** Cancels every READY job of the client. */
  async function cancelReady(client: TestClient): Promise<void> {
    const res = await admin.get(`/tasks/available?client_id=eq:${client.id}`);
    for (const job of res.body.data as { id: number }[]) await admin.put(`/jobs/${job.id}/cancel`);
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    readOnly = (await userSession(t, admin, Roles.ReadOnly)).caller;
    a = await createClient(admin, { domain_controller: 'dc-a.corp.local' });
    b = await createClient(admin, { type: 'azurehound' });
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test starts from clients with no READY or RUNNING job, whatever the one before left behind.
  afterEach(async () => {
    for (const client of [a, b]) {
      await endRunning(client);
      await cancelReady(client);
    }
  });

  describe('PUT /clients/update (check-in)', () => {
    it('records what the client reports and last_checkin, and answers the client', async () => {
      const before = Date.now();
      const res = await asClient(t, a, 'PUT', '/clients/update', {
        address: '10.0.0.5', hostname: 'collector01', version: 'v2.6.0', username: 'CORP\\svc-collect', usersid: 'S-1-5-21-1-1105',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: a.id, name: a.name, ip_address: '10.0.0.5', hostname: 'collector01', version: 'v2.6.0',
        configured_user: 'CORP\\svc-collect', user_sid: { string: 'S-1-5-21-1-1105', valid: true },
        domain_controller: { string: 'dc-a.corp.local', valid: true }, type: 'sharphound', events: [],
        current_job_id: { int64: 0, valid: false }, current_task_id: { int64: 0, valid: false },
        completed_job_count: 0, completed_task_count: 0, deleted_at: NULL_TIME,
      });
      expect(res.body.data.token).toMatchObject({ id: a.token.id, key: '' });
      within(res.body.data.last_checkin, before);
      const shown = await admin.get(`/clients/${a.id}`);
      expect(shown.body.data).toMatchObject({
        ip_address: '10.0.0.5', hostname: 'collector01', version: 'v2.6.0', configured_user: 'CORP\\svc-collect',
        user_sid: { string: 'S-1-5-21-1-1105', valid: true }, last_checkin: res.body.data.last_checkin,
      });
    });

    it('matches keys without regard to case, takes ip_address and user_sid, and keeps fields left out', async () => {
      const res = await asClient(t, b, 'PUT', '/clients/update', { Address: '10.0.0.9', HOSTNAME: 'az01', Version: '2.1.0' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ ip_address: '10.0.0.9', hostname: 'az01', version: '2.1.0', configured_user: '', user_sid: { string: '', valid: false } });
      const aliases = await asClient(t, b, 'PUT', '/clients/update', { ip_address: '10.0.0.10', User_Sid: 'S-1-5-21-2-500', username: 'svc' });
      expect(aliases.body.data).toMatchObject({ ip_address: '10.0.0.10', hostname: 'az01', version: '2.1.0', configured_user: 'svc', user_sid: { string: 'S-1-5-21-2-500', valid: true } });
      const cleared = await asClient(t, b, 'PUT', '/clients/update', { usersid: '' });
      expect(cleared.body.data.user_sid).toEqual({ string: '', valid: false });
    });

    it('takes a check-in with no body: only last_checkin moves', async () => {
      const first = (await admin.get(`/clients/${b.id}`)).body.data;
      const res = await asClient(t, b, 'PUT', '/clients/update');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ ip_address: first.ip_address, hostname: first.hostname, version: first.version });
      expect(Date.parse(res.body.data.last_checkin)).toBeGreaterThanOrEqual(Date.parse(first.last_checkin));
    });

    it('shows the client\'s current job and task', async () => {
      const ready = await adHoc(a);
      const res = await asClient(t, a, 'PUT', '/clients/update', { hostname: 'collector01' });
      expect(res.body.data.current_task_id).toEqual({ int64: ready.id, valid: true });
      expect(res.body.data.current_task).toEqual(ready);
    });

    it.each([
      [{ hostname: 5 }, 'hostname must be a string'],
      [{ Address: ['10.0.0.1'] }, 'address must be a string'],
      [{ usersid: false }, 'usersid must be a string'],
      [{ version: 'v\u0000' }, 'version must not contain NUL characters'],
      [{ hostname: 'h'.repeat(256) }, 'hostname is limited to 255 characters'],
      [{ Version: 'v'.repeat(256) }, 'version is limited to 255 characters'],
      [{ username: 'u'.repeat(256) }, 'username is limited to 255 characters'],
      [{ usersid: 'S'.repeat(256) }, 'usersid is limited to 255 characters'],
      [{ address: '1'.repeat(256) }, 'address is limited to 255 characters'],
      [{ ip_address: '1'.repeat(256) }, 'ip_address is limited to 255 characters'],
      [[], 'error unmarshalling JSON payload'],
    ])('answers 400 for %j', async (body, message) => {
      expect(errorMessage(await asClient(t, a, 'PUT', '/clients/update', body), 400)).toBe(message);
    });

    it('takes reported strings of 255 characters, counted as code points, and stores nothing of a refused one', async () => {
      const hostname = '\u{1F5A5}'.repeat(255);
      const res = await asClient(t, b, 'PUT', '/clients/update', { hostname, username: 'u'.repeat(255) });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ hostname, configured_user: 'u'.repeat(255) });
      expect(errorMessage(await asClient(t, b, 'PUT', '/clients/update', { hostname: 'x', version: 'v'.repeat(256) }), 400))
        .toBe('version is limited to 255 characters');
      expect((await admin.get(`/clients/${b.id}`)).body.data.hostname).toBe(hostname);
    });
  });

  describe('jobs: available, start, current, end', () => {
    it('lists the client\'s READY jobs, next due first, hydrated, without another client\'s', async () => {
      const first = await adHoc(a, { ous: ['ou-x'] });
      const second = await adHoc(a, { domains: ['dom-y'] });
      const others = await adHoc(b);
      const res = await asClient(t, a, 'GET', '/jobs/available');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [first, second] });
      expect(first.ous).toEqual([{ objectid: 'OU-X', name: '', exists: false, distinguishedname: '', type: '' }]);
      expect((await asClient(t, a, 'GET', '/jobs/available?hydrate_ous=false&hydrate_domains=false')).body.data.map((j: { ous: unknown; domains: unknown }) => [j.ous, j.domains]))
        .toEqual([[['OU-X'], []], [[], ['DOM-Y']]]);
      expect((await asClient(t, a, 'GET', '/jobs/available?sort_by=-id')).body.data.map((j: { id: number }) => j.id)).toEqual([second.id, first.id]);
      expect((await asClient(t, b, 'GET', '/jobs/available')).body).toEqual({ data: [others] });
      expect((await asClient(t, b, 'GET', '/tasks/available')).body).toEqual({ data: [others] });
      expect(errorMessage(await asClient(t, a, 'GET', '/jobs/available?id=eq:1'), 400)).toBe('the specified column cannot be filtered: id');
    });

    it('runs a job from start to end: RUNNING with start_time, current, then COMPLETE with its results', async () => {
      const job = await adHoc(a);
      expect(errorMessage(await asClient(t, a, 'GET', '/jobs/current'), 404)).toBe(NOT_FOUND);

      const beforeStart = Date.now();
      const started = await startJob(a, job.id);
      expect(started.status).toBe(200);
      expect(started.body.data).toEqual({
        ...job, status: 1, start_time: expect.stringMatching(RFC3339), updated_at: expect.stringMatching(RFC3339),
      });
      within(started.body.data.start_time, beforeStart);
      expect((await asClient(t, a, 'GET', '/jobs/current')).body).toEqual({ data: started.body.data });
      expect((await asClient(t, a, 'GET', '/jobs/available')).body).toEqual({ data: [] });
      expect((await admin.get(`/clients/${a.id}`)).body.data.current_job).toEqual(started.body.data);

      const beforeEnd = Date.now();
      const results = [
        { domain_name: 'CORP.LOCAL', success: true, message: 'collected', ...Object.fromEntries(COUNTS.map((c, i) => [c, 10 + i])) },
        { domain_name: 'SUB.CORP.LOCAL', success: false, message: 'access denied' },
      ];
      const ended = await asClient(t, a, 'POST', '/jobs/end', { status: 'Complete', message: 'all done', log_path: '/var/log/j.zip', domain_results: results });
      expect(ended.status).toBe(200);
      expect(ended.body.data).toEqual({
        ...started.body.data, status: 2, status_message: 'all done', log_path: '/var/log/j.zip',
        end_time: expect.stringMatching(RFC3339), updated_at: expect.stringMatching(RFC3339),
        domain_results: [
          {
            id: expect.any(Number), created_at: expect.stringMatching(RFC3339), updated_at: expect.stringMatching(RFC3339),
            deleted_at: NULL_TIME, job_id: job.id, domain_name: 'CORP.LOCAL', success: true, message: 'collected',
            ...Object.fromEntries(COUNTS.map((c, i) => [c, 10 + i])),
          },
          {
            id: expect.any(Number), created_at: expect.stringMatching(RFC3339), updated_at: expect.stringMatching(RFC3339),
            deleted_at: NULL_TIME, job_id: job.id, domain_name: 'SUB.CORP.LOCAL', success: false, message: 'access denied',
            ...Object.fromEntries(COUNTS.map((c) => [c, 0])),
          },
        ],
      });
      within(ended.body.data.end_time, beforeEnd);
      expect(ended.body.data.last_ingest).toBe(ZERO_TIME);
      expect(errorMessage(await asClient(t, a, 'GET', '/jobs/current'), 404)).toBe(NOT_FOUND);
      expect((await admin.get(`/jobs/${job.id}`)).body.data).toEqual(ended.body.data);
      expect((await admin.get(`/clients/${a.id}/completed-jobs?id=eq:${job.id}`)).body.data).toEqual([ended.body.data]);
      expect(errorMessage(await asClient(t, a, 'POST', '/jobs/end', { status: 'COMPLETE', message: note() }), 404)).toBe(NOT_FOUND);
    });

    it('ends a job FAILED (any case, or 5) with an empty message', async () => {
      for (const status of ['failed', 5]) {
        const job = await adHoc(a);
        expect((await startJob(a, job.id)).status).toBe(200);
        const ended = await asClient(t, a, 'POST', '/jobs/end', { status });
        expect(ended.status).toBe(200);
        expect(ended.body.data).toMatchObject({ id: job.id, status: 5, status_message: '', log_path: '', domain_results: [] });
      }
    });

    it('stores the longest end allowed: 200 domain results, 4096-character messages and log path', async () => {
      const job = await adHoc(a);
      expect((await startJob(a, job.id)).status).toBe(200);
      const results = Array.from({ length: 200 }, (_, i) => ({ domain_name: `D${i}.`.padEnd(255, 'x'), message: 'm'.repeat(4096) }));
      const ended = await asClient(t, a, 'POST', '/jobs/end', { status: 'COMPLETE', message: 'e'.repeat(4096), log_path: 'l'.repeat(4096), domain_results: results });
      expect(ended.status).toBe(200);
      expect(ended.body.data).toMatchObject({ status: 2, status_message: 'e'.repeat(4096), log_path: 'l'.repeat(4096) });
      expect(ended.body.data.domain_results.map((r: { domain_name: string; message: string }) => [r.domain_name, r.message]))
        .toEqual(results.map((r) => [r.domain_name, r.message]));
    });

    it('starts one job at a time, and only a READY one', async () => {
      const first = await adHoc(a);
      const second = await adHoc(a);
      expect((await startJob(a, first.id)).status).toBe(200);
      expect(errorMessage(await startJob(a, first.id), 400)).toBe('job is not ready to start');
      expect(errorMessage(await startJob(a, second.id), 400)).toBe(BUSY);
      expect((await admin.get(`/jobs/${second.id}`)).body.data.status).toBe(0);
      await endRunning(a);
      const canceled = (await admin.put(`/jobs/${second.id}/cancel`)).body.data;
      expect(errorMessage(await startJob(a, canceled.id), 400)).toBe('job is not ready to start');
      expect(errorMessage(await startJob(a, first.id), 400)).toBe('job is not ready to start');
    });

    it('answers 404 to a start of an unknown job', async () => {
      for (const id of [999999999, 0, -1, 2 ** 60]) {
        expect(errorMessage(await asClient(t, a, 'POST', '/jobs/start', { id }), 404)).toBe(NOT_FOUND);
      }
    });

    it.each([
      [{}, 'id is required: the integer id of a READY job'],
      [{ id: '1' }, 'id is required: the integer id of a READY job'],
      [{ id: 1.5 }, 'id is required: the integer id of a READY job'],
      ['nope', 'error unmarshalling JSON payload'],
    ])('answers 400 to a start with %j', async (body, message) => {
      expect(errorMessage(await asClient(t, a, 'POST', '/jobs/start', body), 400)).toBe(message);
    });

    it.each([
      [{}, 'invalid status'],
      [{ status: 'RUNNING' }, 'invalid status'],
      [{ status: 'canceled' }, 'invalid status'],
      [{ status: 2.5 }, 'invalid status'],
      [{ status: 'complete', message: 7 }, 'message must be a string'],
      [{ status: 'complete', domain_results: [{ success: true }] }, 'domain_results[0].domain_name is required'],
      [{ status: 'complete', domain_results: [{ domain_name: 'A', user_count: -1 }] }, 'domain_results[0].user_count must be an integer from 0 to 2147483647'],
      [{ status: 'complete', domain_results: Array.from({ length: 201 }, () => ({ domain_name: 'A' })) }, 'domain_results may hold at most 200 entries'],
      [{ status: 'complete', message: 'm'.repeat(4097) }, 'message is limited to 4096 characters'],
      [{ status: 'complete', log_path: 'l'.repeat(4097) }, 'log_path is limited to 4096 characters'],
      [{ status: 'complete', domain_results: [{ domain_name: 'D'.repeat(256) }] }, 'domain_results[0].domain_name is limited to 255 characters'],
      [{ status: 'complete', domain_results: [{ domain_name: 'A', message: 'm'.repeat(4097) }] }, 'domain_results[0].message is limited to 4096 characters'],
    ])('answers 400 to an end with %#', async (body, message) => {
      const job = await adHoc(a);
      expect((await startJob(a, job.id)).status).toBe(200);
      expect(errorMessage(await asClient(t, a, 'POST', '/jobs/end', body), 400)).toBe(message);
      expect((await admin.get(`/jobs/${job.id}`)).body.data.status).toBe(1);
    });

    it('answers 404 to an end when no job runs', async () => {
      expect(errorMessage(await asClient(t, b, 'POST', '/jobs/end', { status: 'COMPLETE', message: note() }), 404)).toBe(NOT_FOUND);
    });
  });

  describe('isolation between clients', () => {
    it('never lets a client see, start or end another client\'s job', async () => {
      const ofA = await adHoc(a);
      const ofB = await adHoc(b);
      expect(errorMessage(await startJob(b, ofA.id), 404)).toBe(NOT_FOUND);
      expect((await admin.get(`/jobs/${ofA.id}`)).body.data.status).toBe(0);
      expect((await asClient(t, b, 'GET', '/jobs/available')).body.data.map((j: { id: number }) => j.id)).toEqual([ofB.id]);
      expect((await asClient(t, b, 'GET', '/tasks/available')).body.data.map((j: { id: number }) => j.id)).toEqual([ofB.id]);
      expect((await asClient(t, b, 'GET', `/tasks/available?client_id=eq:${a.id}`)).body.data).toEqual([]);
      expect((await asClient(t, a, 'GET', '/tasks/available')).body.data.map((j: { id: number }) => j.id)).toEqual([ofA.id]);

      expect((await startJob(a, ofA.id)).status).toBe(200);
      expect(errorMessage(await asClient(t, b, 'GET', '/jobs/current'), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await asClient(t, b, 'POST', '/jobs/end', { status: 'COMPLETE', message: note() }), 404)).toBe(NOT_FOUND);
      expect((await admin.get(`/jobs/${ofA.id}`)).body.data.status).toBe(1);
      // Each client runs its own job at the same time.
      expect((await startJob(b, ofB.id)).status).toBe(200);
      expect((await asClient(t, a, 'GET', '/jobs/current')).body.data.id).toBe(ofA.id);
      expect((await asClient(t, b, 'GET', '/jobs/current')).body.data.id).toBe(ofB.id);
    });

    it('answers a client 403 on user routes of jobs', async () => {
      expect(errorMessage(await asClient(t, a, 'GET', '/jobs'), 403)).toBe('not authorized');
      expect(errorMessage(await asClient(t, a, 'PUT', '/jobs/1/cancel'), 403)).toBe('not authorized');
    });
  });

  describe('access', () => {
    it('documents the client-only routes as signed requests in the OpenAPI document', async () => {
      const doc = (await t.http().get('/api/v2/spec/openapi.json')).body;
      const operations = [
        doc.paths['/api/v2/clients/update'].put, doc.paths['/api/v2/jobs/available'].get, doc.paths['/api/v2/jobs/current'].get,
        doc.paths['/api/v2/jobs/start'].post, doc.paths['/api/v2/jobs/end'].post,
      ];
      for (const operation of operations) expect(operation.security).toEqual([{ signature: [] }]);
    });

    it.each(CLIENT_ROUTES)('answers a user 404 on %s %s (client-only)', async (method, path, body) => {
      const res = method === 'GET' ? await admin.get(path) : method === 'PUT' ? await admin.put(path, body) : await admin.post(path, body);
      expect(errorMessage(res, 404)).toBe(NOT_FOUND);
    });

    it.each(CLIENT_ROUTES)('answers 403 on %s %s to a user without clients:Tasking, and 401 without credentials', async (method, path, body) => {
      const call = (caller: Caller) => (method === 'GET' ? caller.get(path) : method === 'PUT' ? caller.put(path, body) : caller.post(path, body));
      expect(errorMessage(await call(readOnly), 403)).toBe('not authorized');
      expect(errorMessage(await call(new Caller(t)), 401)).toBe('not authenticated');
    });

    it('refuses a replayed signed request (401) and does not act on it twice', async () => {
      const job = await adHoc(a);
      const body = JSON.stringify({ id: job.id });
      const headers = signatureHeaders(a.token, 'POST', '/api/v2/jobs/start', { body });
      const send = () => t.http().post('/api/v2/jobs/start').set(headers).set('Content-Type', 'application/json').send(body);
      expect((await send()).status).toBe(200);
      expect(errorMessage(await send(), 401)).toBe('unable to validate request signature for client: signature has already been used');
    });

    it('refuses a request signed with another key (401)', async () => {
      const forged = { id: a.token.id, key: b.token.key };
      const res = await t.http().get('/api/v2/jobs/current').set(signatureHeaders(forged, 'GET', '/api/v2/jobs/current'));
      expect(res.status).toBe(401);
    });
  });
});

describe('collection client flow in the community edition', () => {
  const communityAdmin = communityEditionAdmin();

  it.each(CLIENT_ROUTES)('answers 404 to %s %s', async (method, path, body) => {
    const res = method === 'GET' ? await communityAdmin().get(path) : method === 'PUT' ? await communityAdmin().put(path, body) : await communityAdmin().post(path, body);
    expect(errorMessage(res, 404)).toBe(NOT_FOUND);
  });
});
