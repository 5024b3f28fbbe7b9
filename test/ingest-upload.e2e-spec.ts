import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Client } from 'pg';
import { ANALYSIS_LOCK_KEY, Clock, ErrorMessages } from '@app/platform';
import { Datapipe } from '@app/analysis';
import { FileIngestor, IngestErrors, IngestWork } from '@app/ingest';
import { ARCHIVE_ERRORS, buildZip, TaskQueue } from '@app/ingest/testing';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import { bearer } from './support/auth.js';
import { lockWaits, waitingForLock } from './support/lock-waits.js';

/** The file upload API and its job lifecycle, driving the ingest side of the datapipe (IngestWork) by hand. */

/** One node per object: the upload plumbing is under test here, not the converters. */
class OneNodePerObject extends FileIngestor {
  protected override convert(_meta: unknown, object: unknown) {
    const id = String((object as { ObjectIdentifier: string }).ObjectIdentifier).toUpperCase();
    return { nodes: [{ objectid: id, kinds: ['Base', 'User'], properties: { name: id } }], edges: [] };
  }
}

/** A clock the tests move by hand. */
class StepClock extends Clock {
  at = Date.now();
  override now(): Date {
    return new Date(this.at);
  }
}

const users = (...ids: string[]) => JSON.stringify({
  data: ids.map((id) => ({ ObjectIdentifier: id, Properties: { domain: 'PHANTOM.CORP', name: id } })),
  meta: { type: 'users', version: 6, count: ids.length },
});

/** A zip of these members (the ingest library's test zip writer). */
const zip = (members: Record<string, string | Buffer>): Buffer =>
  buildZip(Object.entries(members).map(([name, data]) => ({ name, data })));

