// HTTP throughput of the collection read endpoints against a bare Node server sending the same bytes.
// Starts the built app (node dist/apps/api/src/main.js) on a fresh database (`pathwarden_bench_http`, on
// DATABASE_URL's server or an embedded PostgreSQL), registers the clients through the API, then adds with SQL one
// event per client (scoped to OUs or domains the graph holds), finished jobs with domain results, a READY job per
// client and a RUNNING job for every other one, so a hydrated client page carries events, current job and task and
// one graph look-up. Then, with autocannon (bearer token of the admin), measures:
//   a. GET /api/v2/clients?limit=100 (the default page) and ?limit=1000 (every client), hydrated;
//   b. GET /api/v2/clients/{id}/completed-jobs, a full default page (100 jobs with their domain results);
// each beside a bare node:http server (its own process) answering the body fetched once from the app, and prints
// req/s, p99 latency and the app/bare ratios. Never fails on timing; exits 1 when a route answers an error (the
// others are still measured).
// Usage: npm run bench:http [-- --seconds 10 --connections 50 --clients 1000 --jobs 5 --dist dist --keep]
// (BENCH_SIZE=tiny: 1 s, 5 connections, 20 clients, 2 jobs each)
// ADMIN_PASSWORD (optional) is the admin's password the app is started with; one is generated otherwise.
import autocannon from 'autocannon';
import pg from 'pg';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sized } from '../size.mjs';
import { benchAppEnv, freePort } from '../app-env.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => a.trim().split(/\s+/)));
const seconds = Number(args.seconds ?? sized(10, 1));
const connections = Number(args.connections ?? sized(50, 5));
const clientCount = Number(args.clients ?? sized(1000, 20));
const jobsPerClient = Number(args.jobs ?? sized(5, 2));
/** The client whose completed jobs are measured gets more than a page of them. */
const MEASURED_CLIENT_JOBS = 150;
const DOMAINS = 10;
const OUS_PER_DOMAIN = 4;
const dist = resolve(args.dist ?? 'dist');
const DATABASE = 'pathwarden_bench_http';

const log = (line = '') => console.log(line);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const elapsed = (from) => (Number(process.hrtime.bigint() - from) / 1e9).toFixed(1);


/** Spawns a node process and waits until it prints `ready` on stdout; `child.output` keeps its last output. */
async function startProcess(argv, env, ready) {
  const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  child.output = '';
  await new Promise((ok, fail) => {
    child.stdout.on('data', (chunk) => {
      child.output = (child.output + String(chunk)).slice(-20_000);
      if (child.output.includes(ready)) ok();
    });
    child.once('exit', (code) => fail(new Error(`${argv[0]} exited with ${code} before it was ready:\n${child.output}`)));
  });
  return child;
}

async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill('SIGTERM');
  await exited;
}

