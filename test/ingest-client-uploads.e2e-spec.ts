import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import { Client } from 'pg';
import { requestDigest } from '@app/auth';
import { JobIngestLog } from '@app/collection';
import { FileIngestor, IngestErrors, IngestWork } from '@app/ingest';
import { buildZip } from '@app/ingest/testing';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import { bearer, createApiToken, requestDate, signedUpload } from './support/auth.js';
import { asClient, createClient, type TestClient } from './support/collection.js';
import { adminCaller, type Caller } from './support/identity.js';

/** Signed raw uploads: collection clients (POST /api/v2/ingest) and API tokens (file upload), and the size cap. */

/** One node per object: the upload plumbing is under test here, not the converters. */
class OneNodePerObject extends FileIngestor {
  protected override convert(_meta: unknown, object: unknown) {
    const id = String((object as { ObjectIdentifier: string }).ObjectIdentifier).toUpperCase();
    return { nodes: [{ objectid: id, kinds: ['Base', 'User'], properties: { name: id } }], edges: [] };
  }
}

const users = (domain: string, ...ids: string[]) => JSON.stringify({
  data: ids.map((id) => ({ ObjectIdentifier: id, Properties: { domain, name: id } })),
  meta: { type: 'users', version: 6, count: ids.length },
});

describe('client uploads', () => {
  let t: TestApp;
  let admin: Caller;
  let client: TestClient;
  let work: IngestWork;
  let db: Client;
  const pg = async (sql: string) => (await db.query(sql)).rows;

  const ingest = (body: string | Buffer, headers: Record<string, string> = { 'Content-Type': 'application/json' }, as = client) =>
    signedUpload(t, as.token, '/api/v2/ingest', Buffer.from(body), headers);

  async function runningJob(of: TestClient): Promise<number> {
    const created = await admin.post(`/clients/${of.id}/jobs`, { session_collection: true });
    expect(created.status).toBe(200);
    const started = await asClient(t, of, 'POST', '/jobs/start', { id: created.body.data.id });
    expect(started.status).toBe(200);
    return created.body.data.id as number;
  }

  beforeAll(async () => {
    t = await createTestApp({
      customize: (b) => b.overrideProvider(FileIngestor).useClass(OneNodePerObject),
    });
    admin = await adminCaller(t);
    client = await createClient(admin);
    work = t.app.get(IngestWork);
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('answers 400 when the client runs no job', async () => {
    expect(errorMessage(await ingest(users('PHANTOM.CORP', 'S-1-5-21-9-1')), 400)).toBe(IngestErrors.noRunningJob);
  });

  it('stores JSON and gzip uploads for the running job, then records their domain counts', async () => {
    const jobId = await runningJob(client);
    expect((await ingest(users('phantom.corp', 'S-1-5-21-9-1101', 'S-1-5-21-9-1102'))).status).toBe(202);
    const gzipped = gzipSync(users('GHOST.CORP', 'S-1-5-21-8-1101'));
    expect((await ingest(gzipped, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' })).status).toBe(202);
    expect((await ingest(gzipped, { 'Content-Type': 'application/gzip' })).status).toBe(202);

    const before = (await admin.get(`/jobs/${jobId}`)).body.data;
    expect(before.last_ingest).not.toBe('0001-01-01T00:00:00Z');
    expect(await work.drain()).toEqual({ processed: 3, fromClients: 3 });

    const job = (await admin.get(`/jobs/${jobId}`)).body.data;
    const counts = Object.fromEntries((job.domain_results as { domain_name: string; user_count: number }[])
      .map((r) => [r.domain_name, r.user_count]));
    expect(counts).toEqual({ 'PHANTOM.CORP': 2, 'GHOST.CORP': 2 });
    await asClient(t, client, 'POST', '/jobs/end', { status: 'COMPLETE', message: 'done' });
  });

  it('refuses a body that does not match its signature, and a type it does not take', async () => {
    await runningJob(client);
    const date = requestDate();
    const signature = requestDigest(client.token.key, 'POST', '/api/v2/ingest', date, Buffer.from('{"a":1}')).toString('base64');
    const tampered = await t.http().post('/api/v2/ingest')
      .set({ Authorization: `bhesignature ${client.token.id}`, RequestDate: date, Signature: signature, 'Content-Type': 'application/json' })
      .send('{"a":2}');
    expect(errorMessage(tampered, 401)).toContain('digest');
    expect(errorMessage(await ingest('hello', { 'Content-Type': 'text/plain' }), 400)).toBe(IngestErrors.clientContentType);
    expect(errorMessage(await ingest('{"data": []}'), 400)).toMatch(/^Error saving ingest file: /);
    expect(errorMessage(await ingest('not gzip', { 'Content-Type': 'application/gzip' }), 400))
      .toBe(IngestErrors.invalidFile('the body is not gzip-compressed'));
    await asClient(t, client, 'POST', '/jobs/end', { status: 'COMPLETE', message: 'done' });
  });

  it('takes a zip for the running job, and refuses an encoding it does not take or a body that is not a zip', async () => {
    const jobId = await runningJob(client);
    const stored = async () => (await pg(`SELECT count(*)::int AS n FROM ingest_tasks WHERE collection_job_id = ${jobId}`))[0].n;
    const archive = buildZip([{ name: 'users.json', data: users('WRAITH.CORP', 'S-1-5-21-7-1101') }]);
    const accepted = await ingest(archive, { 'Content-Type': 'application/zip' });
    expect([accepted.status, accepted.text]).toEqual([202, '']);
    expect(await stored()).toBe(1);
    expect(errorMessage(await ingest(users('WRAITH.CORP', 'S-1-5-21-7-1'), { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }), 400))
      .toBe('Content encoding must be gzip or identity');
    expect(errorMessage(await ingest('not a zip at all', { 'Content-Type': 'application/zip' }), 400))
      .toBe(IngestErrors.invalidFile('the body is not a zip archive'));
    expect(await stored()).toBe(1);
    await work.drain();
    await asClient(t, client, 'POST', '/jobs/end', { status: 'COMPLETE', message: 'done' });
  });

  it('takes Content-Encoding x-gzip as gzip, and answers the encoding message for one it does not take', async () => {
    const jobId = await runningJob(client);
    const stored = async () => (await pg(`SELECT count(*)::int AS n FROM ingest_tasks WHERE collection_job_id = ${jobId}`))[0].n;
    const gzipped = gzipSync(users('WRAITH.CORP', 'S-1-5-21-7-2001'));
    const accepted = await ingest(gzipped, { 'Content-Type': 'application/json', 'Content-Encoding': 'x-gzip' });
    expect([accepted.status, accepted.text]).toEqual([202, '']);
    for (const headers of [
      { 'Content-Type': 'application/gzip', 'Content-Encoding': 'br' },
      { 'Content-Type': 'application/json', 'Content-Encoding': 'deflate' },
      { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip, gzip' },
    ]) {
      expect(errorMessage(await ingest(gzipped, headers), 400)).toBe('Content encoding must be gzip or identity');
    }
    expect(await stored()).toBe(1);
    await work.drain();
    await asClient(t, client, 'POST', '/jobs/end', { status: 'COMPLETE', message: 'done' });
  });

  it('inflates a gzip body at upload: 413 past the ratio or size limits, 400 when corrupt, storing nothing', async () => {
    const jobId = await runningJob(client);
    const stored = async () => (await pg(`SELECT count(*)::int AS n FROM ingest_tasks WHERE collection_job_id = ${jobId}`))[0].n;
    const bomb = gzipSync(Buffer.alloc(4_000_000, 0x20));
    expect(errorMessage(await ingest(bomb, { 'Content-Type': 'application/gzip' }), 413))
      .toBe('gzip content exceeds the compression ratio limit of 200');
    const whole = gzipSync(users('PHANTOM.CORP', 'S-1-5-21-9-4001'));
    const truncated = whole.subarray(0, whole.length - 12);
    expect(errorMessage(await ingest(truncated, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }), 400))
      .toMatch(/^Error saving ingest file: the body is not valid gzip/);
    const corrupt = Buffer.concat([whole.subarray(0, 10), Buffer.alloc(64, 0xff)]);
    expect(errorMessage(await ingest(corrupt, { 'Content-Type': 'application/gzip' }), 400))
      .toMatch(/^Error saving ingest file: the body is not valid gzip/);
    expect(await stored()).toBe(0);
    await asClient(t, client, 'POST', '/jobs/end', { status: 'COMPLETE', message: 'done' });
  });

  it('checks the job again when storing: an upload whose job ended meanwhile answers 400, storing nothing', async () => {
    const jobId = await runningJob(client);
    expect((await asClient(t, client, 'POST', '/jobs/end', { status: 'COMPLETE', message: 'done' })).status).toBe(200);
    // The job was still RUNNING when the upload began.
    const spy = jest.spyOn(t.app.get(JobIngestLog), 'runningJobId').mockResolvedValueOnce(jobId);
    try {
      expect(errorMessage(await ingest(users('PHANTOM.CORP', 'S-1-5-21-9-5001')), 400)).toBe(IngestErrors.noRunningJob);
    } finally {
      spy.mockRestore();
    }
    expect((await pg(`SELECT count(*)::int AS n FROM ingest_tasks WHERE collection_job_id = ${jobId}`))[0].n).toBe(0);
  });

  it('answers 404 to a user', async () => {
    const token = await login(t, 'admin', ADMIN_PASSWORD);
    const res = await t.http().post('/api/v2/ingest').set('Authorization', bearer(token))
      .set('Content-Type', 'application/json').send(users('PHANTOM.CORP', 'S-1-5-21-9-1'));
    expect(errorMessage(res, 404)).toBe('resource not found');
  });

  it('takes a file upload signed with an API token, the signature covering the streamed body', async () => {
    const session = await login(t, 'admin', ADMIN_PASSWORD);
    const token = await createApiToken(t, session, 'uploader');
    const start = await t.http().post('/api/v2/file-upload/start').set('Authorization', bearer(session));
    const id = start.body.data.id as number;
    const res = await signedUpload(t, token, `/api/v2/file-upload/${id}`, Buffer.from(users('PHANTOM.CORP', 'S-1-5-21-9-2001')),
      { 'Content-Type': 'application/json', 'X-File-Upload-Name': 'signed.json' });
    expect([res.status, res.text]).toEqual([202, '']);
    expect(await work.drain()).toEqual({ processed: 1, fromClients: 0 });
  });
});

describe('upload size cap', () => {
  let t: TestApp;
  let session: string;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ env: { INGEST_MAX_UPLOAD_BYTES: '1024' } });
    session = await login(t, 'admin', ADMIN_PASSWORD);
    const admin = await adminCaller(t);
    client = await createClient(admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 413 past INGEST_MAX_UPLOAD_BYTES, by session and signed', async () => {
    const start = await t.http().post('/api/v2/file-upload/start').set('Authorization', bearer(session));
    const id = start.body.data.id as number;
    const big = users('PHANTOM.CORP', ...Array.from({ length: 60 }, (_, i) => `S-1-5-21-9-${3000 + i}`));
    expect(big.length).toBeGreaterThan(1024);
    const res = await t.http().post(`/api/v2/file-upload/${id}`).set('Authorization', bearer(session))
      .set('Content-Type', 'application/json').send(big);
    expect(errorMessage(res, 413)).toBe('request body exceeds the upload limit of 1024 bytes');
    expect(errorMessage(await signedUpload(t, client.token, '/api/v2/ingest', Buffer.from(big), { 'Content-Type': 'application/json' }), 413))
      .toBe('request body exceeds the upload limit of 1024 bytes');
  });
});
