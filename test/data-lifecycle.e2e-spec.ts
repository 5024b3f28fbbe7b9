import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { Datapipe } from '@app/analysis';
import { DataLifecycle } from '@app/analysis/testing';
import { buildZip, SAMPLE_ZIP, sampleDataDir } from '@app/ingest/testing';
import { bearer, signedUpload } from './support/auth.js';
import { asClient, createClient } from './support/collection.js';
import { adminCaller } from './support/identity.js';
import { graphSnapshot, type GraphSnapshot } from './support/ingest.js';
import { ADMIN_PASSWORD, createTestApp, login, type TestApp } from './support/test-app.js';

/**
 * Reconciliation (issue 18) on the sample data: ingested, then a newer copy where one group membership, one session,
 * one ACE and one computer were removed. Afterwards the graph must be exactly the graph of the copy ingested alone
 * (so those are gone, with the derived edges that followed from them, and nothing else changed); the copy again
 * changes nothing; a sessions-only collection removes no membership; one domain's collection touches no other domain.
 */
const PHANTOM = 'S-1-5-21-2697957641-2271029196-387917394';
const GHOST = 'S-1-5-21-2845847946-3451170323-4261139666';
const TIER2_SUPPORT = `${PHANTOM}-1138`;
const TIER2_MEMBER = `${PHANTOM}-2143`;
const ALICE_LAPTOP = `${PHANTOM}-2174`;
const SESSION_USER = `${PHANTOM}-2173`;
const T1_FABIAN = 'T1_FABIAN@PHANTOM.CORP';
const EVERYONE = 'PHANTOM.CORP-S-1-1-0';
const SRV_TARGET = `${PHANTOM}-2164`;

type Json = Record<string, unknown>;
type Files = Map<string, Json>;

let sample: Files;

async function readSample(): Promise<Files> {
  const folder = await sampleDataDir();
  const files: Files = new Map();
  for (const name of readdirSync(folder).filter((n) => n.endsWith('.json')).sort()) {
    files.set(name, JSON.parse(readFileSync(join(folder, name), 'utf8').replace(/^\uFEFF/, '')) as Json);
  }
  return files;
}

const copyOf = (files: Files): Files => new Map([...files].map(([name, body]) => [name, structuredClone(body)]));
const objects = (file: Json) => file.data as Json[];
const fileOf = (files: Files, suffix: string, prefix = '20240305110018') => files.get(`${prefix}_${suffix}.json`) as Json;

/** Drops every array element (at any depth) that names `sid`: a computer gone from AD is named nowhere any more. */
function scrub(value: unknown, sid: string): unknown {
  if (Array.isArray(value)) {
    return value.filter((item) => !(item && typeof item === 'object' && ['ObjectIdentifier', 'PrincipalSID', 'ComputerSID', 'UserSID']
      .some((key) => (item as Json)[key] === sid))).map((item) => scrub(item, sid));
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) (value as Json)[key] = scrub(inner, sid);
  }
  return value;
}

/** The newer collection: the sample less one membership, one session, one ACE and one computer. */
function newerCopy(): Files {
  const files = copyOf(sample);
  const group = objects(fileOf(files, 'groups')).find((o) => o.ObjectIdentifier === TIER2_SUPPORT) as Json;
  group.Members = (group.Members as Json[]).filter((m) => m.ObjectIdentifier !== TIER2_MEMBER);
  const laptop = objects(fileOf(files, 'computers')).find((o) => o.ObjectIdentifier === ALICE_LAPTOP) as Json;
  for (const list of ['PrivilegedSessions', 'RegistrySessions']) {
    const sessions = laptop[list] as Json;
    sessions.Results = (sessions.Results as Json[]).filter((s) => s.UserSID !== SESSION_USER);
  }
  const fabian = objects(fileOf(files, 'users')).find((o) => (o.Properties as Json).name === T1_FABIAN) as Json;
  fabian.Aces = (fabian.Aces as Json[]).filter((a) => !(a.PrincipalSID === EVERYONE && a.RightName === 'GenericWrite'));
  for (const [name, body] of files) files.set(name, scrub(body, SRV_TARGET) as Json);
  return files;
}

