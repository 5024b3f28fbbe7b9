import type { ListQuery } from '@app/platform';
import type { FileScope } from '../domain/collection-scope.js';
import type { FileResult } from './file-ingestor.js';
import type { CompletedTask, ContentKind, TaskOwner, UploadJob } from './upload-job.js';

export interface Page<T> {
  items: T[];
  count: number;
}

export type EndOutcome = UploadJob | 'not-found' | 'not-running';

/** File upload jobs and their lifecycle (statuses of reference §4). */
export abstract class UploadJobStore {
  /** A Running job for the user (email copied from the user), start_time and last_ingest = at. */
  abstract create(userId: string, at: Date): Promise<UploadJob>;
  abstract list(query: ListQuery): Promise<Page<UploadJob>>;
  abstract find(id: number): Promise<UploadJob | null>;
  /** Running → Ingesting. */
  abstract end(id: number, at: Date): Promise<EndOutcome>;
  abstract completedTasks(jobId: number): Promise<CompletedTask[]>;
  /** Running jobs whose last_ingest is before `idleSince` → Timed Out with `message`; how many. */
  abstract timeOutIdle(idleSince: Date, message: string, at: Date): Promise<number>;
  /**
   * Ingesting jobs with no task left → Analyzing, updated_at = at; their ids. Also jobs already Analyzing when no
   * instance holds the analysis lock: their analysis was abandoned (the service stopped), died with its instance or
   * could not finish them (an analysis finishes its jobs before it releases the lock), and is taken over at once;
   * never while a live instance holds the lock.
   */
  abstract claimForAnalysis(at: Date): Promise<number[]>;
  /**
   * Analyzing jobs → their final status by their file counts and the analysis outcome; end_time = at. Jobs no longer
   * Analyzing are left alone, so finishing a job twice is harmless.
   */
  abstract finish(ids: number[], analysis: 'succeeded' | 'failed', at: Date): Promise<void>;
  /** Deletes jobs that ended (Complete, Canceled, Timed Out, Failed, Partially Complete) before `before`, with their file results. */
  abstract removeEndedBefore(before: Date): Promise<number>;
  /** Deletes every job, with what references it (file results, stored uploads, scopes); returns how many. */
  abstract removeAll(): Promise<number>;
}

export interface NewTask {
  owner: TaskOwner;
  /** The name given for reports. */
  fileName: string;
  kind: ContentKind;
  /** The temp file holding the bytes (copied into the database). */
  path: string;
  size: number;
}

/** A task a worker holds under a lease. */
export interface ClaimedTask {
  id: number;
  owner: TaskOwner;
  fileName: string;
  kind: ContentKind;
  attempts: number;
  /** The claim's token: renewals and completion only count while it still holds the task. */
  lease: string;
}

export type EnqueueOutcome = 'queued' | 'not-found' | 'not-running';

/** Stored uploads waiting to be ingested, their bytes in the database, claimed under leases. */
export abstract class TaskQueue {
  /**
   * Stores the bytes and the task in one transaction, only while the owner's job is Running (checked under a row
   * lock); for a file upload job touching its last_ingest.
   */
  abstract enqueue(task: NewTask, at: Date): Promise<EnqueueOutcome>;
  /** The oldest task that is unclaimed or whose lease ran out (FOR UPDATE SKIP LOCKED), attempts + 1. */
  abstract claim(lease: string, at: Date, leaseSeconds: number): Promise<ClaimedTask | null>;
  /** Writes the task's bytes to `path`. */
  abstract spool(taskId: number, path: string): Promise<void>;
  /** Extends the lease; false once another worker has taken the task. */
  abstract renew(task: ClaimedTask, at: Date): Promise<boolean>;
  /**
   * Hands the task back untried (the service is stopping): unclaimed, this claim not counted as an attempt, so the
   * next worker takes it at once. A no-op once another worker holds it.
   */
  abstract release(task: ClaimedTask): Promise<void>;
  /**
   * In one transaction: the per-file results as completed tasks, their scopes (CollectionScopeStore), the job's file
   * counters, the task removed (its bytes with it; with `keepBytes`, only taken off the queue and left for the
   * retention sweep), then `alsoInTransaction`. False (nothing written) when the lease was lost meanwhile.
   */
  abstract complete(
    task: ClaimedTask, results: FileResult[], alsoInTransaction?: () => Promise<void>, keepBytes?: boolean,
  ): Promise<boolean>;
  /** Deletes the kept bytes of uploads whose ingest failed (TaskQueue.complete with keepBytes) before `before`. */
  abstract removeKeptBefore(before: Date): Promise<number>;
  /** True while any task waits or is being ingested. */
  abstract pending(): Promise<boolean>;
}

/** One collection waiting to be reconciled with the graph: the scopes of its files, and the rows that hold them. */
export interface PendingCollection {
  /** `job <id>` or `collection job <id>`, for logs. */
  name: string;
  files: FileScope[];
  rowIds: number[];
}

/**
 * The file scopes of ingested uploads (written by TaskQueue.complete), until the analysis that reconciles the graph
 * with them.
 */
export abstract class CollectionScopeStore {
  /**
   * Collections ready to reconcile, oldest first: these upload jobs (claimed for analysis), other upload jobs past
   * ingest whose scopes were left (an analysis that failed first), and collection jobs of clients that have ended;
   * each only once none of its uploads waits to be ingested.
   */
  abstract ready(jobIds: number[]): Promise<PendingCollection[]>;
  abstract remove(rowIds: number[]): Promise<void>;
}
