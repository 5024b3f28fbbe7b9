import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { IngestWork } from '@app/ingest';
import { BackgroundTicks, Clock, runUncancellable, runWithRequestContext } from '@app/platform';
import { AnalysisConfig } from '../analysis-config.js';
import type { AnalysisRequest, DatapipeStatus } from '../domain/datapipe-state.js';
import { AnalysisRunner, type AnalysisOutcome, type AnalysisReport } from './analysis-runner.js';
import { AnalysisRequestStore, DatapipeStatusStore } from './datapipe-ports.js';
import { DataLifecycle } from './data-lifecycle.js';

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

/**
 * The requester of an analysis that no user asked for (client uploads, the CLI, sample data), handed on by a stopping
 * instance: the request row's requested_by, as the reference writes `datapipe` for the analyses it requests itself.
 * An analysis a user requested is handed on with that user's request as it was.
 */
export const HANDED_ON_BY = 'datapipe';

/** What the analysis of one pass came to: unset until it has an outcome (then its jobs are being finished). */
interface AnalysisRun {
  result?: 'succeeded' | 'failed';
}

/**
 * The datapipe: a tick every DATAPIPE_INTERVAL seconds on each instance (tests call `tick()` by hand): time out
 * idle upload jobs, drain the ingest task queue (IngestWork), then analyse when upload jobs are waiting for it,
 * collection clients uploaded data, or an analysis was requested (PUT /api/v2/analysis), and finish the jobs before
 * the analysis lock is released. Keeps the status GET /api/v2/datapipe/status reports.
 *
 * On one instance, passes never overlap: ticks, `analyze()` and `ingest()` (CLI, sample data) run one after the
 * other, and a background tick is skipped while the previous one runs. Across instances, the task queue hands
 * each task to one instance and AnalysisRunner serialises analyses.
 *
 * When the service stops, the pass in flight is abandoned, not awaited to its end: its database work is cancelled
 * (the pass's signal), the task it was ingesting goes back to the queue, its Analyzing jobs stay for the next
 * instance to take over (nobody holds the analysis lock any more), and an analysis it owed (a request, client
 * uploads) is requested again. An analysis that had its outcome before the stop is settled all the same (jobs
 * finished, analysis recorded). `ingest()` of this process's own files (sample data) is finished instead.
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
    private readonly config: AnalysisConfig,
    private readonly clock: Clock,
    private readonly lifecycle: DataLifecycle,
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
    this.ticks.start(this.config.datapipeIntervalSeconds);
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
      const run: AnalysisRun = {};
      let outcome: AnalysisOutcome;
      try {
        outcome = await this.analyse([], run);
      } finally {
        await this.settle(async () => {
          if (this.stopping && run.result === undefined) await this.requests.request(this.handedOn());
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
   * Time-outs, ingest, then the analysis. Jobs claimed for analysis are finished by this pass: under the analysis
   * lock once the analysis has an outcome, as failed when the pass broke before that. Unless the service stopped
   * first: then they stay Analyzing. The status is idle once the pass ends, whatever happened.
   */
  private async pass(): Promise<TickReport> {
    const report: TickReport = { timedOut: 0, processed: 0, jobs: [], analysis: null };
    let changed = false;
    /** Why this pass must analyse besides its jobs (a request, client uploads): handed on if it stops first. */
    let owed: AnalysisRequest | null = null;
    const run: AnalysisRun = {};
    try {
      await this.lifecycle.sweepIfDue();
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
        await this.analyse(report.jobs, run);
        report.analysis = run.result ?? null;
      }
    } catch (error) {
      // Abandoned because the service stops: not a failure, nothing to log.
      if (!this.stopping) throw error;
    } finally {
      await this.settle(async () => {
        // Without an outcome, the jobs fail; unless the service stops: then they stay Analyzing, for the next pass of
        // any instance to take over, and what the pass owed is requested again. With an outcome, the analysis finished
        // them under its lock (if even that failed, they stay Analyzing for a takeover too).
        if (run.result === undefined && !this.stopping && report.jobs.length > 0) {
          await this.ingestWork.finishJobs(report.jobs, 'failed');
        }
        if (run.result === undefined && this.stopping && owed) await this.requests.request(owed);
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

  /**
   * Runs the analysis with the status around it. Once it has an outcome (`run.result`), and before the analysis lock
   * is released, `jobs` are finished with it and the analysis is recorded (its times): until then no other instance
   * takes the jobs over. A failed analysis is the outcome, never thrown; one abandoned because the service stops
   * throws, its jobs left Analyzing.
   */
  private async analyse(jobs: number[], run: AnalysisRun): Promise<AnalysisOutcome> {
    const startedAt = this.clock.now();
    await this.status.set('analyzing', startedAt);
    // Reconciliation and session aging run under the analysis lock, before it: it recomputes what followed from them.
    return this.runner.run(async (outcome) => {
      if ('error' in outcome) {
        if (this.stopping) throw outcome.error;
        this.logger.error(`analysis failed: ${messageOf(outcome.error)}`, (outcome.error as Error)?.stack);
      }
      const result = 'error' in outcome ? 'failed' : 'succeeded';
      run.result = result;
      await this.settle(async () => {
        if (jobs.length > 0) await this.ingestWork.finishJobs(jobs, result);
        await this.status.recordAnalysis(startedAt, this.clock.now(), result === 'succeeded');
      });
      return outcome;
    }, () => this.lifecycle.beforeAnalysis(jobs));
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
