import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobIngestLog } from '@app/collection';
import { AppConfig, Clock, runWithRequestContext } from '@app/platform';
import { IngestMessages } from './ingest-messages.js';
import { IngestWork, type DrainReport } from './ingest-work.js';
import { LocalFiles } from './local-files.js';
import { TaskQueue, UploadJobStore, type ClaimedTask } from './ports.js';
import type { FileResult } from './file-ingestor.js';

/** A task claimed this many times without finishing is failed instead of tried again (a file that kills workers). */
export const MAX_ATTEMPTS = 3;

/** Deadline of one unit of background work (a task's ingest can take long; the lease, not the deadline, guards it). */
const WORK_DEADLINE_MS = 24 * 60 * 60 * 1000;

/** Prefix of a task's temp folder (swept at start-up when a crash left it behind). */
export const TASK_DIR_PREFIX = 'pathwarden-task-';

/**
 * IngestWork over the task queue: one task at a time, spooled from the database to a temp file and ingested with
 * LocalFiles while a timer renews its lease; its results, counters and removal then commit together. A task that
 * throws is logged and left to its lease (taken again once it runs out, failed after MAX_ATTEMPTS); the drain goes
 * on with the next one.
 *
 * Upload jobs claimed for analysis (Analyzing) hold a lease too, their updated_at: renewed here until they are
 * finished, so a job whose instance died during the analysis is claimed again once it runs out.
 */
@Injectable()
export class QueueIngestWork extends IngestWork implements OnModuleDestroy {
  private readonly logger = new Logger(QueueIngestWork.name);
  /** Jobs this instance claimed for analysis and has not finished yet: their lease is renewed. */
  private readonly analysing = new Set<number>();
  private analysisRenewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly tasks: TaskQueue,
    private readonly jobs: UploadJobStore,
    private readonly clientJobs: JobIngestLog,
    private readonly files: LocalFiles,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
  }

  drain(budgetMs = Number.POSITIVE_INFINITY): Promise<DrainReport> {
    return background(async () => {
      const report: DrainReport = { processed: 0, fromClients: 0 };
      const stopAt = Date.now() + budgetMs;
      while (Date.now() < stopAt) {
        const task = await this.tasks.claim(randomUUID(), this.clock.now(), this.config.ingest.taskLeaseSeconds);
        if (!task) break;
        if (!(await this.processSafely(task))) continue;
        report.processed++;
        if ('collectionJobId' in task.owner) report.fromClients++;
      }
      return report;
    });
  }

  timeOutIdleJobs(): Promise<number> {
    const { uploadTimeoutSeconds } = this.config.ingest;
    const now = this.clock.now();
    const idleSince = new Date(now.getTime() - uploadTimeoutSeconds * 1000);
    const message = IngestMessages.timedOut(Math.round(uploadTimeoutSeconds / 60));
    return background(() => this.jobs.timeOutIdle(idleSince, message, now));
  }

  async claimJobsForAnalysis(): Promise<number[]> {
    const now = this.clock.now();
    const expired = new Date(now.getTime() - this.config.ingest.taskLeaseSeconds * 1000);
    const ids = await background(() => this.jobs.claimForAnalysis(now, expired));
    for (const id of ids) this.analysing.add(id);
    if (this.analysing.size > 0 && !this.analysisRenewal) {
      this.analysisRenewal = setInterval(() => void this.renewAnalysis(), (this.config.ingest.taskLeaseSeconds * 1000) / 3);
      this.analysisRenewal.unref();
    }
    return ids;
  }

  async finishJobs(ids: number[], analysis: 'succeeded' | 'failed'): Promise<void> {
    // Released first: should the update fail, the lease runs out and another pass finishes the jobs.
    for (const id of ids) this.analysing.delete(id);
    if (this.analysing.size === 0) this.stopAnalysisRenewal();
    await background(() => this.jobs.finish(ids, analysis, this.clock.now()));
  }

  onModuleDestroy(): void {
    this.analysing.clear();
    this.stopAnalysisRenewal();
  }

  busy(): Promise<boolean> {
    return background(() => this.tasks.pending());
  }

  /**
   * `process`, its failure logged instead of thrown: the reports of the tasks already ingested stand, and the task
   * keeps its lease until it runs out (then it is taken again, and failed after MAX_ATTEMPTS). False when it failed.
   */
  private async processSafely(task: ClaimedTask): Promise<boolean> {
    try {
      return await this.process(task);
    } catch (error) {
      this.logger.error(`ingest task ${task.id} (${task.fileName}, attempt ${task.attempts}) failed: ${(error as Error)?.message ?? String(error)}`,
        (error as Error)?.stack);
      return false;
    }
  }

  /** Ingests one claimed task; false when its lease was lost (another worker finishes it). */
  private async process(task: ClaimedTask): Promise<boolean> {
    if (task.attempts > MAX_ATTEMPTS) {
      return this.finish(task, [failed(task.fileName, IngestMessages.tooManyAttempts(MAX_ATTEMPTS))]);
    }
    const dir = await mkdtemp(join(tmpdir(), TASK_DIR_PREFIX));
    const renewal = setInterval(() => void this.renew(task, dir), (this.config.ingest.taskLeaseSeconds * 1000) / 3);
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
    if (!('collectionJobId' in owner)) return this.tasks.complete(task, results);
    const counts = mergeDomains(results);
    return this.tasks.complete(task, results, () => this.clientJobs.addDomainCounts(owner.collectionJobId, counts));
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

  private async renewAnalysis(): Promise<void> {
    const ids = [...this.analysing];
    if (ids.length === 0) return;
    try {
      await background(() => this.jobs.renewAnalysis(ids, this.clock.now()));
    } catch (error) {
      this.logger.warn(`could not renew the analysis lease of upload jobs ${ids.join(', ')}: ${(error as Error).message}`);
    }
  }

  private stopAnalysisRenewal(): void {
    clearInterval(this.analysisRenewal);
    this.analysisRenewal = undefined;
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
