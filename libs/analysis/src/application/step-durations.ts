import type { Histogram, Metrics } from '@app/platform';

/** Bucket bounds of a step's duration, in seconds: a step on a small graph takes milliseconds, on a large one minutes. */
const STEP_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600];

/**
 * `pathwarden_analysis_step_duration_seconds{step}`: each post-processing step by its name (`DCSync`, `ADCSESC1`,
 * ...), then the `TagEvaluation` and `Posture` phases of the analysis.
 */
export function analysisStepDurations(metrics: Metrics): Histogram<'step'> {
  return metrics.histogram('pathwarden_analysis_step_duration_seconds', 'Time an analysis step took', ['step'], STEP_BUCKETS);
}

/** Runs `work` and records how long it took under `step` (only when it succeeds: a failed step's time says little). */
export async function timed<T>(durations: Histogram<'step'>, step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  durations.observe({ step }, (performance.now() - started) / 1000);
  return result;
}
