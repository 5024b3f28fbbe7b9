// The ingest or the analysis of bench/ingest's enterprise mode, each in a process of its own, so each peak RSS is
// that work's own. Boots the application context from the build on the given database, then
// - `ingest <files>`: with the traversal index off (GRAPH_TRAVERSAL_INDEX=off; index-child.mjs keeps one), ingests
//   the files through LocalFiles and reports over IPC;
// - `analyse`: as the server runs it, with the traversal index on: builds the index, reports the booted
//   application's peak RSS, the RSS with the index built (after a full GC) and the index's size, waits for 'analyse', resets the peak
//   (Linux: /proc/self/clear_refs), runs PostProcessing.run() of @app/analysis (group expansion walks the index)
//   and reports its wall time, each step's rows (StepReport.changed) and time (the sum the step-durations histogram
//   recorded for it), the RSS peak during it and where its MemberOf graph came from;
// - `reconcile`: waits for the file scopes of the ingest (IPC), resets the peak and reconciles the graph with them as
//   the datapipe does before an analysis (CollectionReconciler.reconcileFiles); reports its time, what it removed
//   and its peak RSS over the booted application;
// - `backup <folder>`: backs the whole database up into the folder (the CLI's `backup`), then restores it over itself
//   (the CLI's `restore`); reports both times, the rows and the peak RSS;
// - `entities`: with the traversal index built, times the entity panels (EntityLists, as the endpoints run them): a
//   page of each heaviest list (the domain's users, the largest group's members, the domain's controllers, ...) and
//   the domain's info with every count; reports each median over a few runs and the peak RSS;
// then exits.
// Usage (by enterprise/bench.mjs, with an IPC channel): node pipeline-child.mjs <dist> <database url> ingest|analyse|reconcile|backup|entities [file...]
import { readFileSync, writeFileSync } from 'node:fs';
import { bootApp, ingestFiles, underDeadline } from '../ingest/ingest-app.mjs';

const [dist, url, mode, ...files] = process.argv.slice(2);
const rssKb = () => process.resourceUsage().maxRSS;
const next = () => new Promise((resolve) => process.once('message', resolve));