function zipOf(files: Files, only?: (name: string) => boolean): Buffer {
  return buildZip([...files].filter(([name]) => !only || only(name)).map(([name, body]) => ({ name, data: JSON.stringify(body) })));
}

async function upload(t: TestApp, token: string, zip: Buffer): Promise<number> {
  const start = await t.http().post('/api/v2/file-upload/start').set('Authorization', bearer(token));
  const jobId = start.body.data.id as number;
  const sent = await t.http().post(`/api/v2/file-upload/${jobId}`).set('Authorization', bearer(token))
    .set('Content-Type', 'application/zip').set('X-File-Upload-Name', 'collection.zip').send(zip);
  expect(sent.status).toBe(202);
  expect((await t.http().post(`/api/v2/file-upload/${jobId}/end`).set('Authorization', bearer(token))).status).toBe(200);
  await t.app.get(Datapipe).tick();
  const job = await t.http().get(`/api/v2/file-upload?id=eq:${jobId}`).set('Authorization', bearer(token));
  return job.body.data[0].status as number;
}

const edgeKey = (e: GraphSnapshot['edges'][number]) => `${e.start} -[${e.kind}]-> ${e.end}`;
const keys = (snapshot: GraphSnapshot) => new Set(snapshot.edges.map(edgeKey));
const minus = (a: Set<string>, b: Set<string>) => [...a].filter((k) => !b.has(k)).sort();

