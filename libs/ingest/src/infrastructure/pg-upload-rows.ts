import type { JobStatusValue } from '@app/collection';
import type { CompletedTask, UploadJob } from '../application/upload-job.js';

export type Row = Record<string, unknown>;

const date = (value: unknown): Date => (value instanceof Date ? value : new Date(value as string));
const optionalDate = (value: unknown): Date | null => (value === null || value === undefined ? null : date(value));
const optionalString = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function toUploadJob(row: Row): UploadJob {
  return {
    id: Number(row.id),
    userId: optionalString(row.user_id),
    userEmailAddress: optionalString(row.user_email_address),
    status: Number(row.status) as JobStatusValue,
    statusMessage: String(row.status_message),
    startTime: date(row.start_time),
    endTime: optionalDate(row.end_time),
    lastIngest: date(row.last_ingest),
    totalFiles: Number(row.total_files),
    failedFiles: Number(row.failed_files),
    partialFailedFiles: Number(row.partial_failed_files),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
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
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}
