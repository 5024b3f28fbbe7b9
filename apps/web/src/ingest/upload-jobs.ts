// File upload jobs (GET /api/v2/file-upload) and their per-file results, as the ingest page shows them.
import { plainNumber, plainString } from '../api/wire-values';

/** The status values of a job (reference §4; the same numbers as collection jobs). */
const STATUS_NAMES: Record<number, string> = {
  [-1]: 'Invalid',
  0: 'Ready',
  1: 'Running',
  2: 'Complete',
  3: 'Canceled',
  4: 'Timed out',
  5: 'Failed',
  6: 'Ingesting',
  7: 'Analyzing',
  8: 'Partially complete',
};

/** Running (receiving files), ingesting or analyzing: the job list keeps polling while one is. */
const ACTIVE = new Set([0, 1, 6, 7]);

export function statusName(status: number): string {
  return STATUS_NAMES[status] ?? `Status ${status}`;
}

export function isActiveStatus(status: number): boolean {
  return ACTIVE.has(status);
}

export interface UploadJob {
  id: number;
  status: number;
  statusMessage: string;
  userEmail: string;
  startTime: unknown;
  endTime: unknown;
  totalFiles: number;
  failedFiles: number;
  partialFailedFiles: number;
}

/** One wire job (either WIRE_FORMAT) as the page uses it. */
export function uploadJobFromWire(wire: Record<string, unknown>): UploadJob {
  return {
    id: plainNumber(wire.id) ?? 0,
    status: plainNumber(wire.status) ?? -1,
    statusMessage: plainString(wire.status_message),
    userEmail: plainString(wire.user_email_address),
    startTime: wire.start_time,
    endTime: wire.end_time,
    totalFiles: plainNumber(wire.total_files) ?? 0,
    failedFiles: plainNumber(wire.failed_files) ?? 0,
    partialFailedFiles: plainNumber(wire.partial_failed_files) ?? 0,
  };
}

/** The status shown: its name, with the server's message when it says more. */
export function statusText(job: Pick<UploadJob, 'status' | 'statusMessage'>): string {
  const name = statusName(job.status);
  const message = job.statusMessage.trim();
  return message && message.toLowerCase() !== name.toLowerCase() ? `${name}: ${message}` : name;
}

/** Done for good: its per-file results will not change any more (fetched once). */
export function isFinalStatus(status: number): boolean {
  return !isActiveStatus(status);
}

export interface FileResult {
  fileName: string;
  errors: string[];
  warnings: string[];
}

/** completed-tasks entries, with the zip a member came from in its name ("sample.zip › users.json"). */
export function fileResultsFromWire(tasks: Record<string, unknown>[]): FileResult[] {
  return tasks.map((task) => {
    const name = plainString(task.file_name) || 'file';
    const parent = plainString(task.parent_file_name);
    return {
      fileName: parent ? `${parent} › ${name}` : name,
      errors: stringList(task.errors),
      warnings: stringList(task.warnings),
    };
  });
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.map((v) => String(v)) : [];
}
