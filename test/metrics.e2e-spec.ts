import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Datapipe } from '@app/analysis';
import { MetricsServer } from '@app/platform';
import { ADMIN_PASSWORD, createTestApp, login, type TestApp } from './support/test-app.js';
import { bearer } from './support/auth.js';

const users = (...ids: string[]) => JSON.stringify({
  data: ids.map((id) => ({ ObjectIdentifier: id, Properties: { domain: 'PHANTOM.CORP', name: `${id}@PHANTOM.CORP` } })),
  meta: { type: 'users', version: 6, count: ids.length },
});

/** Every sample of one metric in the exposition text, keyed by its label set as written (`{a="1",b="2"}`). */
function samples(text: string, name: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(\{.*\})? (\S+)$/.exec(line);
    if (match && match[1] === name) found[match[2] ?? ''] = Number(match[3]);
  }
  return found;
}

/** The real app with METRICS_PORT set, its metrics server started the way main.ts starts it. */
describe('Prometheus metrics (METRICS_PORT)', () => {
  let t: TestApp;
  let url: string;
  let token: string;
  const missingClient = randomUUID();

  const scrape = async () => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_PORT: '0' } });
    url = (await t.app.get(MetricsServer).start())!;
    token = await login(t, 'admin', ADMIN_PASSWORD);
    const auth = bearer(token);
    await t.http().get('/health').expect(200);
    await t.http().get('/api/v2/self').set('Authorization', auth).expect(200);
    await t.http().get('/api/v2/self?with=query').set('Authorization', auth).expect(200);
    await t.http().get('/api/v2/self').expect(401);
    await t.http().get(`/api/v2/clients/${missingClient}`).set('Authorization', auth).expect(404);
    await t.http().get('/api/v2/no-such-route').expect(404);
    await t.http().get('/api/nowhere').expect(404);
    await t.http().get('/explore/some-page').expect(200);
    await t.http().get('/api/v2/self').set('Prefer', 'wait=soon').expect(400);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves GET /metrics in the Prometheus text format, on loopback by default', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.text).toContain('# TYPE pathwarden_http_requests_total counter');
    expect(res.text).toContain('# TYPE process_cpu_user_seconds_total counter');
  });

  it('counts requests by method, route pattern (never the URL) and status', async () => {
    const { text } = await scrape();
    expect(samples(text, 'pathwarden_http_requests_total')).toEqual({
      '{method="POST",route="/api/v2/login",status="200"}': 1,
      '{method="GET",route="/health",status="200"}': 1,
      '{method="GET",route="/api/v2/self",status="200"}': 2,
      '{method="GET",route="/api/v2/self",status="401"}': 1,
      '{method="GET",route="/api/v2/clients/:client_id",status="404"}': 1,
      // Unknown paths and requests refused before routing (the bad Prefer) share one label.
      '{method="GET",route="unmatched",status="404"}': 2,
      '{method="GET",route="unmatched",status="400"}': 1,
      // The explorer's pages and files, whatever their path.
      '{method="GET",route="explorer",status="200"}': 1,
    });
    expect(text).not.toContain(missingClient);
    expect(text).not.toContain('no-such-route');
    expect(text).not.toContain('some-page');
    expect(text).not.toContain('with=query');
  });

  it('times requests in a histogram with the same labels', async () => {
    const { text } = await scrape();
    const counts = samples(text, 'pathwarden_http_request_duration_seconds_count');
    expect(counts['{method="GET",route="/api/v2/self",status="200"}']).toBe(2);
    const buckets = samples(text, 'pathwarden_http_request_duration_seconds_bucket');
    expect(buckets['{le="+Inf",method="GET",route="/api/v2/self",status="200"}']).toBe(2);
  });

  it('reports the database pool', async () => {
    const { text } = await scrape();
    expect(samples(text, 'pathwarden_db_pool_max_connections')).toEqual({ '': 10 });
    expect(samples(text, 'pathwarden_db_pool_connections')['']).toBeGreaterThanOrEqual(1);
    expect(samples(text, 'pathwarden_db_pool_idle_connections')['']).toBeGreaterThanOrEqual(0);
    expect(samples(text, 'pathwarden_db_pool_waiting_clients')).toEqual({ '': 0 });
  });

  it('reports ingested objects, upload jobs by status, the datapipe and analysis step durations after an upload', async () => {
    const before = await scrape();
    expect(samples(before.text, 'pathwarden_datapipe_status')).toEqual({
      '{status="idle"}': 1, '{status="ingesting"}': 0, '{status="analyzing"}': 0,
    });
    expect(samples(before.text, 'pathwarden_upload_jobs')['{status="complete"}']).toBe(0);
    expect(samples(before.text, 'pathwarden_datapipe_last_complete_analysis_timestamp_seconds')).toEqual({ '': 0 });

    const auth = bearer(token);
    const started = await t.http().post('/api/v2/file-upload/start').set('Authorization', auth).expect(201);
    const id = started.body.data.id as number;
    await t.http().post(`/api/v2/file-upload/${id}`).set('Authorization', auth).set('Content-Type', 'application/json')
      .send(users('S-1-5-21-9-1001', 'S-1-5-21-9-1002', 'S-1-5-21-9-1003')).expect(202);
    await t.http().post(`/api/v2/file-upload/${id}/end`).set('Authorization', auth).expect(200);
    expect(samples((await scrape()).text, 'pathwarden_upload_jobs')['{status="ingesting"}']).toBe(1);

    const report = await t.app.get(Datapipe).tick();
    expect(report).toMatchObject({ processed: 1, analysis: 'succeeded' });

    const { text } = await scrape();
    expect(samples(text, 'pathwarden_ingest_objects_total')).toEqual({ '{type="users"}': 3 });
    const jobs = samples(text, 'pathwarden_upload_jobs');
    expect(jobs['{status="complete"}']).toBe(1);
    expect(jobs['{status="ingesting"}']).toBe(0);
    expect(Object.keys(jobs)).toHaveLength(10);
    expect(samples(text, 'pathwarden_datapipe_status')['{status="idle"}']).toBe(1);
    expect(samples(text, 'pathwarden_datapipe_last_complete_analysis_timestamp_seconds')['']).toBeGreaterThan(Date.now() / 1000 - 60);
    const steps = samples(text, 'pathwarden_analysis_step_duration_seconds_count');
    for (const step of ['DeletePostProcessedEdges', 'DCSync', 'ADCSESC1', 'OwnsAndWriteOwner', 'TagEvaluation', 'Posture']) {
      expect(steps[`{step="${step}"}`]).toBe(1);
    }
  });

  it('answers other paths 404 and other methods 405', async () => {
    const other = await fetch(url.replace('/metrics', '/'));
    expect(other.status).toBe(404);
    expect(await other.text()).toBe('not found: the metrics are at /metrics\n');
    const post = await fetch(url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
