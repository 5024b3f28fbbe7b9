import type { ReconcileSummary } from './collection-reconciler.js';

/** The outcome of draining the task queue once. */
export interface DrainReport {
  /** Tasks (stored uploads) ingested by this call, on this instance. */
  processed: number;
  /** Of those, uploads of collection clients (POST /api/v2/ingest): they ask for an analysis once ingested. */
  fromClients: number;
}

/**
 * The ingest side of the datapipe (libs/analysis drives it on every tick, on every instance). Tasks are claimed
 * with FOR UPDATE SKIP LOCKED under a lease, so instances share the work and a task whose worker died is taken
 * again once its lease runs out; a worker stopped by its signal hands its task back at once.
 */
export abstract class IngestWork {
  /**
   * Claims and ingests pending tasks until none is left, `budgetMs` is spent or the caller's signal aborts (the task
   * in flight is then handed back untried).
   */
  abstract drain(budgetMs?: number): Promise<DrainReport>;
  /** Running (1) upload jobs with no upload for INGEST_UPLOAD_TIMEOUT → Timed Out (4). Returns how many. */
  abstract timeOutIdleJobs(): Promise<number>;
  /**
   * Ingesting (6) jobs with no task left → Analyzing (7), message "Analyzing", and Analyzing jobs nobody analyses
   * (no instance holds the analysis lock, which an analysis keeps until it has finished its jobs: their analysis was
   * abandoned or died). Returns their ids.
   */
  abstract claimJobsForAnalysis(): Promise<number[]>;
  /**
   * After analysis: each job → Complete (2), Partially Complete (8) or Failed (5) by its file results and the
   * analysis outcome, with the reference's messages; end_time set.
   */
  abstract finishJobs(ids: number[], analysis: 'succeeded' | 'failed'): Promise<void>;
  /** True while any task waits or is being ingested (datapipe status `ingesting`). */
  abstract busy(): Promise<boolean>;
  /**
   * Reconciles the graph with the collections of these jobs (claimed for analysis) and of client jobs that ended:
   * what they no longer report leaves the graph (CollectionReconciler). Run under the analysis lock, before analysis.
   */
  abstract reconcile(jobIds: number[]): Promise<ReconcileSummary>;
  /** Deletes what the retention settings no longer keep: failed uploads' bytes, ended upload jobs. */
  abstract sweepRetention(): Promise<RetentionReport>;
  /**
   * Deletes the file ingest history (POST /api/v2/clear-database): every upload job with its file results, its
   * stored uploads and the scopes its collection left for reconciliation. Returns how many jobs.
   */
  abstract removeHistory(): Promise<number>;
}

/** What one retention sweep deleted. */
export interface RetentionReport {
  /** Stored bytes of failed uploads. */
  uploads: number;
  /** Ended upload jobs, with their file results. */
  jobs: number;
}