describe('reconciliation with a newer collection', () => {
  let t: TestApp;
  let token: string;
  let original: GraphSnapshot;
  let reconciled: GraphSnapshot;
  let fresh: GraphSnapshot;

  beforeAll(async () => {
    sample = await readSample();
    t = await createTestApp();
    token = await login(t, 'admin', ADMIN_PASSWORD);
    expect(await upload(t, token, readFileSync(SAMPLE_ZIP))).toBe(2);
    original = await graphSnapshot(t.databaseUrl);
    expect(await upload(t, token, zipOf(newerCopy()))).toBe(2);
    reconciled = await graphSnapshot(t.databaseUrl);

    const other = await createTestApp();
    try {
      expect(await upload(other, await login(other, 'admin', ADMIN_PASSWORD), zipOf(newerCopy()))).toBe(2);
      fresh = await graphSnapshot(other.databaseUrl);
    } finally {
      await other.close();
    }
  });
  afterAll(async () => t.close());

  it('removes exactly the membership, the session, the ACE and the computer, with what followed from them', () => {
    const gone = minus(keys(original), keys(reconciled));
    expect(gone).toEqual(expect.arrayContaining([
      `${TIER2_MEMBER} -[MemberOf]-> ${TIER2_SUPPORT}`,
      `${ALICE_LAPTOP} -[HasSession]-> ${SESSION_USER}`,
      `${EVERYONE} -[GenericWrite]-> ${objectIdOf(original, T1_FABIAN)}`,
    ]));
    expect(reconciled.nodes.map((n) => n.objectid)).not.toContain(SRV_TARGET);
    expect(original.nodes.map((n) => n.objectid)).toContain(SRV_TARGET);
    expect(minus(keys(reconciled), keys(original))).toEqual([]);
    // Everything gone is one of the four, an edge of the computer, or a derived edge.
    const derived = new Set(['AdminTo', 'CanRDP', 'CanPSRemote', 'ExecuteDCOM', 'DCSync', 'Owns', 'WriteOwner', 'SyncLAPSPassword',
      'GoldenCert', 'ADCSESC1', 'ADCSESC3', 'ADCSESC4', 'ADCSESC6a', 'ADCSESC6b', 'ADCSESC9a', 'ADCSESC9b', 'ADCSESC10a',
      'ADCSESC10b', 'ADCSESC13', 'EnrollOnBehalfOf', 'CanReanimateTombstone', 'HasTrustKeys', 'CoerceAndRelayNTLMToSMB',
      'CoerceAndRelayNTLMToLDAP', 'CoerceAndRelayNTLMToLDAPS', 'CoerceAndRelayNTLMToADCS']);
    const unexplained = gone.filter((key) => !key.includes(SRV_TARGET) && ![...derived].some((kind) => key.includes(`-[${kind}]->`)))
      .filter((key) => ![`${TIER2_MEMBER} -[MemberOf]-> ${TIER2_SUPPORT}`, `${ALICE_LAPTOP} -[HasSession]-> ${SESSION_USER}`,
        `${EVERYONE} -[GenericWrite]-> ${objectIdOf(original, T1_FABIAN)}`].includes(key));
    expect(unexplained).toEqual([]);
  });

  it('leaves the graph the newer collection gives on its own', () => {
    expect(reconciled.edges).toEqual(fresh.edges);
    expect(reconciled.nodes).toEqual(fresh.nodes);
  });

  it('changes nothing when the same collection comes again', async () => {
    expect(await upload(t, token, zipOf(newerCopy()))).toBe(2);
    expect(await graphSnapshot(t.databaseUrl)).toEqual(reconciled);
  });

  it('removes no group membership on a collection of sessions alone', async () => {
    const sessionsOnly = copyOf(newerCopy());
    const laptop = objects(fileOf(sessionsOnly, 'computers')).find((o) => o.ObjectIdentifier === ALICE_LAPTOP) as Json;
    for (const list of ['PrivilegedSessions', 'RegistrySessions']) (laptop[list] as Json).Results = [];
    for (const suffix of ['computers', 'groups', 'domains', 'users']) {
      const file = fileOf(sessionsOnly, suffix);
      (file.meta as Json).methods = 8 | 16; // Session, LoggedOn
      // Without the Group method SharpHound lists no members and no ACEs; nothing of them may go.
      for (const o of objects(file)) Object.assign(o, o.Members ? { Members: [] } : {}, { Aces: [] });
    }
    const before = await graphSnapshot(t.databaseUrl);
    expect(await upload(t, token, zipOf(sessionsOnly, (name) => name.startsWith('20240305110018_')
      && ['computers', 'groups', 'domains', 'users'].some((s) => name.endsWith(`_${s}.json`))))).toBe(2);
    const after = await graphSnapshot(t.databaseUrl);
    const gone = minus(keys(before), keys(after));
    expect(gone.filter((key) => key.includes('-[MemberOf]->') || key.includes('-[GenericWrite]->'))).toEqual([]);
    expect(gone).toContain(`${ALICE_LAPTOP} -[HasSession]-> ${PHANTOM}-500`);
    expect(gone.every((key) => key.includes('-[HasSession]->'))).toBe(true);
    expect(after.nodes.length).toBe(before.nodes.length);
  });

  it("removes nothing outside the domain a collection covers", async () => {
    const ghostOnly = copyOf(sample);
    const ghostGroups = fileOf(ghostOnly, 'groups', '20240305110427');
    const group = objects(ghostGroups).find((o) => (o.Members as Json[] | undefined)?.length && String(o.ObjectIdentifier).startsWith(GHOST)) as Json;
    const dropped = (group.Members as Json[])[0].ObjectIdentifier as string;
    group.Members = (group.Members as Json[]).slice(1);
    const before = await graphSnapshot(t.databaseUrl);
    expect(await upload(t, token, zipOf(ghostOnly, (name) => name.startsWith('20240305110427_')))).toBe(2);
    const after = await graphSnapshot(t.databaseUrl);
    const gone = minus(keys(before), keys(after));
    expect(gone).toContain(`${dropped} -[MemberOf]-> ${group.ObjectIdentifier as string}`);
    const ghostNodes = new Set(after.nodes.filter((n) => (n.properties as Json).domainsid === GHOST).map((n) => n.objectid));
    // What left the graph belongs to GHOST (the membership, derived edges of its principals), never to PHANTOM or WRAITH.
    for (const key of gone) {
      const [start, , end] = key.split(' ');
      expect(ghostNodes.has(start) || ghostNodes.has(end)).toBe(true);
    }
    expect(after.nodes.length).toBe(before.nodes.length);
  });

  it('reconciles a collection client\'s job once it has ended and its uploads are ingested', async () => {
    const admin = await adminCaller(t);
    const client = await createClient(admin);
    const created = await admin.post(`/clients/${client.id}/jobs`, { session_collection: true });
    expect((await asClient(t, client, 'POST', '/jobs/start', { id: created.body.data.id })).status).toBe(200);
    // The newer copy less one more membership, uploaded and ended before the datapipe ingests it.
    const copy = newerCopy();
    const group = objects(fileOf(copy, 'groups')).find((o) => o.ObjectIdentifier === `${PHANTOM}-512`) as Json;
    const dropped = (group.Members as Json[])[0].ObjectIdentifier as string;
    group.Members = (group.Members as Json[]).slice(1);
    const sent = await signedUpload(t, client.token, '/api/v2/ingest', zipOf(copy), { 'Content-Type': 'application/zip' });
    expect(sent.status).toBe(202);
    expect((await asClient(t, client, 'POST', '/jobs/end', { status: 'COMPLETE' })).status).toBe(200);
    const before = await graphSnapshot(t.databaseUrl);
    await t.app.get(Datapipe).tick();
    const gone = minus(keys(before), keys(await graphSnapshot(t.databaseUrl)));
    expect(gone).toContain(`${dropped} -[MemberOf]-> ${PHANTOM}-512`);
    expect(gone.filter((key) => key.includes('-[MemberOf]->'))).toEqual([`${dropped} -[MemberOf]-> ${PHANTOM}-512`]);
  });

  it('removes nothing of a type whose file failed', async () => {
    const users = fileOf(sample, 'users');
    const kept = objects(users).slice(0, 5);
    const broken = JSON.stringify({ ...users, data: kept }).slice(0, -40);
    const before = await graphSnapshot(t.databaseUrl);
    const zip = buildZip([
      { name: 'domains.json', data: JSON.stringify(fileOf(sample, 'domains')) },
      { name: 'users.json', data: broken },
    ]);
    expect(await upload(t, token, zip)).toBe(8);
    const after = await graphSnapshot(t.databaseUrl);
    expect(after.nodes.map((n) => n.objectid)).toEqual(before.nodes.map((n) => n.objectid));
  });
});

