// The ingest or the analysis of bench/ingest's enterprise mode, each in a process of its own with the traversal index
// off (GRAPH_TRAVERSAL_INDEX=off), so each peak RSS is that work's own (index-child.mjs keeps the index). Boots the
// application context from the build on the given database, then
// - `ingest <files>`: ingests the files through LocalFiles and reports over IPC;
// - `analyse`: reports the RSS of the booted application, waits for 'analyse', runs PostProcessing.run() of
//   @app/analysis and reports its wall time, each step's rows (StepReport.changed) and time (the sum the
//   step-durations histogram recorded for it) and the process's peak RSS;
// then exits.
// Usage (by enterprise/bench.mjs, with an IPC channel): node pipeline-child.mjs <dist> <database url> ingest|analyse [file...]
import { bootApp, ingestFiles, underDeadline } from '../ingest/ingest-app.mjs';

const [dist, url, mode, ...files] = process.argv.slice(2);
const rssKb = () => process.resourceUsage().maxRSS;
const next = () => new Promise((resolve) => process.once('message', resolve));

const app = await bootApp(dist, url, { GRAPH_TRAVERSAL_INDEX: 'off' });
if (mode === 'ingest') {
  const ingest = await ingestFiles(app, dist, files);
  process.send({ ingest: { ...ingest, maxRssKb: rssKb() } });
} else {
  process.send({ booted: { maxRssKb: rssKb() } });
  if ((await next()) === 'analyse') {
    const { PostProcessing } = await import(`${dist}/libs/analysis/src/index.js`);
    const { Metrics } = await import(`${dist}/libs/platform/src/index.js`);
    const started = process.hrtime.bigint();
    const reports = await underDeadline(dist, 'bench-analysis', () => app.get(PostProcessing).run());
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const histogram = app.get(Metrics).registry.getSingleMetric('pathwarden_analysis_step_duration_seconds');
    const sums = new Map(((await histogram?.get())?.values ?? [])
      .filter((v) => v.metricName?.endsWith('_sum')).map((v) => [v.labels.step, v.value]));
    const steps = reports.map((r) => ({ step: r.step, changed: r.changed, seconds: sums.get(r.step) }));
    process.send({ analysis: { seconds, steps, maxRssKb: rssKb() } });
  }
}
await app.close();
process.disconnect();
