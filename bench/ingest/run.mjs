// Ingest benchmark. Writes a synthetic directory (bench/graph/directory.mjs) as SharpHound CE v6 files, ingests
// them through the built LocalFiles/FileIngestor into a fresh database (in a child process, so its peak RSS is the
// ingest's own), then COPYs the very node and edge rows that ingest wrote straight into the tables of a second fresh
// database: the floor no ingest can beat. Prints objects/s for both, their ratio and the ingest's peak RSS.
// Databases `pathwarden_bench_ingest` and `pathwarden_bench_ingest_copy` are created on DATABASE_URL's server (an
// embedded PostgreSQL when unset) and dropped at the end. INGEST_BATCH_SIZE etc. are honoured as the app reads them.
// The ingest database is migrated before the ingest (so the child's boot finds it ready), with the graph change-log
// triggers enabled as in the service; `--without-change-log` disables them (DISABLE TRIGGER USER on node and edge: they
// are the only user triggers there; foreign keys are still checked) to measure what the log costs ingest. The line
// after the figures counts the change log and the time its trigger functions took (track_functions = pl).
// `--change-log-rounds N` then ingests the same files N more times with the log and N times without, alternately,
// and prints the medians (change-log-rounds.mjs): one pair of runs is within this machine's noise.
// Usage: npm run bench:ingest [-- --objects 100000 --edges-per-object 8 --seed 1 --dist dist --without-change-log
//   --change-log-rounds 3]
// (BENCH_SIZE=tiny: 1,000 objects)
// Enterprise mode (bench/enterprise/bench.mjs): the enterprise directory of bench/enterprise/directory.mjs instead, its
// ingest, each analysis step's time and rows, the traversal index's catch-up after the analysis and peak RSS:
// npm run bench:ingest -- --enterprise [--variant dense|shallow|both --scale 1 --seed 1 --dist dist]
// (`--variant` alone implies it; default both variants at scale 1 = 194,052 objects; BENCH_SIZE=tiny: scale 0.005)
import pg from 'pg';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDirectory } from '../graph/directory.mjs';
import { benchServer, migrateDatabase, prepareDatabase } from '../graph/load.mjs';
import { changeLogRounds } from './change-log-rounds.mjs';
import { copyBaseline } from './copy-baseline.mjs';
import { writeSharpHoundFiles } from './sharphound-files.mjs';
import { runEnterpriseBench } from '../enterprise/bench.mjs';
import { sized } from '../size.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => a.trim().split(/\s+/)));
const dist = resolve(args.dist ?? 'dist');
if ('enterprise' in args || 'variant' in args) {
  const variant = args.variant ?? 'both';
  if (!['dense', 'shallow', 'both'].includes(variant)) throw new Error(`--variant must be dense, shallow or both, got "${variant}"`);
  const server = await benchServer(dist);
  try {
    await runEnterpriseBench({
      variants: variant === 'both' ? ['dense', 'shallow'] : [variant], scale: Number(args.scale ?? sized(1, 0.005)),
      seed: Number(args.seed ?? 1), dist, adminUrl: server.adminUrl,
    });
  } finally {
    await server.stop();
  }
} else {
  await syntheticBench();
}

