import { Injectable } from '@nestjs/common';
import { JobStatus } from '@app/collection';
import { ANALYSIS_LOCK_KEY, applyListQuery, Database, param, raw, sql, type ListQuery, type Row } from '@app/platform';
import { IngestErrors } from '../application/ingest-errors.js';
import { UploadJobStore, type EndOutcome, type Page } from '../application/ports.js';
import { UPLOAD_JOB_LIST } from '../application/upload-job-list-spec.js';
import type { CompletedTask, UploadJob } from '../application/upload-job.js';
import { toCompletedTask, toUploadJob } from './pg-upload-rows.js';

/** File upload jobs in PostgreSQL (ingest_jobs); each change one statement. */
@Injectable()
export class PgUploadJobStore extends UploadJobStore {
  constructor(private readonly db: Database) {
    super();
  }

  async create(userId: string, at: Date): Promise<UploadJob> {
    const user = param(userId);
    const started = param(at);
    const { text, values } = sql`
      INSERT INTO ingest_jobs (user_id, user_email_address, status, start_time, last_ingest)
      SELECT ${user}, (SELECT email_address FROM users WHERE id = ${user}), ${raw(JobStatus.Running)}, ${started},
             ${started}
      RETURNING *`.toQuery();
    const [row] = await this.db.query<Row>(text, values);
    return toUploadJob(row);
  }

  list(query: ListQuery): Promise<Page<UploadJob>> {
    return this.db.transaction(async (m) => {
      const qb = m.createQueryBuilder().from('ingest_jobs', 'j');
      if (!query.filters.some((predicate) => predicate.column === 'deleted_at')) qb.andWhere('j.deleted_at IS NULL');
      const rows: Row[] = await applyListQuery(qb, UPLOAD_JOB_LIST, query)
        .select('j.*')
        .addSelect('count(*) OVER ()', 'total_count')
        .getRawMany();
      if (rows.length > 0 || query.skip === 0) {
        return { items: rows.map(toUploadJob), count: rows.length > 0 ? Number(rows[0].total_count) : 0 };
      }
      const counted = m.createQueryBuilder().from('ingest_jobs', 'j');
      if (!query.filters.some((predicate) => predicate.column === 'deleted_at')) counted.andWhere('j.deleted_at IS NULL');
      const total = await applyListQuery(counted, UPLOAD_JOB_LIST, { ...query, sort: [] }, { page: false })
        .select('count(*)', 'total_count').orderBy().getRawOne<Row>();
      return { items: [], count: Number(total?.total_count ?? 0) };
    }, { readOnly: true });
  }

  async find(id: number): Promise<UploadJob | null> {
    const rows = await this.db.query<Row>('SELECT * FROM ingest_jobs WHERE id = $1 AND deleted_at IS NULL', [id], { readOnly: true });
    return rows.length > 0 ? toUploadJob(rows[0]) : null;
  }

  end(id: number, at: Date): Promise<EndOutcome> {
    return this.db.transaction(async (m) => {
      const rows: Row[] = await m.query(
        `WITH ended AS (
           UPDATE ingest_jobs SET status = ${JobStatus.Ingesting}, updated_at = $2
           WHERE id = $1 AND status = ${JobStatus.Running} AND deleted_at IS NULL RETURNING *)
         SELECT * FROM ended`,
        [id, at],
      );
      if (rows.length > 0) return toUploadJob(rows[0]);
      const known: Row[] = await m.query('SELECT 1 FROM ingest_jobs WHERE id = $1 AND deleted_at IS NULL', [id]);
      return known.length > 0 ? 'not-running' : 'not-found';
    });
  }

  async completedTasks(jobId: number): Promise<CompletedTask[]> {
    const rows = await this.db.query<Row>(
      'SELECT * FROM ingest_completed_tasks WHERE job_id = $1 AND deleted_at IS NULL ORDER BY id', [jobId], { readOnly: true },
    );
    return rows.map(toCompletedTask);
  }