// --- a fresh database and the app on it ------------------------------------------------------------------------
/** DATABASE_URL's server, or an embedded PostgreSQL in a folder of its own, removed when it stops. */
async function databaseServer() {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => undefined };
  const { startEmbeddedPostgres } = await import(`${dist}/libs/platform/src/database/embedded-postgres.js`);
  const folder = mkdtempSync(join(tmpdir(), 'pathwarden-bench-http-pg-'));
  const handle = await startEmbeddedPostgres(folder, () => undefined);
  return {
    adminUrl: handle.url,
    stop: async () => {
      await handle.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

let started = process.hrtime.bigint();
const server = await databaseServer();
const admin = new pg.Client({ connectionString: server.adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DATABASE}`);
await admin.end();
const url = new URL(server.adminUrl);
url.pathname = `/${DATABASE}`;
const databaseUrl = url.toString();

const password = process.env.ADMIN_PASSWORD ?? `Bench-${randomBytes(12).toString('base64url')}-9a!`;
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'pathwarden-bench-http-'));
const app = await startProcess([join(dist, 'apps/api/src/main.js')], {
  ...process.env,
  ...benchAppEnv(databaseUrl, dataDir, {
    ADMIN_PASSWORD: password,
    PORT: String(port),
    HOST: '127.0.0.1',
    EDITION: 'enterprise',
    LOG_LEVEL: 'warn',
    LOGIN_THROTTLE_LIMIT: '1000000',
    SCHEDULER_INTERVAL: '0',
  }),
}, 'Pathwarden listening');
const base = `http://127.0.0.1:${port}`;
log(`app started on ${DATABASE} (fresh) in ${elapsed(started)} s`);

// --- measurements -----------------------------------------------------------------------------------------------
const bodyDir = mkdtempSync(join(tmpdir(), 'pathwarden-bench-http-bodies-'));
// The bare server: its own process (as the app is), answering every request with the same bytes and content type.
const BARE = `
  const { createServer } = require('node:http');
  const { readFileSync } = require('node:fs');
  const [, file, type, port] = process.argv;
  const body = readFileSync(file);
  createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  }).listen(Number(port), '127.0.0.1', () => console.log('bare ready'));`;

async function cannon(target, headers) {
  const result = await autocannon({ url: target, connections, duration: seconds, headers });
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, bad: result.non2xx + result.errors + result.timeouts };
}

const rows = [];
const unmeasured = [];
async function measure(title, path, auth) {
  const res = await fetch(`${base}${path}`, { headers: auth });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) {
    // A route that does not work in this build is reported, and the others are still measured.
    log(`${title.padEnd(50)} not measured: answered ${res.status} ${body.toString().slice(0, 200)}`);
    unmeasured.push(title);
    return;
  }
  const parsed = JSON.parse(body);
  const items = Array.isArray(parsed.data) ? parsed.data.length : 1;
  // One request at a time first: the cost of a request apart from queueing behind the others.
  const sequential = [];
  for (let i = 0; i < 20; i++) {
    const at = process.hrtime.bigint();
    await (await fetch(`${base}${path}`, { headers: auth })).arrayBuffer();
    sequential.push(Number(process.hrtime.bigint() - at) / 1e6);
  }
  sequential.sort((a, b) => a - b);
  const appFigures = await cannon(`${base}${path}`, auth);
  const file = join(bodyDir, `${rows.length}.json`);
  writeFileSync(file, body);
  const barePort = await freePort();
  const bare = await startProcess(['-e', BARE, file, res.headers.get('content-type') ?? 'application/json', String(barePort)], process.env, 'bare ready');
  let bareFigures;
  try {
    bareFigures = await cannon(`http://127.0.0.1:${barePort}${path}`, auth);
  } finally {
    await stopProcess(bare);
  }
  rows.push({ title, bytes: body.length, items, app: appFigures, bare: bareFigures, alone: sequential[10] });
  const r = rows.at(-1);
  log(`${title.padEnd(50)} ${String(items).padStart(5)} items ${(body.length / 1024).toFixed(0).padStart(6)} KiB | ` +
    `alone ${r.alone.toFixed(1).padStart(6)} ms | app ${r.app.rps.toFixed(0).padStart(6)} req/s p99 ${String(r.app.p99).padStart(5)} ms (non-2xx/errors ${r.app.bad}) | ` +
    `bare ${r.bare.rps.toFixed(0).padStart(6)} req/s p99 ${String(r.bare.p99).padStart(5)} ms | ` +
    `app/bare req/s ${(r.app.rps / r.bare.rps).toFixed(3)}, p99 ${(r.app.p99 / Math.max(r.bare.p99, 1)).toFixed(1)}x`);
}

/** Registers and seeds the clients, then measures each route beside its bare twin. */
async function seedAndMeasure() {
  const login = await fetch(`${base}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_method: 'secret', username: 'admin', secret: password }),
  });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
  const token = (await login.json()).data.session_token;
  const auth = { authorization: `Bearer ${token}` };

  // --- clients through the API, 20 at a time ---------------------------------------------------------------------
  started = process.hrtime.bigint();
  const clientIds = [];
  for (let next = 0; next < clientCount;) {
    const batch = Array.from({ length: Math.min(20, clientCount - next) }, (_, i) => next + i);
    next += batch.length;
    const created = await Promise.all(batch.map(async (i) => {
      const res = await fetch(`${base}/api/v2/clients`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `bench-client-${String(i).padStart(5, '0')}`, type: 'sharphound', domain_controller: `DC01.CORP${i % DOMAINS}.LOCAL` }),
      });
      if (res.status !== 201) throw new Error(`POST /api/v2/clients answered ${res.status} ${await res.text()}`);
      return (await res.json()).data.id;
    }));
    clientIds.push(...created);
  }
  log(`registered ${clientIds.length} clients through POST /api/v2/clients in ${elapsed(started)} s`);

  // --- the graph's OUs and domains, events, jobs and domain results by SQL ---------------------------------------
  started = process.hrtime.bigint();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows: kinds } = await db.query(`SELECT name, id FROM kind WHERE name = ANY($1::text[])`, [['Base', 'Domain', 'OU']]);
  const kind = Object.fromEntries(kinds.map((k) => [k.name, k.id]));
  const domainSid = (d) => `S-1-5-21-1000-2000-${3000 + d}`;
  const ouId = (d, o) => `${String(d).padStart(8, '0')}-0000-4000-8000-${String(o).padStart(12, '0')}`.toUpperCase();
  const nodes = [];
  for (let d = 0; d < DOMAINS; d++) {
    nodes.push([[kind.Base, kind.Domain], { objectid: domainSid(d), name: `CORP${d}.LOCAL`, domainsid: domainSid(d), distinguishedname: `DC=CORP${d},DC=LOCAL` }]);
    for (let o = 0; o < OUS_PER_DOMAIN; o++) {
      nodes.push([[kind.Base, kind.OU], {
        objectid: ouId(d, o), name: `OU${o}@CORP${d}.LOCAL`, domainsid: domainSid(d), distinguishedname: `OU=OU${o},DC=CORP${d},DC=LOCAL`,
      }]);
    }
  }
  await db.query(
    `INSERT INTO node (kind_ids, properties)
     SELECT ARRAY(SELECT jsonb_array_elements_text(n -> 0)::int2), n -> 1 FROM jsonb_array_elements($1::jsonb) n`,
    [JSON.stringify(nodes)],
  );
  // Even clients collect an OU of their domain and one the graph does not hold (hydrated as exists=false), odd ones
  // their domain.
  await db.query(
    `WITH c AS (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM collection_clients)
     INSERT INTO collection_events (client_id, title, rrule, next_scheduled_at, session_collection, local_group_collection,
                                    ad_structure_collection, ous, domains)
     SELECT c.id, 'nightly collection', 'FREQ=DAILY;INTERVAL=1', now() + interval '1 day', true, true, true,
            CASE WHEN c.n % 2 = 0 THEN ARRAY[($1::text[])[c.k], 'FFFFFFFF-0000-4000-8000-000000000000'] ELSE '{}' END,
            CASE WHEN c.n % 2 = 1 THEN ARRAY[($2::text[])[c.k]] ELSE '{}' END
     FROM (SELECT id, n, (n % $3::int)::int + 1 AS k FROM c) c`,
    [Array.from({ length: DOMAINS }, (_, d) => ouId(d, 0)), Array.from({ length: DOMAINS }, (_, d) => domainSid(d)), DOMAINS],
  );
  const measuredClient = clientIds[0];
  await db.query(
    `INSERT INTO collection_jobs (client_id, event_id, event_title, execution_time, start_time, end_time, last_ingest,
                                  progressed_at, status, status_message, domain_controller, log_path,
                                  session_collection, local_group_collection, ad_structure_collection, ous, domains)
     SELECT e.client_id, e.id, e.title, t.at, t.at + interval '1 minute', t.at + interval '20 minutes', t.at + interval '25 minutes',
            t.at + interval '20 minutes', 2, 'Collection completed successfully', 'DC01.CORP.LOCAL', 'C:\\ProgramData\\collector\\log.txt',
            true, true, true, e.ous, e.domains
     FROM collection_events e
     CROSS JOIN LATERAL generate_series(1, CASE WHEN e.client_id = $1::uuid THEN $2::int ELSE $3::int END) g
     CROSS JOIN LATERAL (SELECT date_trunc('day', now()) - g * interval '1 day' + interval '2 hours' AS at) t`,
    [measuredClient, MEASURED_CLIENT_JOBS, jobsPerClient],
  );
  // The current task (READY) of every client and the current job (RUNNING) of every other one.
  await db.query(
    `WITH c AS (SELECT e.*, row_number() OVER (ORDER BY e.client_id) AS n FROM collection_events e)
     INSERT INTO collection_jobs (client_id, event_id, event_title, execution_time, start_time, progressed_at, status,
                                  session_collection, local_group_collection, ad_structure_collection, ous, domains)
     SELECT client_id, id, title, now() + interval '1 day', NULL, NULL, 0, true, true, true, ous, domains FROM c
     UNION ALL
     SELECT client_id, id, title, now() - interval '5 minutes', now() - interval '4 minutes', now(), 1, true, true, true, ous, domains
     FROM c WHERE n % 2 = 0`,
  );
  await db.query(
    `INSERT INTO collection_domain_results (job_id, domain_name, success, message, user_count, group_count, computer_count,
                                            gpo_count, ou_count, container_count, aiaca_count, rootca_count,
                                            enterpriseca_count, ntauthstore_count, certtemplate_count, deleted_count)
     SELECT j.id, 'CORP' || d || '.LOCAL', true, '', 1200 + j.id % 97, 300, 800, 40, 25, 60, 1, 1, 2, 1, 33, 0
     FROM collection_jobs j CROSS JOIN generate_series(0, CASE WHEN j.id % 3 = 0 THEN 1 ELSE 0 END) d
     WHERE j.status = 2`,
  );
  await db.query('VACUUM ANALYZE node, collection_clients, collection_client_tokens, collection_events, collection_jobs, collection_domain_results');
  const { rows: [counts] } = await db.query(
    `SELECT (SELECT count(*) FROM collection_clients)::int AS clients, (SELECT count(*) FROM collection_events)::int AS events,
            (SELECT count(*) FROM collection_jobs)::int AS jobs, (SELECT count(*) FROM collection_domain_results)::int AS results,
            (SELECT count(*) FROM node)::int AS nodes`,
  );
  await db.end();
  log(`seeded by SQL in ${elapsed(started)} s: ${counts.nodes} OU/Domain nodes, ${counts.events} events, ${counts.jobs} jobs ` +
    `(${jobsPerClient} finished per client, ${MEASURED_CLIENT_JOBS} for the measured one, a READY job each, a RUNNING job every other), ` +
    `${counts.results} domain results`);

  log();
  log(`autocannon: ${connections} connections, ${seconds} s per run; load average before: ${load()}`);
  await measure('GET /api/v2/clients?limit=100 (hydrated)', '/api/v2/clients?limit=100', auth);
  await measure('GET /api/v2/clients?limit=1000 (hydrated)', '/api/v2/clients?limit=1000', auth);
  await measure('GET /api/v2/clients/{id}/completed-jobs (100/page)', `/api/v2/clients/${measuredClient}/completed-jobs`, auth);
  log(`load average after: ${load()} (other work on the machine inflates every figure); "alone" is the median of 20 ` +
    'requests one at a time');
}

let failure;
try {
  await seedAndMeasure();
} catch (error) {
  failure = error;
  console.error(`the app's last output:\n${app.output.split('\n').slice(-40).join('\n')}`);
} finally {
  await stopProcess(app);
  const cleanup = new pg.Client({ connectionString: server.adminUrl });
  await cleanup.connect();
  // --keep leaves the seeded database for a closer look (EXPLAIN, profiling); the next run drops it first.
  if (!('keep' in args)) await cleanup.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await cleanup.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(bodyDir, { recursive: true, force: true });
}
if (failure) throw failure;
if (unmeasured.length > 0) {
  console.error(`${unmeasured.length} route(s) answered an error and were not measured: ${unmeasured.join('; ')}`);
  // process.exitCode is not enough: embedded-postgres's exit hook (async-exit-hook) ends the process with 0.
  process.exit(1);
}
