import type { JobStatusValue } from '@app/collection';

/** A file upload job (POST /api/v2/file-upload/start): the files one user uploads, then ends, to be ingested. */
export interface UploadJob {
  id: number;
  userId: string | null;
  userEmailAddress: string | null;
  status: JobStatusValue;
  statusMessage: string;
  startTime: Date;
  endTime: Date | null;
  lastIngest: Date;
  totalFiles: number;
  failedFiles: number;
  partialFailedFiles: number;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** The outcome of one ingested file of a job (a loose upload, or one member of an uploaded zip). */
export interface CompletedTask {
  id: number;
  jobId: number;
  fileName: string;
  parentFileName: string;
  errors: string[];
  warnings: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** How an upload's bytes are stored; the worker tells them apart by their magic bytes anyway. */
export type ContentKind = 'json' | 'zip' | 'gzip';

/** Who an upload belongs to: a file upload job, or a collection client's RUNNING job. */
export type TaskOwner = { jobId: number } | { collectionJobId: number; clientId: string };
