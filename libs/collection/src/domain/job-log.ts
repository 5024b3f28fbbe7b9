import { jobStatusName } from './job-status.js';
import { DOMAIN_RESULT_COUNTS, type Job } from './records.js';

/**
 * The log of a job (GET /api/v2/jobs/{job_id}/log) as the server recorded its run, one event a line in time order:
 * when it was due and why, its start, the last data received, each domain's result, its end (a job that has not
 * ended: where it stands, last). The collector's own log file stays on the client (log_path names it): no route
 * uploads it.
 */
export function jobLogText(job: Job): string {
  const lines: [Date, string][] = [];
  const origin = job.eventId === null ? 'ad-hoc job' : `event ${job.eventId}${job.eventTitle ? ` "${job.eventTitle}"` : ''}`;
  lines.push([job.executionTime, `job ${job.id} for client ${job.clientName} due (${origin})`]);
  if (job.startTime) lines.push([job.startTime, `started${job.domainController ? ` against ${job.domainController}` : ''}`]);
  if (job.lastIngest) lines.push([job.lastIngest, 'last collected data received']);
  for (const result of [...job.domainResults].sort((a, b) => a.id - b.id)) {
    const counts = DOMAIN_RESULT_COUNTS.filter((count) => result.counts[count] > 0)
      .map((count) => `${count} ${result.counts[count]}`);
    const outcome = result.success ? 'succeeded' : 'failed';
    const details = [result.message, counts.join(', ')].filter((part) => part !== '').join('; ');
    lines.push([result.createdAt, `domain ${result.domainName} ${outcome}${details ? `: ${details}` : ''}`]);
  }
  const state = `${jobStatusName(job.status)}${job.statusMessage ? `: ${job.statusMessage}` : ''}`;
  if (job.endTime) lines.push([job.endTime, `ended ${state}`]);
  if (job.logPath) lines.push([job.endTime ?? job.updatedAt, `collector log on the client: ${job.logPath}`]);
  // In time order; a stable sort, so events recorded at the same instant keep the order above.
  lines.sort(([a], [b]) => a.getTime() - b.getTime());
  // A job that has not ended says where it stands, last, as of its last change.
  if (!job.endTime) lines.push([job.updatedAt, `now ${state}`]);
  return lines.map(([at, text]) => `${at.toISOString()} ${text}`).join('\n');
}