  async timeOutIdle(idleSince: Date, message: string, at: Date): Promise<number> {
    const ended = param(at);
    const { text, values } = sql`
      WITH timed_out AS (
        UPDATE ingest_jobs SET status = ${raw(JobStatus.TimedOut)}, status_message = ${message}, end_time = ${ended},
          updated_at = ${ended}
        WHERE status = ${raw(JobStatus.Running)} AND deleted_at IS NULL AND last_ingest < ${idleSince} RETURNING id)
      SELECT id FROM timed_out`.toQuery();
    const rows = await this.db.query<Row>(text, values);
    return rows.length;
  }

  async claimForAnalysis(at: Date): Promise<number[]> {
    // Analyzing jobs are taken over only if the analysis lock is free: tried inside this transaction, so no instance
    // can start an analysis meanwhile. A live instance that claimed jobs waits for the lock or holds it until it has
    // finished them (the analysis, then the jobs, then the lock released). Only between its claim and its lock
    // request (a few ms) are its jobs Analyzing with the lock free, and may be taken over too: that costs one
    // analysis more and nothing else (finishing a job twice is harmless). Otherwise, Analyzing with the lock free
    // means that their instance stopped, died, or failed to finish them.
    const rows = await this.db.query<Row>(
      `WITH lock AS (SELECT pg_try_advisory_xact_lock($3::bigint) AS free),
       claimed AS (
         UPDATE ingest_jobs j SET status = ${JobStatus.Analyzing}, status_message = $1, updated_at = $2
         WHERE j.deleted_at IS NULL AND (
           (j.status = ${JobStatus.Ingesting} AND NOT EXISTS (SELECT 1 FROM ingest_tasks t WHERE t.job_id = j.id AND t.finished_at IS NULL))
           OR (j.status = ${JobStatus.Analyzing} AND (SELECT free FROM lock)))
         RETURNING j.id)
       SELECT id FROM claimed`,
      [IngestErrors.analyzing, at, ANALYSIS_LOCK_KEY],
    );
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }

  async removeEndedBefore(before: Date): Promise<number> {
    const [row] = await this.db.query<Row>(
      `WITH removed AS (DELETE FROM ingest_jobs WHERE end_time < $1 AND status = ANY($2::smallint[]) RETURNING 1)
       SELECT count(*)::int AS n FROM removed`,
      [before, ENDED],
    );
    return Number(row.n);
  }

  async removeAll(): Promise<number> {
    // The foreign keys cascade to completed tasks, stored uploads (with their chunks) and file scopes.
    const [row] = await this.db.query<Row>('WITH removed AS (DELETE FROM ingest_jobs RETURNING 1) SELECT count(*)::int AS n FROM removed');
    return Number(row.n);
  }

  async finish(ids: number[], analysis: 'succeeded' | 'failed', at: Date): Promise<void> {
    if (ids.length === 0) return;
    // One statement: the status and message follow from the job's file counters (reference §4, step 6).
    const outcome = param(analysis);
    const ended = param(at);
    const { text, values } = sql`
      UPDATE ingest_jobs SET
        status = CASE
          WHEN ${outcome} = 'failed' THEN ${raw(JobStatus.Failed)}
          WHEN total_files > 0 AND failed_files >= total_files THEN ${raw(JobStatus.Failed)}
          WHEN failed_files > 0 THEN ${raw(JobStatus.PartiallyComplete)}
          ELSE ${raw(JobStatus.Complete)} END,
        status_message = CASE
          WHEN ${outcome} = 'failed' THEN ${IngestErrors.analysisFailed}
          WHEN total_files > 0 AND failed_files >= total_files THEN ${IngestErrors.allFailed}
          WHEN failed_files > 0 THEN replace(${IngestErrors.someFailed('{n}')}, '{n}', failed_files::text)
          ELSE ${IngestErrors.complete} END,
        end_time = ${ended}, updated_at = ${ended}
      WHERE id = ANY(${ids}::bigint[]) AND status = ${raw(JobStatus.Analyzing)}`.toQuery();
    await this.db.query(text, values);
  }
}

/** Statuses a job never leaves. */
const ENDED = [JobStatus.Complete, JobStatus.Canceled, JobStatus.TimedOut, JobStatus.Failed, JobStatus.PartiallyComplete];
