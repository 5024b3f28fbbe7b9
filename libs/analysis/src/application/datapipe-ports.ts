import type { AnalysisRequest, DatapipeState, DatapipeStatus } from '../domain/datapipe-state.js';

/** The datapipe status row (PostgreSQL: `datapipe_status`). */
export abstract class DatapipeStatusStore {
  abstract read(): Promise<DatapipeState>;
  abstract set(status: DatapipeStatus, at: Date): Promise<void>;
  /** Sets the status back to idle (updated_at = at) unless it is idle already; a crashed pass may have left it. */
  async resetToIdle(at: Date): Promise<void> {
    if ((await this.read()).status !== 'idle') await this.set('idle', at);
  }
  /** Records an analysis: `lastAnalysisRunAt` = startedAt; on success also `lastCompleteAnalysisAt` = finishedAt. */
  abstract recordAnalysis(startedAt: Date, finishedAt: Date, succeeded: boolean): Promise<void>;
  /**
   * Claims the one-time sample data load of this database: true for the first caller ever (on any instance),
   * false afterwards, so the sample data is never ingested twice into one database.
   */
  abstract claimSampleData(at: Date): Promise<boolean>;
}

/** The pending analysis request (PostgreSQL: `analysis_requests`, at most one row). */
export abstract class AnalysisRequestStore {
  /** Records a request; a pending one is replaced (still one pending). */
  abstract request(request: AnalysisRequest): Promise<void>;
  abstract pending(): Promise<AnalysisRequest | null>;
  /** Removes and returns the pending request: of several instances, one only takes it. */
  abstract take(): Promise<AnalysisRequest | null>;
  /** Cancels the pending request; true when there was one. */
  abstract cancel(): Promise<boolean>;
}

/** Serialises analyses across every instance sharing the database. */
export abstract class AnalysisLock {
  /** Runs `work` holding the lock; waits for it (bounded by the current deadline). */
  abstract exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `work` holding the lock when nobody holds it; otherwise throws `busy()` at once, without waiting. */
  abstract exclusivelyIfFree<T>(work: () => Promise<T>, busy: () => Error): Promise<T>;
}
