import { Injectable, Logger } from '@nestjs/common';
import { TagEvaluation, TIER_ZERO_TAG_ID } from '@app/asset-groups';
import { PostureWriter } from '@app/posture';
import { Metrics, pgErrorCode, runWithRequestContext, type Histogram } from '@app/platform';
import { AnalysisLock } from './datapipe-ports.js';
import { PostProcessing, PostureCalculator, type StepReport } from './ports.js';
import { analysisStepDurations, timed } from './step-durations.js';

export interface AnalysisReport {
  steps: StepReport[];
  /** Tags evaluated (TagEvaluation.evaluateAll). */
  tags: number;
  /** Posture rows written. */
  postureRows: number;
}

/** What an analysis came to: its report, or the error it failed with. */
export type AnalysisOutcome = { report: AnalysisReport } | { error: unknown };

/**
 * Deadline of one analysis, lock wait included. Analysis runs in the background, never under a request's deadline;
 * this only stops a run that hangs.
 */
export const ANALYSIS_DEADLINE_MS = 6 * 60 * 60 * 1000;

/** SQLSTATEs of an analysis worth running once more: a deadlock, a serialization failure. */
const RETRYABLE_ANALYSIS_ERRORS = new Set(['40P01', '40001']);

/**
 * One analysis: post-processing (PostProcessing.run), then every tag's selectors (TagEvaluation.evaluateAll:
 * Tier Zero and the rest), then posture rows (PostureCalculator → PostureWriter). One analysis at a time across
 * instances (AnalysisLock): a second caller waits for the first and then analyses again, so data ingested while
 * the first ran is analysed too. The caller settles the outcome before the lock is released (see `run`).
 */
@Injectable()
export class AnalysisRunner {
  private readonly logger = new Logger('Analysis');
  /** Post-processing times its own steps; the runner adds the phases after it. */
  private readonly durations: Histogram<'step'>;

  constructor(
    private readonly lock: AnalysisLock,
    private readonly postProcessing: PostProcessing,
    private readonly tags: TagEvaluation,
    private readonly posture: PostureCalculator,
    private readonly writer: PostureWriter,
    metrics: Metrics,
  ) {
    this.durations = analysisStepDurations(metrics);
  }

  /**
   * Runs one analysis holding the lock, then `settle` with its outcome, still holding it: the caller finishes what
   * waited for the analysis (its upload jobs, the status row) before any other instance may take that over (an
   * Analyzing job is taken over only while nobody holds the lock). A failed analysis is the outcome, never thrown;
   * `run` answers what `settle` answers or throws. An analysis that lost a deadlock or a serialization conflict
   * (transient by nature) runs once more first, the lock still held.
   */
  run<T>(settle: (outcome: AnalysisOutcome) => Promise<T>, prepare?: () => Promise<void>): Promise<T> {
    const context = { requestId: 'analysis', deadline: Date.now() + ANALYSIS_DEADLINE_MS };
    return runWithRequestContext(context, () => this.lock.exclusively(async () => settle(await this.outcome(prepare))));
  }

  /** `prepare` (the graph's upkeep before analysis) runs first, under the lock; failing, it fails the analysis. */
  private async outcome(prepare?: () => Promise<void>): Promise<AnalysisOutcome> {
    try {
      await prepare?.();
      return { report: await this.analyse() };
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === undefined || !RETRYABLE_ANALYSIS_ERRORS.has(code)) return { error };
      this.logger.warn(`analysis failed with SQLSTATE ${code} (${(error as Error).message}): running it again`);
    }
    try {
      await prepare?.();
      return { report: await this.analyse() };
    } catch (error) {
      return { error };
    }
  }

  private async analyse(): Promise<AnalysisReport> {
    const started = performance.now();
    const steps = await this.postProcessing.run();
    const evaluation = await timed(this.durations, 'TagEvaluation', () => this.tags.evaluateAll());
    const failed = evaluation.selectors.filter((selector) => selector.error !== null);
    // A failing selector keeps its previous members (TagEvaluation); the analysis itself goes on.
    for (const selector of failed) this.logger.warn(`selector ${selector.id} of tag ${selector.tagId} failed: ${selector.error}`);
    const rows = await timed(this.durations, 'Posture', async () => {
      const computed = await this.posture.compute(TIER_ZERO_TAG_ID);
      await this.writer.record(computed);
      return computed;
    });
    const changed = steps.reduce((sum, step) => sum + step.changed, 0);
    this.logger.log(
      `analysis done in ${Math.round(performance.now() - started)} ms: ${changed} rows from post-processing, ` +
        `${evaluation.tags.length} tags evaluated, ${rows.length} posture rows`,
    );
    return { steps, tags: evaluation.tags.length, postureRows: rows.length };
  }
}