/** The synthetic mode: bench/graph's directory, its ingest and the COPY floor. */
async function syntheticBench() {
  const options = {
    objects: Number(args.objects ?? sized(100_000, 1_000)),
    edgesPerObject: Number(args['edges-per-object'] ?? 8),
    seed: Number(args.seed ?? 1),
    withoutChangeLog: 'without-change-log' in args,
    changeLogRounds: Number(args['change-log-rounds'] ?? 0),
  };
  const here = dirname(fileURLToPath(import.meta.url));
  const log = (line = '') => console.log(line);
  const rate = (n, seconds) => `${Math.round(n / seconds).toLocaleString('en-US')}/s`;

  log(`ingest bench: ${options.objects} objects, ~${options.edgesPerObject} edges per object, seed ${options.seed}` +
    (options.withoutChangeLog ? ', change-log triggers disabled' : ''));
  const folder = mkdtempSync(join(tmpdir(), 'pathwarden-bench-ingest-files-'));
  let started = process.hrtime.bigint();
  const dir = generateDirectory({ nodes: options.objects, edges: options.objects * options.edgesPerObject, seed: options.seed });
  const { paths, objects } = writeSharpHoundFiles(dir, folder);
  const bytes = paths.reduce((sum, path) => sum + statSync(path).size, 0);
  log(`wrote ${objects} objects (${dir.edgeCount} directory edges) as ${paths.length} SharpHound v6 files, ` +
    `${(bytes / 1024 ** 2).toFixed(1)} MiB, in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);

  const DATABASES = ['pathwarden_bench_ingest', 'pathwarden_bench_ingest_copy'];
  // The change-log triggers' functions: graph_log_* on node and edge, graph_commit_version at each commit.
  const CHANGE_LOG = `
    SELECT (SELECT count(*) FROM graph_change)::int AS changes, (SELECT version FROM graph_version)::int AS version,
           coalesce(sum(total_time), 0)::float AS ms, coalesce(sum(calls), 0)::int AS calls
    FROM pg_stat_user_functions WHERE funcname LIKE 'graph\\_log\\_%' OR funcname = 'graph_commit_version'`;

  async function onDatabase(url, work) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  const server = await benchServer(dist);
  try {
    const ingestDb = await prepareDatabase(server.adminUrl, 'pathwarden ingest bench', false, DATABASES[0]);
    const copyDb = await prepareDatabase(server.adminUrl, 'pathwarden ingest bench (copy)', false, DATABASES[1]);
    await migrateDatabase(dist, ingestDb.url);
    await migrateDatabase(dist, copyDb.url);
    await onDatabase(ingestDb.url, async (client) => {
      await client.query(`ALTER DATABASE ${DATABASES[0]} SET track_functions = 'pl'`);
      if (options.withoutChangeLog) await client.query('ALTER TABLE node DISABLE TRIGGER USER; ALTER TABLE edge DISABLE TRIGGER USER');
    });

    log(`load average before: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const output = execFileSync(process.execPath, [join(here, 'ingest-child.mjs'), dist, ingestDb.url, ...paths],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
    const ingest = JSON.parse(output.trim().split('\n').at(-1));
    if (ingest.failures.length > 0) log(`files with errors: ${ingest.failures.join(' | ')}`);
    if (ingest.warnings > 0) log(`${ingest.warnings} warning(s), e.g. ${ingest.firstWarnings.join(' | ')}`);

    const copy = await copyBaseline(ingestDb.url, copyDb.url);
    // Read after the COPY, when the ingest's connections have long closed and flushed their function statistics.
    const changeLog = await onDatabase(ingestDb.url, async (client) => (await client.query(CHANGE_LOG)).rows[0]);

    log('');
    log(`ingest (LocalFiles, built code): ${ingest.objects} objects in ${ingest.seconds.toFixed(1)} s = ${rate(ingest.objects, ingest.seconds)}` +
      ` (${rate(copy.nodes + copy.edges, ingest.seconds)} graph rows: ${copy.nodes} nodes, ${copy.edges} edges)`);
    log(`COPY of the same rows:          ${objects} objects in ${copy.seconds.toFixed(1)} s = ${rate(objects, copy.seconds)}` +
      ` (${rate(copy.nodes + copy.edges, copy.seconds)} graph rows)`);
    log(`ratio ingest / COPY time: ${(ingest.seconds / copy.seconds).toFixed(1)}x`);
    log(`change log: ${changeLog.changes} graph_change rows, graph version ${changeLog.version}; its trigger functions ` +
      `took ${(changeLog.ms / 1000).toFixed(2)} s in ${changeLog.calls} calls = ${(changeLog.ms / 10 / ingest.seconds).toFixed(1)}% ` +
      'of the ingest time (function time only: capturing the transition tables is not in it)');
    log(`ingest peak RSS: ${(ingest.maxRssKb / 1024).toFixed(0)} MiB (process.resourceUsage().maxRSS of the ingest process)`);
    log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    if (options.changeLogRounds > 0) {
      log('');
      await changeLogRounds({ dist, adminUrl: server.adminUrl, paths, rounds: options.changeLogRounds, here, log, onDatabase });
    }
  } finally {
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    for (const database of DATABASES) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
