import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobIngestLog } from '@app/collection';
import { Clock, currentSignal, runUncancellable, runWithRequestContext } from '@app/platform';
import { IngestConfig } from '../ingest-config.js';
import { IngestErrors } from './ingest-errors.js';
import { IngestWork, type DrainReport, type RetentionReport } from './ingest-work.js';
import { CollectionReconciler, type ReconcileSummary } from './collection-reconciler.js';
import { LocalFiles } from './local-files.js';
import { TaskQueue, UploadJobStore, type ClaimedTask } from './ports.js';
import type { FileResult } from './file-ingestor.js';

/** A task claimed this many times without finishing is failed instead of tried again (a file that kills workers). */
export const MAX_ATTEMPTS = 3;

/** Deadline of one unit of background work (a task's ingest can take long; the lease, not the deadline, guards it). */
const WORK_DEADLINE_MS = 24 * 60 * 60 * 1000;

/** Deadline of handing a task back while the service stops. */
const RELEASE_DEADLINE_MS = 10_000;

/** Prefix of a task's temp folder (swept at start-up when a crash left it behind). */
export const TASK_DIR_PREFIX = 'pathwarden-task-';

/**
 * IngestWork over the task queue: one task at a time, spooled from the database to a temp file and ingested with
 * LocalFiles while a timer renews its lease; its results, counters and removal then commit together. A task that
 * throws is logged and left to its lease (taken again once it runs out, failed after MAX_ATTEMPTS); the drain goes
 * on with the next one. When the caller's signal aborts (the service is stopping), the task in flight is handed
 * back untried instead and the drain ends.
 */
@Injectable()
export class QueueIngestWork extends IngestWork {
  private readonly logger = new Logger(QueueIngestWork.name);

  constructor(
    private readonly tasks: TaskQueue,
    private readonly jobs: UploadJobStore,
    private readonly clientJobs: JobIngestLog,
    private readonly files: LocalFiles,
    private readonly config: IngestConfig,
    private readonly clock: Clock,
    private readonly reconciler: CollectionReconciler,
  ) {
    super();
  }

  drain(budgetMs = Number.POSITIVE_INFINITY): Promise<DrainReport> {
    return background(async () => {
      const report: DrainReport = { processed: 0, fromClients: 0 };
      const stopAt = Date.now() + budgetMs;
      const signal = currentSignal();
      try {
        while (Date.now() < stopAt && !signal?.aborted) {
          const task = await this.tasks.claim(randomUUID(), this.clock.now(), this.config.taskLeaseSeconds);
          if (!task) break;
          if (!(await this.processSafely(task))) continue;
          report.processed++;
          if ('collectionJobId' in task.owner) report.fromClients++;
        }
      } catch (error) {
        // Stopped by the signal (the task in flight went back to the queue): what was ingested so far stands.
        if (!signal?.aborted) throw error;
      }
      return report;
    });
  }

  timeOutIdleJobs(): Promise<number> {
    const { uploadTimeoutSeconds } = this.config;
    const now = this.clock.now();
    const idleSince = new Date(now.getTime() - uploadTimeoutSeconds * 1000);
    const message = IngestErrors.timedOut(Math.round(uploadTimeoutSeconds / 60));
    return background(() => this.jobs.timeOutIdle(idleSince, message, now));
  }

  claimJobsForAnalysis(): Promise<number[]> {
    return background(() => this.jobs.claimForAnalysis(this.clock.now()));
  }

  finishJobs(ids: number[], analysis: 'succeeded' | 'failed'): Promise<void> {
    return background(() => this.jobs.finish(ids, analysis, this.clock.now()));
  }

  busy(): Promise<boolean> {
    return background(() => this.tasks.pending());
  }

  reconcile(jobIds: number[]): Promise<ReconcileSummary> {
    return this.reconciler.reconcileReady(jobIds);
  }

  removeHistory(): Promise<number> {
    return this.jobs.removeAll();
  }

