import type { DueRun } from '../domain/schedule.js';

/** A live event of a live client whose next occurrence is due. */
export interface DueEvent {
  id: number;
  rrule: string;
  nextScheduledAt: Date;
}

/** What one emission batch did. */
export interface EmissionBatch {
  /** Due events this scheduler took (events another scheduler holds are skipped, not waited for). */
  claimed: number;
  /** Jobs inserted: occurrences no scheduler had emitted yet. */
  emitted: number;
}

/** The scheduler's storage: due events turned into READY jobs, and jobs that waited or ran too long. */
export abstract class ScheduleStore {
  /**
   * In one transaction: claims up to `limit` due events (ordered by next_scheduled_at; rows another transaction holds
   * are skipped), asks `plan` for each one's run, inserts one READY job per planned occurrence (an occurrence that
   * already has its job is left alone) and moves each event's next_scheduled_at to the planned next occurrence. An
   * event `plan` answers null for is left as it is (still due).
   */
  abstract emitDue(now: Date, limit: number, plan: (event: DueEvent) => DueRun | null): Promise<EmissionBatch>;
  /** READY jobs whose execution time is before `before` become TIMEDOUT with `message`; returns how many. */
  abstract timeOutReady(now: Date, before: Date, message: string): Promise<number>;
  /** RUNNING jobs with no progress (start, ingest) since before `before` become TIMEDOUT with `message`. */
  abstract timeOutRunning(now: Date, before: Date, message: string): Promise<number>;
}
