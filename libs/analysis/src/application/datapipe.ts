import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { IngestWork } from '@app/ingest';
import { AppConfig, BackgroundTicks, Clock, pgErrorCode, runUncancellable, runWithRequestContext } from '@app/platform';
import type { AnalysisRequest, DatapipeStatus } from '../domain/datapipe-state.js';
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

/** Deadline of what a pass settles once its work ended (jobs finished, status), even while the service stops. */
const SETTLE_DEADLINE_MS = 30_000;

/** Who asked for the analysis a stopping instance hands on (the request row's requested_by). */
export const HANDED_ON_BY = 'datapipe';

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
 *
 * When the service stops, the pass in flight is abandoned, not awaited to its end: its database work is cancelled
 * (the pass's signal), the task it was ingesting goes back to the queue, its Analyzing jobs stay for the next
 * instance to take over (nobody holds the analysis lock any more), and an analysis it owed (a request, client
 * uploads) is requested again. `ingest()` of this process's own files (sample data) is finished instead.
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
  /** Aborted when the service stops: the signal of every pass. */
  private readonly stopper = new AbortController();

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
    void this.exclusive(() => this.settle(() => this.status.resetToIdle(this.clock.now()))).catch((error: unknown) =>
      this.logger.warn(`could not reset the datapipe status: ${messageOf(error)}`));
    this.ticks.start(this.config.ingest.datapipeIntervalSeconds);
  }

  /** Abandons the pass in flight and waits until it has handed back what it held, before the connections close. */
  async onModuleDestroy(): Promise<void> {
    this.stopper.abort(new Error('the service is stopping'));
    await this.ticks.stop();
    await this.tail.catch(() => undefined);
  }

  /** True once the service is stopping: the pass in flight is being abandoned. */
  get stopping(): boolean {
    return this.stopper.signal.aborted;
  }

  /** One pass: time-outs, ingest, then analysis when something asks for it. */
  tick(): Promise<TickReport> {
    return this.exclusive(() => this.pass());
  }

  /**
   * An analysis now (CLI `analyze`, sample data), as a datapipe pass: the status says analyzing meanwhile. Throws if
   * it fails, and if the service stops first (the analysis is then requested again, for the next instance).
   */
  analyze(): Promise<AnalysisReport> {
    return this.exclusive(async () => {
      let outcome: { report: AnalysisReport } | { error: unknown } | undefined;
      try {
        outcome = await this.analyse();
      } finally {
        await this.settle(async () => {
          if (this.stopping && outcome === undefined) await this.requests.request(this.handedOn());
          await this.setStatus('idle');
        });
      }
      if ('error' in outcome) throw outcome.error;
      return outcome.report;
    });
  }

  /**
   * Runs ingest work of this process (CLI, sample data) as a datapipe pass: the status says ingesting meanwhile.
   * Never cancelled once started (nothing else would ingest these files again); refused once the service stops.
   */
  ingest<T>(work: () => Promise<T>): Promise<T> {
    return this.exclusive(() => this.settle(async () => {
      this.stopper.signal.throwIfAborted();
      await this.setStatus('ingesting');
      try {
        return await work();
      } finally {
        await this.setStatus('idle');
      }
    }, DATAPIPE_DEADLINE_MS));
  }

  /**
   * Time-outs, ingest, then the analysis. Jobs claimed for analysis are always finished by this pass (failed when
   * it broke before the analysis had an outcome), unless the service stopped first; the status is idle once it
   * ends, whatever happened.
   */
  private async pass(): Promise<TickReport> {
    const report: TickReport = { timedOut: 0, processed: 0, jobs: [], analysis: null };
    let changed = false;
    /** Why this pass must analyse besides its jobs (a request, client uploads): handed on if it stops first. */
    let owed: AnalysisRequest | null = null;
    let analysis: 'succeeded' | 'failed' | undefined;
    try {
      report.timedOut = await this.ingestWork.timeOutIdleJobs();
      if (await this.ingestWork.busy()) {
        changed = true;
        await this.setStatus('ingesting');
        const drained = await this.ingestWork.drain();
        report.processed = drained.processed;
        if (drained.fromClients > 0) owed = this.handedOn();
      }
      // Taken whatever else asks for an analysis: the one below answers the request too. Taken before the jobs are
      // claimed, so nothing that may fail stands between their claim and the analysis.
      owed = (await this.requests.take()) ?? owed;
      report.jobs = await this.ingestWork.claimJobsForAnalysis();
      if (report.jobs.length > 0 || owed) {
        changed = true;
        const outcome = await this.analyse();
        analysis = 'error' in outcome ? 'failed' : 'succeeded';
        report.analysis = analysis;
      }
    } catch (error) {
      // Abandoned because the service stops: not a failure, nothing to log.
      if (!this.stopping) throw error;
    } finally {
      await this.settle(async () => {
        // Abandoned, its Analyzing jobs are left as they are: the next pass of any instance takes them over.
        const abandoned = this.stopping && analysis === undefined;
        if (abandoned && owed) await this.requests.request(owed);
        else if (!abandoned && report.jobs.length > 0) await this.ingestWork.finishJobs(report.jobs, analysis ?? 'failed');
        // A pass that changed nothing still settles a status a crashed pass (or instance) left behind.
        if (changed) await this.setStatus('idle');
        else await this.status.resetToIdle(this.clock.now());
      });
    }
    return report;
  }

  /** A request for the analysis that abandoned work owed, or that client uploads asked for. */
  private handedOn(): AnalysisRequest {
    return { requestedBy: HANDED_ON_BY, requestedAt: this.clock.now() };
  }

  /** Runs the analysis with the status and timestamps around it; its failure is the outcome, never thrown. */
  private async analyse(): Promise<{ report: AnalysisReport } | { error: unknown }> {
    const startedAt = this.clock.now();
    await this.status.set('analyzing', startedAt);
    let outcome: { report: AnalysisReport } | { error: unknown };
    try {
      outcome = { report: await this.runAnalysis() };
    } catch (error) {
      if (this.stopping) throw error;
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

  /** Runs `work` beyond the stop signal: what a pass settles must happen even when its work was abandoned. */
  private settle<T>(work: () => Promise<T>, ms = SETTLE_DEADLINE_MS): Promise<T> {
    return runUncancellable('datapipe', ms, work);
  }

  private setStatus(status: DatapipeStatus): Promise<void> {
    return this.status.set(status, this.clock.now());
  }

  /** Runs `work` after every earlier pass of this instance, under the background deadline and the stop signal. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const context = { requestId: 'datapipe', deadline: Date.now() + DATAPIPE_DEADLINE_MS, signal: this.stopper.signal };
    const run = this.tail.catch(() => undefined).then(() => runWithRequestContext(context, work));
    this.tail = run;
    return run;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