  sweepRetention(): Promise<RetentionReport> {
    const { failedUploadRetentionHours, jobHistoryRetentionDays } = this.config;
    const now = this.clock.now().getTime();
    return background(async () => ({
      uploads: await this.tasks.removeKeptBefore(new Date(now - failedUploadRetentionHours * 3_600_000)),
      jobs: jobHistoryRetentionDays > 0 ? await this.jobs.removeEndedBefore(new Date(now - jobHistoryRetentionDays * 86_400_000)) : 0,
    }));
  }

  /**
   * `process`, its failure logged instead of thrown: the reports of the tasks already ingested stand, and the task
   * keeps its lease until it runs out (then it is taken again, and failed after MAX_ATTEMPTS). False when it failed.
   * Cut short by the signal (the service is stopping), the task is handed back and the abort thrown: the drain ends.
   */
  private async processSafely(task: ClaimedTask): Promise<boolean> {
    try {
      return await this.process(task);
    } catch (error) {
      const signal = currentSignal();
      if (signal?.aborted) {
        await runUncancellable('datapipe', RELEASE_DEADLINE_MS, () => this.tasks.release(task));
        throw signal.reason;
      }
      this.logger.error(`ingest task ${task.id} (${task.fileName}, attempt ${task.attempts}) failed: ${(error as Error)?.message ?? String(error)}`,
        (error as Error)?.stack);
      return false;
    }
  }

  /** Ingests one claimed task; false when its lease was lost (another worker finishes it). */
  private async process(task: ClaimedTask): Promise<boolean> {
    if (task.attempts > MAX_ATTEMPTS) {
      return this.finish(task, [failed(task.fileName, IngestErrors.tooManyAttempts(MAX_ATTEMPTS))]);
    }
    const dir = await mkdtemp(join(tmpdir(), TASK_DIR_PREFIX));
    const renewal = setInterval(() => void this.renew(task, dir), (this.config.taskLeaseSeconds * 1000) / 3);
    try {
      const path = join(dir, 'upload');
      await this.tasks.spool(task.id, path);
      const results = await this.files.ingest(path, { name: task.fileName });
      return await this.finish(task, results);
    } finally {
      clearInterval(renewal);
      await rm(dir, { recursive: true, force: true });
    }
  }

  private finish(task: ClaimedTask, results: FileResult[]): Promise<boolean> {
    const owner = task.owner;
    // An upload that failed keeps its bytes for a while, for whoever looks into why (README "Retention").
    const keepBytes = this.config.failedUploadRetentionHours > 0 && results.some((r) => r.errors.length > 0);
    if (!('collectionJobId' in owner)) return this.tasks.complete(task, results, undefined, keepBytes);
    const counts = mergeDomains(results);
    return this.tasks.complete(task, results, () => this.clientJobs.addDomainCounts(owner.collectionJobId, counts), keepBytes);
  }

  /** Renews the task's lease, and touches its temp folder so the start-up sweep of another instance spares it. */
  private async renew(task: ClaimedTask, dir: string): Promise<void> {
    const now = new Date();
    await utimes(dir, now, now).catch(() => undefined);
    try {
      await background(() => this.tasks.renew(task, this.clock.now()));
    } catch (error) {
      this.logger.warn(`could not renew the lease of ingest task ${task.id}: ${(error as Error).message}`);
    }
  }

}

function background<T>(work: () => Promise<T>): Promise<T> {
  return runWithRequestContext({ requestId: 'datapipe', deadline: Date.now() + WORK_DEADLINE_MS }, work);
}

function failed(fileName: string, error: string): FileResult {
  return { fileName, objects: 0, errors: [error], warnings: [], domains: {} };
}

/** The objects per domain of all the task's files. */
function mergeDomains(results: FileResult[]): Record<string, FileResult['domains'][string]> {
  const merged: Record<string, FileResult['domains'][string]> = {};
  for (const result of results) {
    for (const [domain, counts] of Object.entries(result.domains)) {
      const into = merged[domain];
      if (!into) merged[domain] = { ...counts };
      else for (const key of Object.keys(counts) as (keyof typeof counts)[]) into[key] += counts[key];
    }
  }
  return merged;
}
