import { nullTime, timestamp } from '@app/platform';
import type { CompletedTask, UploadJob } from '../application/upload-job.js';

/** A file upload job on the wire (openapi `model.FileUploadJob`). */
export function presentUploadJob(job: UploadJob) {
  return {
    id: job.id,
    user_id: job.userId ?? '',
    user_email_address: job.userEmailAddress,
    status: job.status,
    status_message: job.statusMessage,
    start_time: timestamp(job.startTime),
    end_time: timestamp(job.endTime),
    last_ingest: timestamp(job.lastIngest),
    total_files: job.totalFiles,
    failed_files: job.failedFiles,
    partial_failed_files: job.partialFailedFiles,
    created_at: timestamp(job.createdAt),
    updated_at: timestamp(job.updatedAt),
    deleted_at: nullTime(job.deletedAt),
  };
}

/** One file's result on the wire (completed-tasks). */
export function presentCompletedTask(task: CompletedTask) {
  return {
    id: task.id,
    file_upload_job_id: task.jobId,
    file_name: task.fileName,
    parent_file_name: task.parentFileName,
    errors: task.errors,
    warnings: task.warnings,
    created_at: timestamp(task.createdAt),
    updated_at: timestamp(task.updatedAt),
    deleted_at: nullTime(null),
  };
}
