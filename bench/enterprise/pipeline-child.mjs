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
// then exits.
// Usage (by enterprise/bench.mjs, with an IPC channel): node pipeline-child.mjs <dist> <database url> ingest|analyse|reconcile|backup [file...]
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
