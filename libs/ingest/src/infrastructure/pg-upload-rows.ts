import type { JobStatusValue } from '@app/collection';
import { dateOf, optionalDate, optionalString, type Row } from '@app/platform';
import type { CompletedTask, UploadJob } from '../application/upload-job.js';

export function toUploadJob(row: Row): UploadJob {
  return {
    id: Number(row.id),
    userId: optionalString(row.user_id),
    userEmailAddress: optionalString(row.user_email_address),
    status: Number(row.status) as JobStatusValue,
    statusMessage: String(row.status_message),
    startTime: dateOf(row.start_time),
    endTime: optionalDate(row.end_time),
    lastIngest: dateOf(row.last_ingest),
    totalFiles: Number(row.total_files),
    failedFiles: Number(row.failed_files),
    partialFailedFiles: Number(row.partial_failed_files),
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
  };
}

export function toCompletedTask(row: Row): CompletedTask {
  return {
    id: Number(row.id),
    jobId: Number(row.job_id),
    fileName: String(row.file_name),
    parentFileName: String(row.parent_file_name),
    errors: row.errors as string[],
    warnings: row.warnings as string[],
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
  };
}
