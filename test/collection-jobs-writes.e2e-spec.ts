import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  asClient, communityEditionAdmin, countStatements, createClient, FILTERS_INVALID, jobFixtures, NO_EVENT, NOT_FOUND,
  type TestClient,
} from './support/collection.js';
import { adminCaller, Caller, NULL_TIME, RFC3339, Roles, userSession, ZERO_TIME } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

// Completed jobs, tasks/available, ad-hoc jobs, cancel and the community edition; the job listing is in collection-jobs.

describe('collection jobs (/api/v2/jobs, tasks/available, completed jobs, ad-hoc jobs)', () => {
  let t: TestApp;
  let admin: Caller;
  let readOnly: Caller;
  let user: Caller;
  let uploadOnly: Caller;
  let a: TestClient;
  let b: TestClient;
  const fixtures = jobFixtures();
  const { sql, ids, clientNames, names, fixtureShape } = fixtures;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    readOnly = (await userSession(t, admin, Roles.ReadOnly)).caller;
    user = (await userSession(t, admin, Roles.User)).caller;
    uploadOnly = (await userSession(t, admin, Roles.UploadOnly)).caller;
    ({ a, b } = await fixtures.seed(t, admin));
  });
  afterAll(async () => {
    await fixtures.end();
    await t.close();
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
  const communityAdmin = communityEditionAdmin();

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
    const res = method === 'GET' ? await communityAdmin().get(path) : method === 'PUT' ? await communityAdmin().put(path) : await communityAdmin().post(path, { session_collection: true });
    expect(errorMessage(res, 404)).toBe(NOT_FOUND);
  });
});
