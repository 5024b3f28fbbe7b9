import { Injectable } from '@nestjs/common';
import { JobStatus } from '@app/collection';
import { ApiError, Clock, runWithDeadlineAtLeast, type ListQuery } from '@app/platform';
import { IngestConfig } from '../ingest-config.js';
import { IngestErrors } from './ingest-errors.js';
import { TaskQueue, UploadJobStore, type Page } from './ports.js';
import { UploadCheck } from './upload-check.js';
import type { CompletedTask, ContentKind, UploadJob } from './upload-job.js';

/** An upload body already on disk (spooled by the HTTP layer). */
export interface SpooledUpload {
  path: string;
  size: number;
  kind: ContentKind;
  /** For reports only. */
  name: string;
}

/**
 * Time allowed to store an accepted upload (a minute, plus 1 s per 10 MB): its size is within the cap, so a short
 * `Prefer: wait` or the 30 s default must not fail it halfway.
 */
export const storeTimeMs = (size: number): number => 60_000 + Math.ceil(size / 10_000);

/** The file upload API of one user: start a job, upload files to it, end it; list jobs and their results. */
@Injectable()
export class FileUploads {
  constructor(
    private readonly jobs: UploadJobStore,
    private readonly tasks: TaskQueue,
    private readonly config: IngestConfig,
    private readonly clock: Clock,
    private readonly uploadCheck: UploadCheck,
  ) {}

  start(userId: string): Promise<UploadJob> {
    return this.jobs.create(userId, this.clock.now());
  }

  list(query: ListQuery): Promise<Page<UploadJob>> {
    return this.jobs.list(query);
  }

  /** Checks, then stores the upload as a task of the Running job `id` (enqueue checks the status under a lock). */
  async upload(id: number, upload: SpooledUpload): Promise<void> {
    await this.uploadCheck.check(upload.path, upload.kind, this.config);
    const outcome = await runWithDeadlineAtLeast(storeTimeMs(upload.size), () => this.tasks.enqueue(
      { owner: { jobId: id }, fileName: upload.name, kind: upload.kind, path: upload.path, size: upload.size },
      this.clock.now(),
    ));
    if (outcome === 'not-found') throw ApiError.notFound();
    if (outcome === 'not-running') throw ApiError.badRequest(IngestErrors.uploadNotRunning);
  }

  async end(id: number): Promise<UploadJob> {
    const outcome = await this.jobs.end(id, this.clock.now());
    if (outcome === 'not-found') throw ApiError.notFound();
    if (outcome === 'not-running') throw ApiError.badRequest(IngestErrors.notRunning);
    return outcome;
  }

  async completedTasks(id: number): Promise<CompletedTask[]> {
    if (!(await this.jobs.find(id))) throw ApiError.notFound();
    return this.jobs.completedTasks(id);
  }

  /** 404 for an unknown job, 400 unless Running: the refusal an upload gets before its body is read. */
  async requireRunning(id: number): Promise<void> {
    const job = await this.jobs.find(id);
    if (!job) throw ApiError.notFound();
    if (job.status !== JobStatus.Running) throw ApiError.badRequest(IngestErrors.uploadNotRunning);
  }
}
