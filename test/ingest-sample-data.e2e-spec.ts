import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { Datapipe } from '@app/analysis';
import { PREBUILT_QUERIES } from '@app/graph/testing';
import { runCli } from '../apps/cli/src/cli.js';
import { bearer } from './support/auth.js';
import { extractZip, graphSnapshot, SAMPLE_ZIP } from './support/ingest.js';
import { ADMIN_PASSWORD, createTestApp, login, type TestApp } from './support/test-app.js';

/**
 * The official sample data (assets/sample-data/ad_sampledata.zip, three collected domains) end to end: uploaded as
 * a zip through the file-upload API on one database, and ingested as loose files through the CLI on another; both
 * analysed. The two graphs must be the same, and must hold the facts of the fixtures README and the derived edges.
 */
const PHANTOM = 'S-1-5-21-2697957641-2271029196-387917394';
const GHOST = 'S-1-5-21-2845847946-3451170323-4261139666';
const WRAITH = 'S-1-5-21-3702535222-3822678775-2090119576';

describe('sample data: upload API and CLI', () => {
  let api: TestApp;
  let cliApp: TestApp;
  let token: string;
  let pg: Client;
  let rows: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    cliApp = await createTestApp();
    const cliEnv = { DATABASE_URL: process.env.DATABASE_URL!, JWT_SECRET: process.env.JWT_SECRET!, SECRETS_KEY: process.env.SECRETS_KEY! };
    api = await createTestApp();
    token = await login(api, 'admin', ADMIN_PASSWORD);
    pg = new Client({ connectionString: api.databaseUrl });
    await pg.connect();
    rows = async (sql, params = []) => (await pg.query(sql, params)).rows;

    // Through the API: one zip, then the datapipe until the job is finished.
    const start = await api.http().post('/api/v2/file-upload/start').set('Authorization', bearer(token));
    expect(start.status).toBe(201);
    const jobId = start.body.data.id as number;
    const upload = await api.http().post(`/api/v2/file-upload/${jobId}`).set('Authorization', bearer(token))
      .set('Content-Type', 'application/zip').set('X-File-Upload-Name', 'ad_sampledata.zip')
      .send(readFileSync(SAMPLE_ZIP));
    expect(upload.status).toBe(202);
    expect((await api.http().post(`/api/v2/file-upload/${jobId}/end`).set('Authorization', bearer(token))).status).toBe(200);
    await api.app.get(Datapipe).tick();
    const jobs = await api.http().get(`/api/v2/file-upload?id=eq:${jobId}`).set('Authorization', bearer(token));
    expect(jobs.body.data[0]).toMatchObject({ id: jobId, status: 2, status_message: 'Complete', total_files: 31, failed_files: 0 });

    // Through the CLI: the zip's members as loose files in a folder.
    const folder = mkdtempSync(join(tmpdir(), 'pathwarden-sample-'));
    try {
      await extractZip(SAMPLE_ZIP, folder);
      const output = { out: '', err: '' };
      const saved = { ...process.env };
      Object.assign(process.env, cliEnv);
      try {
        const code = await runCli(['ingest', folder], {
          out: (text) => void (output.out += text),
          err: (text) => void (output.err += text),
          readStdin: async () => '',
        });
        expect({ code, err: output.err.split('\n').filter((l) => /error|fail/i.test(l)) }).toEqual({ code: 0, err: [] });
      } finally {
        process.env = saved;
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 600_000);

  afterAll(async () => {
    await pg?.end();
    await api?.close();
    await cliApp?.close();
  });

  it('gives the same graph through the upload API (zip) and the CLI (loose files)', async () => {
    const [viaApi, viaCli] = await Promise.all([graphSnapshot(api.databaseUrl), graphSnapshot(cliApp.databaseUrl)]);
    expect(viaApi.nodes.length).toBeGreaterThan(1400);
    expect(viaApi.edges.length).toBeGreaterThan(12_000);
    expect(viaCli.nodes).toEqual(viaApi.nodes);
    expect(viaCli.edges).toEqual(viaApi.edges);
  });

  it('holds the facts of the fixtures README', async () => {
    const members = await rows(`
      SELECT g.properties ->> 'objectid' AS grp, count(DISTINCT e.start_id)::int AS n
      FROM edge e JOIN node g ON g.id = e.end_id JOIN kind k ON k.id = e.kind_id
      WHERE k.name = 'MemberOf' AND g.properties ->> 'objectid' LIKE '%-512'
        AND COALESCE((e.properties ->> 'isprimarygroup')::boolean, false) = false
      GROUP BY 1 ORDER BY 1`);
    expect(Object.fromEntries(members.map((r) => [r.grp, r.n]))).toEqual({
      [`${PHANTOM}-512`]: 12, [`${GHOST}-512`]: 4, [`${WRAITH}-512`]: 4,
    });
    const dcs = await rows(`
      SELECT c.properties ->> 'name' AS name, d.properties ->> 'name' AS domain FROM edge e
      JOIN node c ON c.id = e.start_id JOIN node d ON d.id = e.end_id JOIN kind k ON k.id = e.kind_id
      WHERE k.name = 'DCFor' ORDER BY 1`);
    expect(dcs).toEqual([
      { name: 'DC01.PHANTOM.CORP', domain: 'PHANTOM.CORP' },
      { name: 'EXTDC01.WRAITH.CORP', domain: 'WRAITH.CORP' },
      { name: 'GHOST-DC01.GHOST.CORP', domain: 'GHOST.CORP' },
    ]);
    const flag = async (property: string) => (await rows(
      `SELECT properties ->> 'name' AS name FROM node WHERE (properties ->> $1)::boolean IS TRUE
         AND (properties ->> 'isdc') IS DISTINCT FROM 'true' AND properties ->> 'name' NOT LIKE 'KRBTGT@%' ORDER BY 1`,
      [property],
    )).map((r) => r.name);
    expect(await flag('unconstraineddelegation')).toEqual(['UNCON.WRAITH.CORP']);
    expect(await flag('dontreqpreauth')).toEqual(['NOPREAUTH@PHANTOM.CORP']);
    expect(await flag('hasspn')).toEqual(['ADMINISTRATOR@PHANTOM.CORP', 'SVC_KERB_DEL@PHANTOM.CORP']);
    const [esc1Templates] = await rows(`
      SELECT count(*)::int AS n FROM node n JOIN kind k ON k.id = ANY (n.kind_ids)
      WHERE k.name = 'CertTemplate' AND (n.properties ->> 'enrolleesuppliessubject')::boolean
        AND (n.properties ->> 'authenticationenabled')::boolean
        AND NOT (n.properties ->> 'requiresmanagerapproval')::boolean`);
    expect(esc1Templates.n).toBe(18);
  });

  it('derives AdminTo, DCSync, GoldenCert and ADCSESC1 edges', async () => {
    const derived = async (kind: string) => rows(`
      SELECT s.properties ->> 'name' AS source, t.properties ->> 'name' AS target, e.id::text AS id,
        s.id::text AS source_id, t.id::text AS target_id
      FROM edge e JOIN node s ON s.id = e.start_id JOIN node t ON t.id = e.end_id JOIN kind k ON k.id = e.kind_id
      WHERE k.name = $1 ORDER BY 1, 2`, [kind]);
    expect((await derived('AdminTo')).length).toBeGreaterThan(0);
    const dcsync = await derived('DCSync');
    expect(new Set(dcsync.map((e) => e.target))).toEqual(new Set(['PHANTOM.CORP', 'GHOST.CORP', 'WRAITH.CORP']));
    const golden = await derived('GoldenCert');
    expect(golden.map((e) => e.source)).toEqual(expect.arrayContaining(['DC01.PHANTOM.CORP']));
    expect(golden.length).toBeGreaterThanOrEqual(3);
    const esc1 = await derived('ADCSESC1');
    expect(esc1.length).toBeGreaterThan(0);
    for (const edge of esc1) expect(['PHANTOM.CORP', 'WRAITH.CORP']).toContain(edge.target);

    // Every GoldenCert and ADCSESC1 edge has a composition: through an enterprise CA (and, for ESC1, a template).
    for (const [kind, edges] of [['GoldenCert', golden], ['ADCSESC1', esc1]] as const) {
      for (const edge of edges) {
        const res = await api.http().get('/api/v2/graphs/edge-composition').set('Authorization', bearer(token))
          .query({ edge_type: kind, source_node: edge.source_id, target_node: edge.target_id });
        expect(res.status).toBe(200);
        const kinds = Object.values(res.body.data.nodes as Record<string, { kind: string; kinds: string[] }>)
          .flatMap((n) => [n.kind, ...(n.kinds ?? [])]);
        expect(kinds).toContain('EnterpriseCA');
        if (kind === 'ADCSESC1') expect(kinds).toContain('CertTemplate');
        expect((res.body.data.edges as unknown[]).length).toBeGreaterThan(0);
      }
    }
  });

  it('tags Tier Zero: the built-in Administrator and the members of Domain Admins', async () => {
    const tierZero = await rows(`
      SELECT n.properties ->> 'objectid' AS objectid, n.properties ->> 'system_tags' AS tags
      FROM node n JOIN kind k ON k.id = ANY (n.kind_ids) WHERE k.name = 'Tag_Tier_Zero'`);
    const ids = new Set(tierZero.map((r) => r.objectid));
    for (const domain of [PHANTOM, GHOST, WRAITH]) expect(ids).toContain(`${domain}-500`);
    const members = await rows(`
      SELECT DISTINCT s.properties ->> 'objectid' AS objectid FROM edge e
      JOIN node s ON s.id = e.start_id JOIN node g ON g.id = e.end_id JOIN kind k ON k.id = e.kind_id
      WHERE k.name = 'MemberOf' AND g.properties ->> 'objectid' LIKE '%-512'`);
    for (const member of members) expect(ids).toContain(member.objectid);
    expect(tierZero.every((r) => String(r.tags).includes('admin_tier_0'))).toBe(true);
  });

  it('runs every pre-built query: data or 404, never an error', async () => {
    const outcomes: { number: number; name: string; status: number; nodes: number; edges: number; error?: string }[] = [];
    for (const q of PREBUILT_QUERIES) {
      const res = await api.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(token)).send({ query: q.query, include_properties: false });
      outcomes.push({
        number: q.number, name: q.name, status: res.status,
        nodes: Object.keys(res.body.data?.nodes ?? {}).length, edges: (res.body.data?.edges ?? []).length,
        ...(res.status >= 400 ? { error: res.body.errors?.[0]?.message } : {}),
      });
    }
    // The closing note lists these (which return data, which answer 404 and why).
    if (process.env.PREBUILT_REPORT) writeFileSync(process.env.PREBUILT_REPORT, JSON.stringify(outcomes, null, 2));
    // The empty ones, each for want of data in the sample (the closing note gives the reason per query): RDP and
    // LAPS rights of Domain Users, Owned objects, issuance policies, properties newer SharpHound versions write
    // (encryption types, smart cards, MachineAccountQuota, SMB/LDAP/NTLM/WebClient data, web enrollment, trust
    // attributes), unsupported operating systems, and everything Azure (61-80).
    expect(outcomes.filter((o) => o.status === 404).map((o) => o.number)).toEqual([
      8, 10, 11, 24, 25, 37, 38, 39, 40, 41, 47, 49, 50, 51, 52, 54, 55, 57, 58, 59, 60,
      ...Array.from({ length: 20 }, (_, i) => 61 + i),
    ]);
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 404)).toEqual([]);
  });

  it('answers the Owned queries once a node is owned', async () => {
    const [user] = await rows(`SELECT properties ->> 'objectid' AS objectid FROM node WHERE properties ->> 'name' = 'DOMAINUSER@PHANTOM.CORP'`);
    const selector = await api.http().post('/api/v2/asset-group-tags/2/selectors').set('Authorization', bearer(token))
      .send({ name: 'owned in the test', seeds: [{ type: 1, value: user.objectid }] });
    expect(selector.status).toBe(201);
    expect((await api.http().post('/api/v2/asset-group-tags/evaluation').set('Authorization', bearer(token))).status).toBeLessThan(300);
    for (const number of [24, 25]) {
      const q = PREBUILT_QUERIES.find((p) => p.number === number)!;
      const res = await api.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(token)).send({ query: q.query });
      expect({ number, status: res.status }).toEqual({ number, status: 200 });
    }
  });

  it("runs the README's examples on sample-data objects: every objectid it names exists, BOB's path to Domain Admins is found", async () => {
    const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
    const named = [...new Set(readme.match(/S-1-5-21-[\d-]*\d/g))].sort();
    expect(named.length).toBeGreaterThan(0);
    const found = await rows(`SELECT properties ->> 'objectid' AS objectid FROM node WHERE properties ->> 'objectid' = ANY($1)`, [named]);
    expect(found.map((r) => r.objectid).sort()).toEqual(named);

    const example = /\/api\/v2\/graphs\/shortest-path\?([^"]+)"/.exec(readme)![1];
    const res = await api.http().get(`/api/v2/graphs/shortest-path?${example}`).set('Authorization', bearer(token));
    expect(res.status).toBe(200);
    const labels = Object.values(res.body.data.nodes as Record<string, { label: string }>).map((n) => n.label);
    expect(labels).toEqual(expect.arrayContaining(['BOB@PHANTOM.CORP', 'DOMAIN USERS@PHANTOM.CORP', 'DOMAIN ADMINS@PHANTOM.CORP']));
  });
});
