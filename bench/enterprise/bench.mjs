// The enterprise mode of bench:ingest (bench/ingest/run.mjs --enterprise). For each variant of the enterprise
// directory (directory.mjs): writes its files, ingests them through LocalFiles in a child with the traversal index off
// (pipeline-child.mjs), builds the index in another child (index-child.mjs) on the ingested graph, runs the analysis
// (PostProcessing.run()) in a third child with its own index (as the server runs it: group expansion walks the
// index), and prints each step's time and rows, then has the index child catch up with what the analysis changed.
// Peak RSS is printed per process: the ingest's, the analysis's (the RSS with the index built, then the peak during
// the analysis: what analysis adds outside the index) and the index's. Then reconciliation with a newer collection of
// the same directory (reconcileBench) and the CLI's backup and restore of the whole database (backupBench), after the
// entity panels' heaviest lists (entitiesBench). Ends with
// dense/shallow end to end (ingest + analysis) and analysis/ingest.
// Each variant gets a fresh database `pathwarden_bench_enterprise` (change-log triggers on, as in the service),
// dropped after it.
import pg from 'pg';
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, migrateDatabase, prepareDatabase } from '../graph/load.mjs';
import { writeEnterpriseFiles } from './directory.mjs';

const DATABASE = 'pathwarden_bench_enterprise';
const here = dirname(fileURLToPath(import.meta.url));
const mib = (kb) => `${(kb / 1024).toFixed(0)} MiB`;
const indexMib = (bytes) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const rate = (n, seconds) => `${Math.round(n / seconds).toLocaleString('en-US')}/s`;
const count = (n) => Number(n).toLocaleString('en-US');
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** A child with an IPC channel; `receive(key)` resolves to the next message's `key`, rejects if the child dies. */
function child(script, args, execArgv = []) {
  const proc = fork(join(here, script), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv });
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  const receive = (key) => new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (!(key in message)) return;
      proc.off('exit', onExit);
      proc.off('message', onMessage);
      resolve(message[key]);
    };
    const onExit = (code) => reject(new Error(`${script} exited (${code}) before sending "${key}"`));
    proc.on('message', onMessage);
    proc.once('exit', onExit);
  });
  return { send: (message) => proc.send(message), receive, exited, kill: () => proc.kill() };
}

async function graphRows(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('SELECT (SELECT count(*) FROM node)::int AS nodes, (SELECT count(*) FROM edge)::int AS edges');
  await client.end();
  return rows[0];
}