describe('reconciliation of an Azure tenant', () => {
  const TENANT = '6C12B0B0-B2CC-4A73-8252-0B94BFCA2145';
  const azure = (users: string[], members: string[], collected = true) => buildZip([{ name: 'azurehound.json', data: JSON.stringify({
    meta: { type: 'azure', version: 5, count: 0 },
    data: [
      { kind: 'AZTenant', data: { tenantId: TENANT, displayName: 'Contoso', collected } },
      ...users.map((id) => ({ kind: 'AZUser', data: { id, tenantId: TENANT, userPrincipalName: `${id}@contoso.com` } })),
      { kind: 'AZGroup', data: { id: 'g1', displayName: 'Admins', tenantId: TENANT, tenantName: 'contoso.com' } },
      { kind: 'AZGroupMember', data: { groupId: 'g1', members: members.map((id) => ({ groupId: 'g1', member: { id, '@odata.type': '#microsoft.graph.user' } })) } },
    ],
  }) }]);
  let t: TestApp;
  let token: string;
  let pg: Client;
  const lines = async () => (await pg.query(`SELECT (s.properties ->> 'objectid') || ' ' || k.name || ' ' || (t.properties ->> 'objectid') AS line
    FROM edge e JOIN node s ON s.id = e.start_id JOIN node t ON t.id = e.end_id JOIN kind k ON k.id = e.kind_id`)).rows.map((r) => r.line as string).sort();
  const ids = async () => (await pg.query(`SELECT properties ->> 'objectid' AS id FROM node`)).rows.map((r) => r.id as string).sort();

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t, 'admin', ADMIN_PASSWORD);
    pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
    expect(await upload(t, token, azure(['u1', 'u2', 'u3'], ['u1', 'u2', 'u3']))).toBe(2);
  });
  afterAll(async () => {
    await pg.end();
    await t.close();
  });

  it('removes the users and memberships a newer collection of the tenant no longer reports', async () => {
    expect(await lines()).toContain('U2 AZMemberOf G1');
    expect(await upload(t, token, azure(['u1', 'u2'], ['u1']))).toBe(2);
    expect(await ids()).toEqual([TENANT, 'G1', 'U1', 'U2']);
    expect((await lines()).filter((line) => line.includes('AZMemberOf'))).toEqual(['U1 AZMemberOf G1']);
  });

  it('removes nothing when AzureHound did not collect the tenant itself', async () => {
    expect(await upload(t, token, azure([], [], false))).toBe(2);
    expect(await ids()).toEqual([TENANT, 'G1', 'U1', 'U2']);
    expect((await lines()).filter((line) => line.includes('AZMemberOf'))).toEqual(['U1 AZMemberOf G1']);
  });
});