describe('file upload API', () => {
  let t: TestApp;
  let token: string;
  let work: IngestWork;
  let pg: Client;
  const clock = new StepClock();

  const post = (path: string) => t.http().post(`/api/v2/file-upload${path}`).set('Authorization', bearer(token));
  const get = (path: string) => t.http().get(`/api/v2/file-upload${path}`).set('Authorization', bearer(token));
  const upload = (id: number, body: string | Buffer, type = 'application/json', name?: string) => {
    const req = post(`/${id}`).set('Content-Type', type);
    return (name ? req.set('X-File-Upload-Name', name) : req).send(body);
  };
  async function startJob(): Promise<number> {
    const res = await post('/start');
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  }
  async function job(id: number) {
    const res = await get(`?id=eq:${id}`);
    expect(res.status).toBe(200);
    return res.body.data[0] as Record<string, unknown>;
  }
  /** What the datapipe does after ingest when analysis succeeds. */
  async function analyse(): Promise<number[]> {
    const ids = await work.claimJobsForAnalysis();
    await work.finishJobs(ids, 'succeeded');
    return ids;
  }

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        INGEST_TASK_LEASE: '60', INGEST_UPLOAD_TIMEOUT: '1200', INGEST_MAX_COMPRESSION_RATIO: '50', INGEST_BATCH_SIZE: '2',
        INGEST_MAX_ZIP_MEMBERS: '5', INGEST_MAX_UNCOMPRESSED_BYTES: '4000000',
      },
      customize: (b) => b.overrideProvider(FileIngestor).useClass(OneNodePerObject).overrideProvider(Clock).useValue(clock),
    });
    token = await login(t, 'admin', ADMIN_PASSWORD);
    work = t.app.get(IngestWork);
    pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
  });
  afterAll(async () => {
    await pg?.end();
    await t?.close();
  });

  it('takes a job through Running, Ingesting, Analyzing and Complete', async () => {
    const start = await post('/start');
    expect(start.status).toBe(201);
    expect(start.body.data).toMatchObject({ status: 1, status_message: '', user_email_address: null, total_files: 0, failed_files: 0 });
    const id = start.body.data.id as number;

    const res = await upload(id, users('S-1-5-21-1-1101', 's-1-5-21-1-1102'), 'application/json; charset=utf-8', '20240305_users.json');
    expect([res.status, res.text]).toEqual([202, '']);
    expect(await work.busy()).toBe(true);

    const end = await post(`/${id}/end`);
    expect(end.status).toBe(200);
    expect((await job(id)).status).toBe(6);
    expect(await work.claimJobsForAnalysis()).toEqual([]);

    expect(await work.drain()).toEqual({ processed: 1, fromClients: 0 });
    expect(await work.busy()).toBe(false);
    expect(await work.claimJobsForAnalysis()).toEqual([id]);
    expect(await job(id)).toMatchObject({ status: 7, status_message: 'Analyzing', total_files: 1, failed_files: 0 });
    await work.finishJobs([id], 'succeeded');
    const done = await job(id);
    expect(done).toMatchObject({ status: 2, status_message: 'Complete' });
    expect(done.end_time).not.toBe('0001-01-01T00:00:00Z');

    const tasks = await get(`/${id}/completed-tasks`);
    expect(tasks.status).toBe(200);
    expect(tasks.body.data).toEqual([expect.objectContaining({
      file_upload_job_id: id, file_name: '20240305_users.json', parent_file_name: '', errors: [],
    })]);
    const { rows } = await pg.query("SELECT properties->>'objectid' AS id FROM node WHERE properties->>'objectid' LIKE 'S-1-5-21-1-110%' ORDER BY 1");
    expect(rows.map((r) => r.id)).toEqual(['S-1-5-21-1-1101', 'S-1-5-21-1-1102']);
    // The bytes are gone with the task.
    expect((await pg.query('SELECT count(*)::int AS n FROM ingest_task_chunks')).rows[0].n).toBe(0);
  });

  it('fails only the malformed member of a zip: the job ends Partially Complete with its error', async () => {
    const id = await startJob();
    const body = zip({ 'a_users.json': users('S-1-5-21-1-1201'), 'b_users.json': '{"data": [ {"ObjectIdentifier": ] }' });
    expect((await upload(id, body, 'application/x-zip-compressed', 'collection.zip')).status).toBe(202);
    await post(`/${id}/end`);
    await work.drain();
    expect(await analyse()).toEqual([id]);

    expect(await job(id)).toMatchObject({ status: 8, status_message: IngestErrors.someFailed(1), total_files: 2, failed_files: 1 });
    const tasks = (await get(`/${id}/completed-tasks`)).body.data as Record<string, unknown>[];
    expect(tasks.map((task) => [task.file_name, task.parent_file_name, (task.errors as string[]).length])).toEqual([
      ['a_users.json', 'collection.zip', 0], ['b_users.json', 'collection.zip', 1],
    ]);
  });

  it('fails a job whose every file failed, and any job whose analysis failed', async () => {
    const failing = await startJob();
    const zipped = zip({ 'bad.json': '{"data": [], "meta": {"type": "printers"}}' });
    expect((await upload(failing, zipped, 'application/zip')).status).toBe(202);
    await post(`/${failing}/end`);
    const unlucky = await startJob();
    await post(`/${unlucky}/end`);
    await work.drain();
    const ids = await work.claimJobsForAnalysis();
    expect(ids).toEqual([failing, unlucky]);
    await work.finishJobs([failing], 'succeeded');
    await work.finishJobs([unlucky], 'failed');

    expect(await job(failing)).toMatchObject({ status: 5, status_message: IngestErrors.allFailed });
    expect(await job(unlucky)).toMatchObject({ status: 5, status_message: IngestErrors.analysisFailed });
  });

  it('refuses a zip bomb (413) and an unsafe member name (400) at upload, storing nothing', async () => {
    const id = await startJob();
    const bomb = zip({ 'users.json': Buffer.alloc(2_000_000, 0x20) });
    const res = await upload(id, bomb, 'application/zip');
    expect(errorMessage(res, 413)).toContain('compressed more than 50:1');
    expect(errorMessage(await upload(id, zip({ '../evil.json': users('S-1-5-21-1-1') }), 'application/zip'), 400))
      .toContain('not allowed');
    expect(errorMessage(await upload(id, zip({ 'inner.zip': zip({ 'a.json': '{}' }) }), 'application/zip'), 400))
      .toContain('Nested archives');
    expect(errorMessage(await upload(id, 'not a zip at all', 'application/zip'), 400))
      .toBe(IngestErrors.invalidFile('the body is not a zip archive'));
    expect((await pg.query('SELECT count(*)::int AS n FROM ingest_tasks WHERE job_id = $1', [id])).rows[0].n).toBe(0);
  });

  it('refuses zips over the member and size caps, encrypted or overlapping members, and corrupt archives', async () => {
    const id = await startJob();
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.json`, users(`S-1-5-21-2-${i}`)]));
    expect(errorMessage(await upload(id, zip(many), 'application/zip'), 400)).toBe(ARCHIVE_ERRORS.tooManyMembers(5));
    // Stored (ratio 1): only the uncompressed total is over its cap.
    const big = buildZip(['a.json', 'b.json'].map((name) => ({ name, data: Buffer.alloc(2_100_000, 0x20), store: true })));
    expect(errorMessage(await upload(id, big, 'application/zip'), 413)).toBe(ARCHIVE_ERRORS.tooLarge(4000000));
    const encrypted = buildZip([{ name: 'users.json', data: users('S-1-5-21-2-1'), encrypted: true }]);
    expect(errorMessage(await upload(id, encrypted, 'application/zip'), 400)).toBe(ARCHIVE_ERRORS.encrypted('users.json'));
    const overlapping = buildZip([{ name: 'a.json', data: users('S-1-5-21-2-1') }, { name: 'b.json', sameDataAs: 0 }]);
    expect(errorMessage(await upload(id, overlapping, 'application/zip'), 400)).toBe(ARCHIVE_ERRORS.overlap('b.json'));
    const corrupt = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(64, 1)]);
    expect(errorMessage(await upload(id, corrupt, 'application/zip'), 400)).toMatch(/^Invalid zip archive: /);
    expect((await pg.query('SELECT count(*)::int AS n FROM ingest_tasks WHERE job_id = $1', [id])).rows[0].n).toBe(0);
  });

  it('answers the list-query language\'s 400s on the job listing', async () => {
    expect(errorMessage(await get('?nope=eq:1'), 400)).toBe(ErrorMessages.columnNotFilterable('nope'));
    expect(errorMessage(await get('?sort_by=user_id'), 400)).toBe(ErrorMessages.columnNotSortable('user_id'));
    expect(errorMessage(await get('?sort_by=-'), 400)).toBe(ErrorMessages.emptySortBy);
    expect(errorMessage(await get('?status=eq:abc'), 400)).toBe(ErrorMessages.filtersInvalid);
    expect(errorMessage(await get('?id=bogus:1'), 400)).toBe(ErrorMessages.filtersInvalid);
    expect(errorMessage(await get('?limit=x'), 400)).toMatch(/^query parameter "limit" is malformed: /);
    expect(errorMessage(await get('?skip=-1'), 400)).toMatch(/^query parameter "skip" is malformed: /);
  });

  it('answers 400 for malformed ids and 404 for ids no job can have, on every job route', async () => {
    expect(errorMessage(await post('/abc/end'), 400)).toBe('id is malformed');
    expect(errorMessage(await get('/abc/completed-tasks'), 400)).toBe('id is malformed');
    expect(errorMessage(await post('/9223372036854775808').set('Content-Type', 'application/json').send('{}'), 400)).toBe('id is malformed');
    expect(errorMessage(await upload(9007199254740993, users('S-1-5-21-1-1')), 404)).toBe('resource not found');
    expect(errorMessage(await post('/9007199254740993/end'), 404)).toBe('resource not found');
    expect(errorMessage(await get('/9007199254740993/completed-tasks'), 404)).toBe('resource not found');
  });

  it('answers 400 for a content type it does not take, and for a JSON file without meta or data', async () => {
    const id = await startJob();
    expect(errorMessage(await upload(id, 'hello', 'text/plain'), 400)).toBe(IngestErrors.contentType);
    expect(errorMessage(await post(`/${id}`).send(Buffer.from('x')), 400)).toBe(IngestErrors.contentType);
    expect(errorMessage(await upload(id, '{"data": []}'), 400)).toMatch(/^Error saving ingest file: .*meta/);
    expect(errorMessage(await upload(id, '{"meta": {"type": "users", "version": 6}}'), 400)).toMatch(/^Error saving ingest file: .*data/);
    expect(errorMessage(await upload(id, '{"data": [], "meta": {"type": "printers"}}'), 400)).toMatch(/^Error saving ingest file: .*printers/);
    expect(errorMessage(await upload(id, '{"data": [, "meta"'), 400)).toMatch(/^Error saving ingest file: /);
  });

  it('answers 400 to gzip: its content types get the content-type message, a coded body the encoding message', async () => {
    const id = await startJob();
    // Sent as the bytes given: superagent would JSON-encode a Buffer under a JSON content type.
    const raw = (headers: Record<string, string>) =>
      post(`/${id}`).set(headers).serialize((body: unknown) => body as string).send(gzipSync(users('S-1-5-21-1-7001')));
    // The file upload API takes JSON and zip (ingest reference §4); gzip is taken from collection clients only.
    for (const type of ['application/gzip', 'application/x-gzip']) {
      expect(errorMessage(await raw({ 'Content-Type': type }), 400)).toBe('Content type must be application/json or application/zip');
    }
    for (const headers of [
      { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      { 'Content-Type': 'application/zip', 'Content-Encoding': 'x-gzip' },
      { 'Content-Type': 'application/gzip', 'Content-Encoding': 'gzip' },
    ]) {
      expect(errorMessage(await raw(headers), 400)).toBe('Content encoding must be identity: upload the JSON or zip file as it is');
    }
    expect((await pg.query('SELECT count(*)::int AS n FROM ingest_tasks WHERE job_id = $1', [id])).rows[0].n).toBe(0);
  });

  it('answers 404 for an unknown job, 400 for a malformed id, and 400 for a job that is not Running', async () => {
    expect(errorMessage(await upload(2147483000, users('S-1-5-21-1-1')), 404)).toBe('resource not found');
    expect(errorMessage(await upload(2147483000, users('S-1-5-21-1-1')).set('Content-Type', 'application/json'), 404)).toBe('resource not found');
    expect(errorMessage(await post('/abc').set('Content-Type', 'application/json').send('{}'), 400)).toBe('id is malformed');
    expect(errorMessage(await post('/2147483000/end'), 404)).toBe('resource not found');
    const id = await startJob();
    expect((await post(`/${id}/end`)).status).toBe(200);
    expect(errorMessage(await post(`/${id}/end`), 400)).toBe(IngestErrors.notRunning);
    expect(errorMessage(await upload(id, users('S-1-5-21-1-1')), 400)).toBe(IngestErrors.uploadNotRunning);
    expect(errorMessage(await get('/2147483000/completed-tasks'), 404)).toBe('resource not found');
  });

  it('lists the accepted types and the jobs, filtered and sorted', async () => {
    const types = await get('/accepted-types');
    expect(types.status).toBe(200);
    expect(types.body.data).toEqual(['application/json', 'application/zip', 'application/x-zip-compressed', 'application/zip-compressed']);
    const a = await startJob();
    const b = await startJob();
    const page = await get(`?id=gte:${a}&sort_by=-id&limit=1`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 2, skip: 0, limit: 1 });
    expect(page.body.data.map((j: { id: number }) => j.id)).toEqual([b]);
    const running = await get(`?status=eq:1&id=gte:${a}`);
    expect(running.body.count).toBe(2);
    await post(`/${a}/end`);
    await post(`/${b}/end`);
    await work.drain();
    await analyse();
  });

  it('times out a Running job that saw no upload for INGEST_UPLOAD_TIMEOUT', async () => {
    const id = await startJob();
    expect(await work.timeOutIdleJobs()).toBe(0);
    clock.at += 1201_000;
    try {
      expect(await work.timeOutIdleJobs()).toBeGreaterThanOrEqual(1);
    } finally {
      clock.at = Date.now();
    }
    expect(await job(id)).toMatchObject({
      status: 4, status_message: 'Ingest timeout: No ingest activity observed in 20 minutes. Upload incomplete.',
    });
  });

  it('takes back a task whose worker stopped once its lease runs out, and completes the job', async () => {
    const id = await startJob();
    expect((await upload(id, users('S-1-5-21-1-1301'), 'application/json', 'stalled.json')).status).toBe(202);
    await post(`/${id}/end`);
    // A worker claimed it and died: the lease is held, so nobody else takes it yet.
    await pg.query(`UPDATE ingest_tasks SET claimed_at = $1, claimed_by = gen_random_uuid(), attempts = 1 WHERE job_id = $2`, [clock.now(), id]);
    expect(await work.drain()).toEqual({ processed: 0, fromClients: 0 });
    expect(await work.busy()).toBe(true);
    expect(await work.claimJobsForAnalysis()).toEqual([]);

    clock.at += 61_000;
    try {
      expect(await work.drain()).toEqual({ processed: 1, fromClients: 0 });
    } finally {
      clock.at = Date.now();
    }
    expect(await analyse()).toEqual([id]);
    expect(await job(id)).toMatchObject({ status: 2, total_files: 1 });
  });

  it('takes at once a task a stopping worker handed back, that claim not counted as an attempt', async () => {
    const id = await startJob();
    expect((await upload(id, users('S-1-5-21-1-1351'), 'application/json', 'handed-back.json')).status).toBe(202);
    await post(`/${id}/end`);
    const queue = t.app.get(TaskQueue);
    const claimed = await queue.claim(randomUUID(), clock.now(), 60);
    expect(claimed).toMatchObject({ fileName: 'handed-back.json', attempts: 1 });

    await queue.release(claimed!);
    const { rows } = await pg.query('SELECT claimed_at, claimed_by, attempts FROM ingest_tasks WHERE job_id = $1', [id]);
    expect(rows).toEqual([{ claimed_at: null, claimed_by: null, attempts: 0 }]);
    expect(await work.drain()).toEqual({ processed: 1, fromClients: 0 });
    expect(await analyse()).toEqual([id]);
    expect(await job(id)).toMatchObject({ status: 2, total_files: 1, failed_files: 0 });
  });

  it('fails a task claimed more than three times instead of trying it again', async () => {
    const id = await startJob();
    expect((await upload(id, users('S-1-5-21-1-1401'), 'application/json', 'killer.json')).status).toBe(202);
    await post(`/${id}/end`);
    await pg.query('UPDATE ingest_tasks SET attempts = 3 WHERE job_id = $1', [id]);
    await work.drain();
    await analyse();
    expect(await job(id)).toMatchObject({ status: 5, status_message: IngestErrors.allFailed });
    const tasks = (await get(`/${id}/completed-tasks`)).body.data as { errors: string[] }[];
    expect(tasks[0].errors).toEqual([IngestErrors.tooManyAttempts(3)]);
  });

  it('leaves no half batch when the backend writing it is terminated, and a later drain finishes the file', async () => {
    // The backend writing the batch that holds ...-KILL terminates itself mid-statement.
    await pg.query(`CREATE FUNCTION test_kill_writer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.properties->>'objectid' = 'S-1-5-21-7-KILL' THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;
        RETURN NEW;
      END $$`);
    await pg.query('CREATE TRIGGER test_kill_writer BEFORE INSERT ON node FOR EACH ROW EXECUTE FUNCTION test_kill_writer()');
    const id = await startJob();
    const ids = ['S-1-5-21-7-1', 'S-1-5-21-7-2', 'S-1-5-21-7-3', 'S-1-5-21-7-KILL', 'S-1-5-21-7-5'];
    expect((await upload(id, users(...ids))).status).toBe(202);
    await post(`/${id}/end`);
    const written = async () => (await pg.query(
      "SELECT properties->>'objectid' AS id FROM node WHERE properties->>'objectid' LIKE 'S-1-5-21-7-%' ORDER BY 1",
    )).rows.map((r) => r.id);

    // The failure is logged and the task left to its lease: the drain resolves, counting nothing.
    expect(await work.drain()).toEqual({ processed: 0, fromClients: 0 });
    // Batches of two rows, two written at once: the first committed, the one with -3 and -KILL left nothing, the
    // last (one row) committed or never started. Only whole batches, whatever the timing.
    const partial = await written();
    expect(partial).not.toContain('S-1-5-21-7-3');
    expect([['S-1-5-21-7-1', 'S-1-5-21-7-2'], ['S-1-5-21-7-1', 'S-1-5-21-7-2', 'S-1-5-21-7-5']]).toContainEqual(partial);
    expect(await work.claimJobsForAnalysis()).toEqual([]);

    await pg.query('DROP TRIGGER test_kill_writer ON node');
    await pg.query('DROP FUNCTION test_kill_writer()');
    clock.at += 61_000;
    try {
      expect(await work.drain()).toEqual({ processed: 1, fromClients: 0 });
    } finally {
      clock.at = Date.now();
    }
    expect(await written()).toEqual([...ids].sort());
    expect(await analyse()).toEqual([id]);
    expect(await job(id)).toMatchObject({ status: 2, total_files: 1, failed_files: 0 });
  });

  it('takes over a job left Analyzing at once when no instance holds the analysis lock, never while one does', async () => {
    const id = await startJob();
    expect((await upload(id, users('S-1-5-21-1-1501'))).status).toBe(202);
    await post(`/${id}/end`);
    await work.drain();
    // Claimed by an instance that then stopped or died.
    await pg.query(`UPDATE ingest_jobs SET status = 7, status_message = 'Analyzing', updated_at = $2 WHERE id = $1`, [id, clock.now()]);

    // A live instance analyses (it holds the analysis lock): the job is its to finish, however long it takes.
    await pg.query('SELECT pg_advisory_lock($1::bigint)', [ANALYSIS_LOCK_KEY]);
    clock.at += 3_600_000;
    try {
      expect(await work.claimJobsForAnalysis()).toEqual([]);
    } finally {
      clock.at = Date.now();
      await pg.query('SELECT pg_advisory_unlock($1::bigint)', [ANALYSIS_LOCK_KEY]);
    }

    expect(await work.claimJobsForAnalysis()).toEqual([id]);
    await work.finishJobs([id], 'succeeded');
    const done = await job(id);
    expect(done).toMatchObject({ status: 2, status_message: 'Complete', total_files: 1 });
    await work.finishJobs([id], 'failed');
    expect(await job(id)).toEqual(done);
  });

  it('finishes the jobs of an analysis before releasing the analysis lock: Analyzing with the lock free means orphaned', async () => {
    const id = await startJob();
    expect((await upload(id, users('S-1-5-21-1-1701'))).status).toBe(202);
    await post(`/${id}/end`);
    await work.drain();
    // The job's status the moment a session gets the analysis lock (read by a statement that starts then).
    await pg.query(`CREATE FUNCTION test_status_under_analysis_lock(job bigint, lock_key bigint) RETURNS int LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(lock_key);
        RETURN (SELECT status FROM ingest_jobs WHERE id = job);
      END $$`);
    const waiter = new Client({ connectionString: t.databaseUrl });
    const rowHolder = new Client({ connectionString: t.databaseUrl });
    await Promise.all([waiter.connect(), rowHolder.connect()]);
    try {
      // The datapipe claims the job and waits for the analysis lock this test holds; the waiter queues behind it.
      await pg.query('SELECT pg_advisory_lock($1::bigint)', [ANALYSIS_LOCK_KEY]);
      const tick = t.app.get(Datapipe).tick();
      await waitingForLock(pg, 'advisory');
      const seen = waiter.query('SELECT test_status_under_analysis_lock($1, $2::bigint) AS status', [id, ANALYSIS_LOCK_KEY]);
      await waitingForLock(pg, 'advisory', 2);
      // With the job's row held, finishing the job waits for it once the analysis is done.
      await rowHolder.query('BEGIN');
      await rowHolder.query('SELECT 1 FROM ingest_jobs WHERE id = $1 FOR UPDATE', [id]);
      await pg.query('SELECT pg_advisory_unlock($1::bigint)', [ANALYSIS_LOCK_KEY]);
      await waitingForLock(pg, 'transactionid');
      // The analysis still holds the lock while it finishes its job: the waiter still waits.
      expect(await lockWaits(pg, 'advisory')).toBe(1);
      await rowHolder.query('COMMIT');

      expect((await tick).jobs).toContain(id);
      expect((await seen).rows).toEqual([{ status: 2 }]);
      expect(await job(id)).toMatchObject({ status: 2, status_message: 'Complete' });
    } finally {
      await pg.query('SELECT pg_advisory_unlock_all()');
      await Promise.all([waiter.end(), rowHolder.end()]);
      await pg.query('DROP FUNCTION test_status_under_analysis_lock(bigint, bigint)');
    }
  });

  it('takes an upload to a path in any case (Express routes it), its body read raw', async () => {
    const id = await startJob();
    const res = await t.http().post(`/api/v2/File-Upload/${id}`).set('Authorization', bearer(token))
      .set('Content-Type', 'application/json').set('X-File-Upload-Name', 'cased.json').send(users('S-1-5-21-1-1601'));
    expect([res.status, res.text]).toEqual([202, '']);
    const { rows } = await pg.query('SELECT file_name, size FROM ingest_tasks WHERE job_id = $1', [id]);
    expect(rows).toEqual([{ file_name: 'cased.json', size: expect.anything() }]);
    expect(Number(rows[0].size)).toBe(Buffer.byteLength(users('S-1-5-21-1-1601')));
    await post(`/${id}/end`);
    await work.drain();
    await analyse();
  });

  it('finishes a job through the datapipe: one tick ingests, analyses and completes it', async () => {
    const id = await startJob();
    expect((await upload(id, users('S-1-5-21-6-1101'))).status).toBe(202);
    expect((await post(`/${id}/end`)).status).toBe(200);

    const report = await t.app.get(Datapipe).tick();

    expect(report).toMatchObject({ processed: 1, jobs: [id], analysis: 'succeeded' });
    expect(await job(id)).toMatchObject({ status: 2, status_message: 'Complete', total_files: 1 });
  });
});
