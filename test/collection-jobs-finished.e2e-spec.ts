import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FILTERS_INVALID, jobFixtures, NOT_FOUND, type TestClient } from './support/collection.js';
import { adminCaller, Caller, Roles, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

// GET /api/v2/jobs/finished and GET /api/v2/jobs/{job_id}/log (BHE routes the JS client calls), over the fixture jobs.

/** The fixture jobs in a finished state (2–8) that are live, by id. */
const FINISHED = ['j1', 'j2', 'j3', 'j5'];

describe('collection jobs: finished jobs and job logs', () => {
  let t: TestApp;
  let admin: Caller;
  let user: Caller;
  let uploader: Caller;
  let b: TestClient;
  let eventId: number;
  const fixtures = jobFixtures();
  const { ids, clientNames, names, fixtureShape } = fixtures;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    user = (await userSession(t, admin, Roles.User)).caller;
    uploader = (await userSession(t, admin, Roles.UploadOnly)).caller;
    ({ b, eventId } = await fixtures.seed(t, admin));
  });
  afterAll(async () => {
    await fixtures.end();
    await t.close();
  });

  describe('GET /jobs/finished', () => {
    it('answers the finished jobs of every client in id order, with every field, in the paginated envelope', async () => {
      const res = await user.get('/jobs/finished');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: FINISHED.length, skip: 0, limit: 100, data: FINISHED.map((name) => fixtureShape(name)) });
    });

    it('takes the job filters, sort, paging and hydration as GET /jobs does', async () => {
      expect(names(await admin.get(`/jobs/finished?client_id=eq:${b.id}`))).toEqual(['j5']);
      expect(names(await admin.get('/jobs/finished?status=eq:failed'))).toEqual(['j2']);
      expect(names(await admin.get('/jobs/finished?start_time=gte:2025-01-02T00:00:00Z&end_time=lte:2025-01-05T00:09:00Z'))).toEqual(['j2', 'j5']);
      expect(names(await admin.get('/jobs/finished?session_collection=eq:true'))).toEqual(['j1']);
      expect(names(await admin.get('/jobs/finished?sort_by=-client_name'))).toEqual(['j5', 'j1', 'j2', 'j3']);
      // A status filter outside 2–8 matches nothing: READY and RUNNING jobs are not finished.
      expect(names(await admin.get('/jobs/finished?status=eq:ready'))).toEqual([]);
      const page = await admin.get('/jobs/finished?skip=1&limit=2&hydrate_ous=false&hydrate_domains=false');
      expect(page.body).toEqual({ count: 4, skip: 1, limit: 2, data: [fixtureShape('j2', false), fixtureShape('j3', false)] });
    });

    it.each([
      ['an unknown status', '?status=eq:done', FILTERS_INVALID],
      ['an unknown sort column', '?sort_by=client', 'column format does not support sorting: client'],
      ['an unknown filter column', '?client=eq:x', 'the specified column cannot be filtered: client'],
      ['a negative skip', '?skip=-1', 'query parameter "skip" is malformed: invalid skip: -1'],
      ['a malformed hydrate_ous', '?hydrate_ous=yes', 'query parameter "hydrate_ous" is malformed: expected true or false'],
    ])('answers 400 for %s (never "id is malformed")', async (_case, query, message) => {
      expect(errorMessage(await admin.get(`/jobs/finished${query}`), 400)).toBe(message);
    });

    it('answers 403 without clients:Read and 401 without credentials', async () => {
      expect(errorMessage(await uploader.get('/jobs/finished'), 403)).toBe('not authorized');
      expect(errorMessage(await new Caller(t).get('/jobs/finished'), 401)).toBe('not authenticated');
    });
  });

  describe('GET /jobs/{job_id}/log', () => {
    it('answers the run as recorded, one line per event in time order', async () => {
      const res = await user.get(`/jobs/${ids.j1}/log`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data)).toEqual(['log']);
      expect(res.body.data.log.split('\n')).toEqual([
        `2025-01-01T00:00:00.000Z job ${ids.j1} for client ${clientNames.a} due (event ${eventId} "Nightly")`,
        '2025-01-01T00:05:00.000Z started against dc01.corp.local',
        '2025-01-01T00:30:00.000Z domain CORP.LOCAL succeeded: collected; user_count 1, group_count 2, computer_count 3, ' +
          'gpo_count 4, ou_count 5, container_count 6, aiaca_count 7, rootca_count 8, enterpriseca_count 9, ' +
          'ntauthstore_count 10, certtemplate_count 11, deleted_count 12',
        '2025-01-01T00:30:00.000Z domain SUB.CORP.LOCAL failed: access denied',
        '2025-01-01T00:30:00.000Z ended COMPLETE: done',
        '2025-01-01T00:30:00.000Z collector log on the client: /logs/j1.zip',
        '2025-01-01T00:40:00.000Z last collected data received',
      ]);
    });

    it('tells where a job that has not ended stands', async () => {
      const res = await admin.get(`/jobs/${ids.j7}/log`);
      expect(res.body).toEqual({
        data: {
          log: `2025-01-07T00:00:00.000Z job ${ids.j7} for client ${clientNames.a} due (ad-hoc job)\n` +
            '2025-01-07T00:01:00.000Z started\n2024-07-07T00:00:00.000Z now RUNNING',
        },
      });
    });

    it('answers 404 for an unknown or deleted job, 400 for a malformed id', async () => {
      for (const id of [String(ids.j6), '9223372036854775807']) {
        expect(errorMessage(await admin.get(`/jobs/${id}/log`), 404)).toBe(NOT_FOUND);
      }
      for (const id of ['x', '-1', '9223372036854775808']) expect(errorMessage(await admin.get(`/jobs/${id}/log`), 400)).toBe('id is malformed');
    });

    it('answers 403 without clients:Read', async () => {
      expect(errorMessage(await uploader.get(`/jobs/${ids.j1}/log`), 403)).toBe('not authorized');
    });
  });
});
