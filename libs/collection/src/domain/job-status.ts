/** Job status values (compat part 2 §7). A task is a READY or RUNNING job; a completed job is in 2–8. */
export const JobStatus = {
  Invalid: -1,
  Ready: 0,
  Running: 1,
  Complete: 2,
  Canceled: 3,
  TimedOut: 4,
  Failed: 5,
  Ingesting: 6,
  Analyzing: 7,
  PartiallyComplete: 8,
} as const;

export type JobStatusValue = (typeof JobStatus)[keyof typeof JobStatus];

const NAMES: Record<string, JobStatusValue> = {
  INVALIDSTATUS: JobStatus.Invalid,
  READY: JobStatus.Ready,
  RUNNING: JobStatus.Running,
  COMPLETE: JobStatus.Complete,
  CANCELED: JobStatus.Canceled,
  TIMEDOUT: JobStatus.TimedOut,
  FAILED: JobStatus.Failed,
  INGESTING: JobStatus.Ingesting,
  ANALYZING: JobStatus.Analyzing,
  PARTIALLYCOMPLETE: JobStatus.PartiallyComplete,
};

/** The name of a status value (INVALIDSTATUS for none). */
export function jobStatusName(value: number): string {
  return Object.keys(NAMES).find((name) => NAMES[name] === value) ?? 'INVALIDSTATUS';
}

/** A status written as a name (case-insensitive) or a number; undefined when it is neither. */
export function parseJobStatus(text: string): JobStatusValue | undefined {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) {
    const value = Number(trimmed);
    return Object.values(JobStatus).includes(value as JobStatusValue) ? (value as JobStatusValue) : undefined;
  }
  return NAMES[trimmed.toUpperCase()];
}

/** The states a client may end its running job with (`POST /api/v2/jobs/end`). */
export const CLIENT_END_STATUSES = { COMPLETE: JobStatus.Complete, FAILED: JobStatus.Failed } as const;