describe('session aging and retention', () => {
  let t: TestApp;
  let pg: Client;

  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_MAX_AGE_DAYS: '3' } });
    pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
  });
  afterAll(async () => {
    await pg.end();
    await t.close();
  });

  it('removes sessions last seen longer ago than SESSION_MAX_AGE_DAYS at the next analysis', async () => {
    const token = await login(t, 'admin', ADMIN_PASSWORD);
    expect(await upload(t, token, readFileSync(SAMPLE_ZIP))).toBe(2);
    const sessions = async () => (await pg.query(
      `SELECT count(*)::int AS n FROM edge WHERE kind_id = (SELECT id FROM kind WHERE name = 'HasSession')`)).rows[0].n as number;
    const total = await sessions();
    expect(total).toBeGreaterThan(2);
    const old = new Date(Date.now() - 4 * 86_400_000).toISOString();
    await pg.query(`UPDATE edge SET properties = properties || jsonb_build_object('lastseen', $1::text)
      WHERE id IN (SELECT id FROM edge WHERE kind_id = (SELECT id FROM kind WHERE name = 'HasSession') ORDER BY id LIMIT 2)`, [old]);
    await t.app.get(Datapipe).analyze();
    expect(await sessions()).toBe(total - 2);
  });

  it('keeps a failed upload\'s bytes, then deletes them, old upload jobs and old posture rows on the retention sweep', async () => {
    const token = await login(t, 'admin', ADMIN_PASSWORD);
    const count = async (sql: string) => (await pg.query(sql)).rows[0].n as number;
    expect(await upload(t, token, buildZip([{ name: 'broken.json', data: '{"data": [' }]))).toBe(5);
    // Kept for INGEST_FAILED_UPLOAD_RETENTION_HOURS (72): off the queue, bytes still there.
    expect(await count('SELECT count(*)::int AS n FROM ingest_tasks WHERE finished_at IS NOT NULL')).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM ingest_task_chunks')).toBeGreaterThan(0);
    expect(await t.app.get(Datapipe).tick()).toMatchObject({ processed: 0 });
    const jobs = await count('SELECT count(*)::int AS n FROM ingest_jobs');
    const posture = await count('SELECT count(*)::int AS n FROM posture_stats');
    expect(posture).toBeGreaterThan(0);

    const old = new Date(Date.now() - 400 * 86_400_000);
    await pg.query('UPDATE ingest_tasks SET finished_at = $1', [old]);
    await pg.query('UPDATE ingest_jobs SET end_time = $1 WHERE id = (SELECT min(id) FROM ingest_jobs)', [old]);
    await pg.query('UPDATE posture_stats SET created_at = $1 WHERE id = (SELECT min(id) FROM posture_stats)', [old]);
    await t.app.get(DataLifecycle).sweep();
    expect(await count('SELECT count(*)::int AS n FROM ingest_tasks')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM ingest_task_chunks')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM ingest_jobs')).toBe(jobs - 1);
    expect(await count('SELECT count(*)::int AS n FROM posture_stats')).toBe(posture - 1);
  });
});

function objectIdOf(snapshot: GraphSnapshot, name: string): string {
  return snapshot.nodes.find((n) => (n.properties as Json).name === name)?.objectid as string;
}
