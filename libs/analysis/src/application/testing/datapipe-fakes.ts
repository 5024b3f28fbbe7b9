import { IngestWork, type DrainReport, type ReconcileSummary, type RetentionReport } from '@app/ingest';
import type { Clock } from '@app/platform';
import type { AnalysisConfig } from '../../analysis-config.js';
import type { AnalysisRequest, DatapipeState, DatapipeStatus } from '../../domain/datapipe-state.js';
import type { AnalysisOutcome, AnalysisReport, AnalysisRunner } from '../analysis-runner.js';
import { AnalysisRequestStore, DatapipeStatusStore } from '../datapipe-ports.js';
import type { DataLifecycle } from '../data-lifecycle.js';

/** In-memory fakes of the datapipe's ports, for its unit tests. */
export const NOW = new Date('2031-05-06T07:00:00.000Z');
export const clock = { now: () => NOW } as Clock;
export const config = { datapipeIntervalSeconds: 0 } as AnalysisConfig;
export const REPORT: AnalysisReport = { steps: [], tags: 2, postureRows: 1 };

/**
 * An analysis runner as the datapipe sees it: runs `analysis`, then the caller's settle with its outcome, holding
 * the (pretend) analysis lock throughout, as AnalysisRunner does; `held` tells whether the lock is held now.
 */
export class FakeRunner {
  held = false;
  constructor(public analysis: () => Promise<AnalysisReport>) {}

  async run<T>(settle: (outcome: AnalysisOutcome) => Promise<T>, prepare?: () => Promise<void>): Promise<T> {
    this.held = true;
    try {
      let outcome: AnalysisOutcome;
      try {
        await prepare?.();
        outcome = { report: await this.analysis() };
      } catch (error) {
        outcome = { error };
      }
      return await settle(outcome);
    } finally {
      this.held = false;
    }
  }

  get asRunner(): AnalysisRunner {
    return this as unknown as AnalysisRunner;
  }
}

/** Scripted ingest work recording the calls the datapipe makes, in order. */
export class FakeIngestWork extends IngestWork {
  calls: string[] = [];
  pending = 0;
  fromClients = 0;
  waiting: number[] = [];
  finished: { ids: number[]; analysis: string }[] = [];
  async drain(): Promise<DrainReport> {
    this.calls.push('drain');
    const report = { processed: this.pending, fromClients: this.fromClients };
    this.pending = 0;
    return report;
  }
  async timeOutIdleJobs(): Promise<number> {
    this.calls.push('timeOut');
    return 0;
  }
  async claimJobsForAnalysis(): Promise<number[]> {
    this.calls.push('claim');
    const ids = this.waiting;
    this.waiting = [];
    return ids;
  }
  async finishJobs(ids: number[], analysis: 'succeeded' | 'failed'): Promise<void> {
    this.finished.push({ ids, analysis });
  }
  async busy(): Promise<boolean> {
    return this.pending > 0;
  }
  async reconcile(): Promise<ReconcileSummary> {
    return { collections: 0, edges: 0, objects: 0 };
  }
  async sweepRetention(): Promise<RetentionReport> {
    return { uploads: 0, jobs: 0 };
  }
  async removeHistory(): Promise<number> {
    this.calls.push('removeHistory');
    return 0;
  }
}

/** The data lifecycle as the datapipe sees it: records its calls (`lifecycle:<jobs>` before each analysis). */
export class FakeLifecycle {
  calls: string[] = [];
  async beforeAnalysis(jobIds: number[]): Promise<void> {
    this.calls.push(`beforeAnalysis:${jobIds.join(',')}`);
  }
  async sweepIfDue(): Promise<void> {
    this.calls.push('sweep');
  }
  get asLifecycle(): DataLifecycle {
    return this as unknown as DataLifecycle;
  }
}

export class MemoryStatus extends DatapipeStatusStore {
  history: DatapipeStatus[] = [];
  state: DatapipeState = { status: 'idle', updatedAt: NOW, lastCompleteAnalysisAt: null, lastAnalysisRunAt: null };
  /** Makes recordAnalysis fail (a connection lost after the analysis). */
  failRecord = false;
  async read() {
    return this.state;
  }
  async set(status: DatapipeStatus, at: Date) {
    this.history.push(status);
    this.state = { ...this.state, status, updatedAt: at };
  }
  async recordAnalysis(startedAt: Date, finishedAt: Date, succeeded: boolean) {
    if (this.failRecord) throw new Error('connection lost');
    this.state = { ...this.state, lastAnalysisRunAt: startedAt, lastCompleteAnalysisAt: succeeded ? finishedAt : this.state.lastCompleteAnalysisAt };
  }
  async claimSampleData() {
    return true;
  }
}

export class MemoryRequests extends AnalysisRequestStore {
  current: AnalysisRequest | null = null;
  async request(request: AnalysisRequest) {
    this.current = request;
  }
  async pending() {
    return this.current;
  }
  async take() {
    const taken = this.current;
    this.current = null;
    return taken;
  }
  async cancel() {
    return (await this.take()) !== null;
  }
}