/** VmRSS or VmHWM of this process in KiB, from /proc (undefined where there is none). */
function procKb(field) {
  try {
    const line = readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Resets VmHWM to the current RSS (Linux 4.0+); false where it cannot. */
function resetPeak() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

const app = await bootApp(dist, url, mode === 'ingest' ? { GRAPH_TRAVERSAL_INDEX: 'off' } : {});
if (mode === 'ingest') {
  const ingest = await ingestFiles(app, dist, files);
  process.send({ ingest: { ...ingest, maxRssKb: rssKb() } });
} else if (mode === 'backup') {
  const { backupDatabase, restoreDatabase, Database } = await import(`${dist}/libs/platform/src/index.js`);
  const dataSource = app.get(Database).dataSource;
  let started = process.hrtime.bigint();
  const manifest = await backupDatabase(dataSource, files[0], new Date());
  const backupSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  started = process.hrtime.bigint();
  await restoreDatabase(dataSource, files[0]);
  const restoreSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  process.send({ backup: { backupSeconds, restoreSeconds, tables: manifest.tables.length, rows, maxRssKb: rssKb() } });
} else if (mode === 'entities') {
  const { ENTITY_TYPES, EntityLists, TraversalIndexKeeper } = await import(`${dist}/libs/graph/src/index.js`);
  const { Database } = await import(`${dist}/libs/platform/src/index.js`);
  const keeper = app.get(TraversalIndexKeeper);
  keeper.startBackground();
  await keeper.settled();
  const database = app.get(Database);
  const pick = async (text) => (await database.dataSource.query(text))[0]?.id;
  const kind = (name) => `(SELECT id FROM kind WHERE name = '${name}')`;
  const domain = await pick(`SELECT n.properties ->> 'objectid' AS id FROM node n WHERE n.kind_ids @> ARRAY[${kind('Domain')}]::int2[]
    ORDER BY (SELECT count(*) FROM node u WHERE u.properties ->> 'domainsid' = n.properties ->> 'domainsid') DESC LIMIT 1`);
  const group = await pick(`SELECT g.properties ->> 'objectid' AS id FROM edge e JOIN node g ON g.id = e.end_id
    WHERE e.kind_id = ${kind('MemberOf')} GROUP BY g.id ORDER BY count(*) DESC LIMIT 1`);
  const user = await pick(`SELECT u.properties ->> 'objectid' AS id FROM edge e JOIN node u ON u.id = e.start_id
    WHERE e.kind_id = ${kind('MemberOf')} AND u.kind_ids @> ARRAY[${kind('User')}]::int2[] GROUP BY u.id ORDER BY count(*) DESC LIMIT 1`);
  const computer = await pick(`SELECT c.properties ->> 'objectid' AS id FROM edge e JOIN node c ON c.id = e.end_id
    WHERE e.kind_id = ${kind('AdminTo')} GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`);
  const lists = app.get(EntityLists);
  const type = (path) => ENTITY_TYPES.find((t) => t.path === path);
  const median = async (work) => {
    const times = [];
    let result;
    for (let run = 0; run < 5; run++) {
      const started = process.hrtime.bigint();
      result = await underDeadline(dist, 'bench-entities', work);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return { ms: times.sort((a, b) => a - b)[2], result };
  };
  const page = { skip: 0, limit: 10, sort: [], graph: false };
  const figures = [];
  for (const [typePath, listPath, objectId] of [
    ['domains', 'users', domain], ['domains', 'computers', domain], ['domains', 'controllers', domain],
    ['domains', 'foreign-users', domain], ['groups', 'members', group], ['groups', 'controllers', group],
    ['users', 'memberships', user], ['users', 'admin-rights', user], ['users', 'controllables', user],
    ['computers', 'admin-users', computer], ['computers', 'controllers', computer],
  ]) {
    if (!objectId) continue;
    const list = type(typePath).lists.find((l) => l.path === listPath);
    const { ms, result } = await median(() => lists.page(type(typePath), list, objectId, page));
    figures.push({ route: `${typePath}/{id}/${listPath}`, ms, count: result.count });
  }
  if (domain) {
    const { ms, result } = await median(() => lists.info(type('domains'), domain, true));
    figures.push({ route: 'domains/{id} (every count)', ms, count: Object.keys(result.counts).length });
  }
  process.send({ entities: { figures, memorySteps: keeper.status().state, maxRssKb: rssKb() } });
} else if (mode === 'reconcile') {
  const { CollectionReconciler } = await import(`${dist}/libs/ingest/src/index.js`);
  process.send({ booted: { maxRssKb: rssKb() } });
  const scopes = await next();
  const beforeKb = procKb('VmRSS');
  const reset = resetPeak();
  const started = process.hrtime.bigint();
  const summary = await underDeadline(dist, 'bench-reconcile', () => app.get(CollectionReconciler).reconcileFiles('bench', scopes));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.send({ reconciled: { ...summary, seconds, beforeKb, peakKb: reset ? procKb('VmHWM') : rssKb() } });
} else {
  const bootedKb = rssKb();
  const { TraversalIndexKeeper } = await import(`${dist}/libs/graph/src/index.js`);
  const keeper = app.get(TraversalIndexKeeper);
  keeper.startBackground();
  await keeper.settled();
  const indexBytes = keeper.status().bytes ?? 0;
  // What the build left as garbage goes first (--expose-gc), so the peak during the analysis is measured from the
  // application and its index, not from a heap the build had grown.
  for (let k = 0; k < 3; k++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.send({ booted: { maxRssKb: bootedKb, withIndexKb: procKb('VmRSS'), indexBytes } });
  if ((await next()) === 'analyse') {
    const { PostProcessing } = await import(`${dist}/libs/analysis/src/index.js`);
    const { Metrics } = await import(`${dist}/libs/platform/src/index.js`);
    const logs = [];
    const { Logger } = await import('@nestjs/common');
    const log = Logger.prototype.log;
    // Each step's own peak: read at its log line, then reset for the next step.
    const stepPeaks = [];
    Logger.prototype.log = function (message, ...rest) {
      if (message?.source) logs.push(message.source);
      if (message?.step && reset) {
        stepPeaks.push({ step: message.step, peakKb: procKb('VmHWM') });
        resetPeak();
      }
      return log.call(this, message, ...rest);
    };
    const beforeKb = procKb('VmRSS');
    const reset = resetPeak();
    const started = process.hrtime.bigint();
    const reports = await underDeadline(dist, 'bench-analysis', () => app.get(PostProcessing).run());
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const peakKb = reset ? Math.max(procKb('VmHWM'), ...stepPeaks.map((p) => p.peakKb)) : rssKb();
    const histogram = app.get(Metrics).registry.getSingleMetric('pathwarden_analysis_step_duration_seconds');
    const sums = new Map(((await histogram?.get())?.values ?? [])
      .filter((v) => v.metricName?.endsWith('_sum')).map((v) => [v.labels.step, v.value]));
    const peaks = new Map(stepPeaks.map((p) => [p.step, p.peakKb]));
    const steps = reports.map((r) => ({ step: r.step, changed: r.changed, seconds: sums.get(r.step), peakKb: peaks.get(r.step) }));
    process.send({ analysis: { seconds, steps, beforeKb, peakKb, peakReset: reset, maxRssKb: rssKb(), membership: logs[0] } });
  }
}
await app.close();
process.disconnect();