async function runVariant({ variant, scale, seed, dist, adminUrl, log }) {
  log(`== enterprise directory, ${variant} variant, scale ${scale}, seed ${seed}`);
  const folder = mkdtempSync(join(tmpdir(), 'pathwarden-bench-enterprise-'));
  const children = [];
  try {
    let started = performance.now();
    const { paths, objects, counts: c } = writeEnterpriseFiles({ variant, scale, seed }, folder);
    const bytes = paths.reduce((sum, path) => sum + statSync(path).size, 0);
    log(`wrote ${count(objects)} objects (${count(c.users)} users, ${count(c.computers)} computers, ${count(c.groups)} groups ` +
      `in ${c.nestingPerGroup.toFixed(2)} others on average, ${c.cycles} nesting cycles; ${count(c.memberships)} user and ` +
      `computer memberships, ${count(c.aces)} ACEs, ${count(c.sessions)} sessions, ${count(c.localGroupMembers)} local-group ` +
      `members, ${c.templates} templates, ${c.enterpriseCas} enterprise CAs) as ${paths.length} files, ` +
      `${(bytes / 1024 ** 2).toFixed(1)} MiB, in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const { url } = await prepareDatabase(adminUrl, `pathwarden enterprise bench (${variant})`, false, DATABASE);
    await migrateDatabase(dist, url);
    log(`load average before: ${load()}`);
    const ingesting = child('pipeline-child.mjs', [dist, url, 'ingest', ...paths]);
    children.push(ingesting);
    const ingest = await ingesting.receive('ingest');
    await ingesting.exited;
    if (ingest.failures.length > 0) log(`files with errors: ${ingest.failures.join(' | ')}`);
    if (ingest.warnings > 0) log(`${ingest.warnings} warning(s), e.g. ${ingest.firstWarnings.join(' | ')}`);
    const rows = await graphRows(url);
    log(`ingest (LocalFiles, built code): ${count(ingest.objects)} objects in ${ingest.seconds.toFixed(1)} s = ` +
      `${rate(ingest.objects, ingest.seconds)} (${rate(rows.nodes + rows.edges, ingest.seconds)} graph rows: ` +
      `${count(rows.nodes)} nodes, ${count(rows.edges)} edges)`);

    const analysing = child('pipeline-child.mjs', [dist, url, 'analyse'], ['--expose-gc']);
    children.push(analysing);
    const booted = await analysing.receive('booted');
    const index = child('index-child.mjs', [dist, url]);
    children.push(index);
    const built = await index.receive('built');
    log(`traversal index built on the ingested graph (index process): ${count(built.last_build_ms)} ms, ` +
      `${count(built.nodes)} nodes, ${count(built.edges)} edges, ${indexMib(built.bytes)}`);

    analysing.send('analyse');
    const analysis = await analysing.receive('analysis');
    await analysing.exited;
    log(`analysis (PostProcessing.run(), built code): ${analysis.seconds.toFixed(1)} s; by step (time, rows created or ` +
      `changed, its peak RSS over the RSS before the analysis):`);
    const width = Math.max(...analysis.steps.map((s) => s.step.length));
    for (const s of analysis.steps) {
      const peak = s.peakKb === undefined ? '' : `  peak ${mib(s.peakKb - analysis.beforeKb)} over the start`;
      log(`  ${s.step.padEnd(width)} ${(s.seconds ?? NaN).toFixed(3).padStart(9)} s ${count(s.changed).padStart(11)}${peak}`);
    }

    index.send('catch-up');
    const caught = await index.receive('caughtUp');
    index.send('exit');
    await index.exited;
    const how = caught.rebuilt
      ? `rebuilt in ${count(caught.last_build_ms)} ms (more changed ids than the keeper applies one by one)`
      : `caught up from the change log in ${count(caught.last_catch_up_ms)} ms`;
    log(`traversal index after the analysis: ${how}; ${count(caught.pending)} changed ids, ` +
      `waited ${count(caught.waitedMs)} ms; now ${count(caught.edges)} edges, ${indexMib(caught.bytes)}`);
    log(`peak RSS: ingest process (index off) ${mib(ingest.maxRssKb)}; analysis process (index on, as the server runs ` +
      `it; group expansion read ${analysis.membership ?? 'no MemberOf graph'}): booted application ${mib(booted.maxRssKb)}, ` +
      `${mib(analysis.beforeKb)} with the index built (${indexMib(booted.indexBytes)}), peak during the analysis ` +
      `${mib(analysis.peakKb)}${analysis.peakReset ? '' : ' (process peak: the peak could not be reset)'}: ` +
      `**analysis adds ${mib(analysis.peakKb - analysis.beforeKb)}** outside the index; index process: peak ${mib(caught.maxRssKb)}`);
    await entitiesBench({ url, dist, children, log });
    const reconciled = await reconcileBench({ url, dist, scopes: ingest.scopes, children, log });
    await backupBench({ url, dist, children, log });
    log(`load average after: ${load()}`);
    return { variant, objects, ingest: ingest.seconds, analysis: analysis.seconds, reconcile: reconciled.seconds };
  } finally {
    for (const c of children) c.kill();
    await dropDatabase(adminUrl, DATABASE);
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The entity panels (issue 19) at the directory's size: a page of each heavy list, and the domain's every count. */
async function entitiesBench({ url, dist, children, log }) {
  const entities = child('pipeline-child.mjs', [dist, url, 'entities']);
  children.push(entities);
  const result = await entities.receive('entities');
  await entities.exited;
  for (const f of result.figures) {
    log(`entity panel ${f.route.padEnd(34)} ${f.ms.toFixed(1).padStart(9)} ms median of 5  (${count(f.count)} ${f.route.endsWith('count)') ? 'counts' : 'in the list'})`);
  }
  log(`entity panels: traversal index ${result.memorySteps}; peak RSS ${mib(result.maxRssKb)}`);
}

/**
 * Reconciliation at the directory's size (issue 18): a newer collection of the same directory in which 1% of the
 * memberships, sessions and ACEs and 0.5% of the computers are gone. Rather than writing and ingesting every file a
 * second time (the ingest figure above is that cost), the graph is made to look as it does after such an ingest:
 * every stamp moved to just after the first ingest began, except on the chosen rows. Then the reconciler runs with the
 * ingest's own file scopes in a child of its own, and every chosen row must be gone.
 */
async function reconcileBench({ url, dist, scopes, children, log }) {
  const since = scopes.map((s) => s.seenAt).sort()[0];
  const newer = new Date(Date.parse(since) + 1000).toISOString();
  const old = '2000-01-01T00:00:00.000Z';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let chosen;
  try {
    const started = performance.now();
    await client.query(`UPDATE node SET properties = properties || jsonb_build_object('lastseen', $1::text, 'lastcollected', $1::text)
      WHERE properties ? 'lastcollected'`, [newer]);
    await client.query(`UPDATE edge SET properties = properties || jsonb_build_object('lastseen', $1::text) WHERE properties ? 'lastseen'`, [newer]);
    const kinds = `(SELECT id FROM kind WHERE name = ANY($2::text[]))`;
    const edges = await client.query(`WITH chosen AS (UPDATE edge SET properties = properties || jsonb_build_object('lastseen', $1::text)
        WHERE kind_id IN ${kinds} AND id % 100 = 7 AND NOT properties @> '{"isprimarygroup": true}' RETURNING 1) SELECT count(*)::int AS n FROM chosen`,
      [old, ['MemberOf', 'HasSession', 'GenericAll', 'GenericWrite', 'WriteDacl', 'WriteOwnerRaw', 'OwnsRaw', 'AddMember', 'ForceChangePassword']]);
    const nodes = await client.query(`WITH chosen AS (UPDATE node SET properties = properties || jsonb_build_object('lastcollected', $1::text)
        WHERE kind_ids @> ARRAY[(SELECT id FROM kind WHERE name = 'Computer')]::int2[] AND id % 200 = 3 RETURNING 1)
      SELECT count(*)::int AS n FROM chosen`, [old]);
    await client.query('VACUUM ANALYZE node');
    await client.query('VACUUM ANALYZE edge');
    chosen = { edges: edges.rows[0].n, objects: nodes.rows[0].n };
    log(`reconciliation: a newer collection without ${count(chosen.edges)} memberships, sessions and ACEs and ` +
      `${count(chosen.objects)} computers (stamps rewritten in ${((performance.now() - started) / 1000).toFixed(1)} s, not measured)`);
  } finally {
    await client.end();
  }
  const reconciling = child('pipeline-child.mjs', [dist, url, 'reconcile']);
  children.push(reconciling);
  const booted = await reconciling.receive('booted');
  reconciling.send(scopes);
  const result = await reconciling.receive('reconciled');
  await reconciling.exited;
  const left = new pg.Client({ connectionString: url });
  await left.connect();
  const { rows } = await left.query(`SELECT (SELECT count(*) FROM edge WHERE properties ->> 'lastseen' = $1)::int AS edges,
    (SELECT count(*) FROM node WHERE properties ->> 'lastcollected' = $1)::int AS objects`, [old]);
  await left.end();
  log(`reconciliation (CollectionReconciler, built code): ${result.seconds.toFixed(1)} s; removed ${count(result.objects)} objects ` +
    `and ${count(result.edges)} edges (their own edges went with the objects); chosen rows left: ${rows[0].edges} edges, ` +
    `${rows[0].objects} objects; peak RSS ${mib(result.peakKb)}, ${mib(result.peakKb - result.beforeKb)} over the booted ` +
    `application (${mib(booted.maxRssKb)})`);
  if (rows[0].edges + rows[0].objects > 0) throw new Error('reconciliation left rows a newer collection no longer reports');
  return result;
}

/** The CLI's backup of the whole database, then its restore over the same database; the graph must come back whole. */
async function backupBench({ url, dist, children, log }) {
  const before = await graphRows(url);
  const folder = join(mkdtempSync(join(tmpdir(), 'pathwarden-bench-backup-')), 'backup');
  try {
    const backingUp = child('pipeline-child.mjs', [dist, url, 'backup', folder]);
    children.push(backingUp);
    const result = await backingUp.receive('backup');
    await backingUp.exited;
    const bytes = readdirSync(folder).reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
    const after = await graphRows(url);
    log(`backup (the CLI's, built code): ${count(result.rows)} rows of ${result.tables} tables in ${result.backupSeconds.toFixed(1)} s, ` +
      `${(bytes / 1024 ** 2).toFixed(1)} MiB gzip'd; restore over the same database ${result.restoreSeconds.toFixed(1)} s; ` +
      `graph after: ${count(after.nodes)} nodes, ${count(after.edges)} edges (before: ${count(before.nodes)}, ${count(before.edges)}); ` +
      `peak RSS ${mib(result.maxRssKb)}`);
    if (after.nodes !== before.nodes || after.edges !== before.edges) throw new Error('the restore did not bring the graph back whole');
  } finally {
    rmSync(join(folder, '..'), { recursive: true, force: true });
  }
}

/** Runs the variants ('dense', 'shallow') in turn on `adminUrl`'s server; prints as it goes, then the summary. */
export async function runEnterpriseBench({ variants, scale, seed, dist, adminUrl, log = console.log }) {
  const results = [];
  for (const variant of variants) {
    results.push(await runVariant({ variant, scale, seed, dist, adminUrl, log }));
    log('');
  }
  const line = (r) => `${r.variant} ${(r.ingest + r.analysis).toFixed(1)} s (ingest ${r.ingest.toFixed(1)} s + analysis ` +
    `${r.analysis.toFixed(1)} s, analysis/ingest ${(r.analysis / r.ingest).toFixed(2)}; reconciliation ${r.reconcile.toFixed(1)} s, ` +
    `reconciliation/ingest ${(r.reconcile / r.ingest).toFixed(2)})`;
  log(`summary, end to end = ingest + analysis: ${results.map(line).join('; ')}`);
  const dense = results.find((r) => r.variant === 'dense');
  const shallow = results.find((r) => r.variant === 'shallow');
  if (dense && shallow) {
    log(`dense / shallow end to end: ${((dense.ingest + dense.analysis) / (shallow.ingest + shallow.analysis)).toFixed(2)}x ` +
      `(analysis alone ${(dense.analysis / shallow.analysis).toFixed(2)}x)`);
  }
}
