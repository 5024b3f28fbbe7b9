import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { IngestWork } from '@app/ingest';
import { AppConfig, BackgroundTicks, Clock, pgErrorCode, runWithRequestContext } from '@app/platform';
import type { DatapipeStatus } from '../domain/datapipe-state.js';
import { AnalysisRunner, type AnalysisReport } from './analysis-runner.js';
import { AnalysisRequestStore, DatapipeStatusStore } from './datapipe-ports.js';

/** What one tick did. */
export interface TickReport {
  /** Upload jobs timed out for lack of uploads. */
  timedOut: number;
  /** Stored uploads ingested by this tick. */
  processed: number;
  /** Upload jobs analysed and finished by this tick. */
  jobs: number[];
  /** The analysis this tick ran, if any. */
  analysis: 'succeeded' | 'failed' | null;
}

/** Deadline of one background pass (ingest and analysis): long, as ingesting a large upload may take hours. */
export const DATAPIPE_DEADLINE_MS = 12 * 60 * 60 * 1000;

/** SQLSTATEs of an analysis worth running once more: a deadlock, a serialization failure. */
const RETRYABLE_ANALYSIS_ERRORS = new Set(['40P01', '40001']);

/**
 * The datapipe: a tick every DATAPIPE_INTERVAL seconds on each instance (tests call `tick()` by hand): time out
 * idle upload jobs, drain the ingest task queue (IngestWork), then analyse when upload jobs are waiting for it,
 * collection clients uploaded data, or an analysis was requested (PUT /api/v2/analysis); then finish the jobs.
 * Keeps the status GET /api/v2/datapipe/status reports.
 *
 * On one instance, passes never overlap: ticks, `analyze()` and `ingest()` (CLI, sample data) run one after the
 * other, and a background tick is skipped while the previous one runs. Across instances, the task queue hands
 * each task to one instance and AnalysisRunner serialises analyses.
 */
@Injectable()
export class Datapipe implements OnModuleDestroy {
  private readonly logger = new Logger('Datapipe');
  private readonly ticks = new BackgroundTicks(this.logger, () => this.tick(), (report: TickReport) =>
    report.processed > 0 || report.analysis || report.timedOut > 0
      ? `tick: ${report.processed} uploads ingested, ${report.timedOut} jobs timed out, analysis ${report.analysis ?? 'not needed'}`
      : undefined);
  /** The tail of this instance's passes: each pass starts when the previous one has settled. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ingestWork: IngestWork,
    private readonly runner: AnalysisRunner,
    private readonly status: DatapipeStatusStore,
    private readonly requests: AnalysisRequestStore,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Starts the background ticks (the API server does, once it listens; the CLI does not: a one-shot command must
   * not take uploads from the queue). No ticks when DATAPIPE_INTERVAL is 0. Either way the status is reset to idle:
   * a crashed pass may have left it ingesting or analyzing.
   */
  startBackground(): void {
    if (this.ticks.started) return;
    void this.exclusive(() => this.status.resetToIdle(this.clock.now())).catch((error: unknown) =>
      this.logger.warn(`could not reset the datapipe status: ${messageOf(error)}`));
    this.ticks.start(this.config.ingest.datapipeIntervalSeconds);
  }

  async onModuleDestroy(): Promise<void> {
    await this.ticks.stop();
    // Let a pass in flight (CLI, sample data) finish before the database connections close under it.
    await this.tail.catch(() => undefined);
  }

  /** One pass: time-outs, ingest, then analysis when something asks for it. */
  tick(): Promise<TickReport> {
    return this.exclusive(() => this.pass());
  }

  /** An analysis now (CLI `analyze`, sample data), as a datapipe pass: the status says analyzing meanwhile. Throws if it fails. */
  analyze(): Promise<AnalysisReport> {
    return this.exclusive(async () => {
      let outcome;
      try {
        outcome = await this.analyse();
      } finally {
        await this.setStatus('idle');
      }
      if ('error' in outcome) throw outcome.error;
      return outcome.report;
    });
  }

  /** Runs ingest work of this process (CLI, sample data) as a datapipe pass: the status says ingesting meanwhile. */
  ingest<T>(work: () => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      await this.setStatus('ingesting');
      try {
        return await work();
      } finally {
        await this.setStatus('idle');
      }
    });
  }

  /**
   * Time-outs, ingest, then the analysis. Jobs claimed for analysis are always finished by this pass (failed when
   * it broke before the analysis had an outcome); the status is idle once it ends, whatever happened.
   */
  private async pass(): Promise<TickReport> {
    const report: TickReport = { timedOut: 0, processed: 0, jobs: [], analysis: null };
    let fromClients = 0;
    let changed = false;
    try {
      report.timedOut = await this.ingestWork.timeOutIdleJobs();
      if (await this.ingestWork.busy()) {
        changed = true;
        await this.setStatus('ingesting');
        const drained = await this.ingestWork.drain();
        report.processed = drained.processed;
        fromClients = drained.fromClients;
      }
      // Taken whatever else asks for an analysis: the one below answers the request too. Taken before the jobs are
      // claimed, so nothing that may fail stands between their claim and the analysis.
      const requested = await this.requests.take();
      report.jobs = await this.ingestWork.claimJobsForAnalysis();
      let analysis: 'succeeded' | 'failed' = 'failed';
      try {
        if (report.jobs.length > 0 || fromClients > 0 || requested) {
          changed = true;
          const outcome = await this.analyse();
          analysis = 'error' in outcome ? 'failed' : 'succeeded';
          report.analysis = analysis;
        }
      } finally {
        if (report.jobs.length > 0) await this.ingestWork.finishJobs(report.jobs, analysis);
      }
    } finally {
      // A pass that changed nothing still settles a status a crashed pass (or instance) left behind.
      if (changed) await this.setStatus('idle');
      else await this.status.resetToIdle(this.clock.now());
    }
    return report;
  }

  /** Runs the analysis with the status and timestamps around it; its failure is the outcome, never thrown. */
  private async analyse(): Promise<{ report: AnalysisReport } | { error: unknown }> {
    const startedAt = this.clock.now();
    await this.status.set('analyzing', startedAt);
    let outcome: { report: AnalysisReport } | { error: unknown };
    try {
      outcome = { report: await this.runAnalysis() };
    } catch (error) {
      this.logger.error(`analysis failed: ${messageOf(error)}`, (error as Error)?.stack);
      outcome = { error };
    }
    await this.status.recordAnalysis(startedAt, this.clock.now(), !('error' in outcome));
    return outcome;
  }

  /** The analysis, run once more when it lost a deadlock or a serialization conflict (transient by nature). */
  private async runAnalysis(): Promise<AnalysisReport> {
    try {
      return await this.runner.run();
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === undefined || !RETRYABLE_ANALYSIS_ERRORS.has(code)) throw error;
      this.logger.warn(`analysis failed with SQLSTATE ${code} (${messageOf(error)}): running it again`);
      return this.runner.run();
    }
  }

  private setStatus(status: DatapipeStatus): Promise<void> {
    return this.status.set(status, this.clock.now());
  }

  /** Runs `work` after every earlier pass of this instance, under the background deadline. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const context = { requestId: 'datapipe', deadline: Date.now() + DATAPIPE_DEADLINE_MS };
    const run = this.tail.catch(() => undefined).then(() => runWithRequestContext(context, work));
    this.tail = run;
    return run;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
