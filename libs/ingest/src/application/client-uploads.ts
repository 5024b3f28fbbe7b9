import { Injectable } from '@nestjs/common';
import { JobIngestLog } from '@app/collection';
import { ApiError, Clock, runWithDeadlineAtLeast } from '@app/platform';
import { IngestConfig } from '../ingest-config.js';
import { storeTimeMs, type SpooledUpload } from './file-uploads.js';
import { IngestErrors } from './ingest-errors.js';
import { TaskQueue } from './ports.js';
import { UploadCheck } from './upload-check.js';

/** A collection client's upload (POST /api/v2/ingest): stored as a task of its RUNNING job. */
@Injectable()
export class ClientUploads {
  constructor(
    private readonly clientJobs: JobIngestLog,
    private readonly tasks: TaskQueue,
    private readonly config: IngestConfig,
    private readonly clock: Clock,
    private readonly uploadCheck: UploadCheck,
  ) {}

  async upload(clientId: string, upload: SpooledUpload): Promise<void> {
    const jobId = await this.clientJobs.runningJobId(clientId);
    if (jobId === null) throw ApiError.badRequest(IngestErrors.noRunningJob);
    await this.uploadCheck.check(upload.path, upload.kind, this.config);
    const at = this.clock.now();
    // enqueue checks the job again under a lock: it may have ended while the body was read and checked.
    const outcome = await runWithDeadlineAtLeast(storeTimeMs(upload.size), () => this.tasks.enqueue(
      { owner: { collectionJobId: jobId, clientId }, fileName: upload.name, kind: upload.kind, path: upload.path, size: upload.size },
      at,
    ));
    if (outcome !== 'queued') throw ApiError.badRequest(IngestErrors.noRunningJob);
    await this.clientJobs.touchIngest(jobId, at);
  }
}
