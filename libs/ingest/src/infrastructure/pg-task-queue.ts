import { Injectable } from '@nestjs/common';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { once } from 'node:events';
import { JobStatus } from '@app/collection';
import { Database, param, sql, type Row } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { scopeOfResult, type FileResult } from '../application/file-ingestor.js';
import { storableText } from '../domain/properties.js';
import { TaskQueue, type ClaimedTask, type EnqueueOutcome, type NewTask } from '../application/ports.js';
import type { TaskOwner } from '../application/upload-job.js';

/** Size of one stored chunk of an upload. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * The task queue in PostgreSQL: ingest_tasks rows and their bytes in ingest_task_chunks. A claim is one statement
 * (FOR UPDATE SKIP LOCKED), so workers on every instance share the queue without taking a task twice.
 */
@Injectable()
export class PgTaskQueue extends TaskQueue {
  constructor(private readonly db: Database) {
    super();
  }

  enqueue(task: NewTask, at: Date): Promise<EnqueueOutcome> {
    return this.db.transaction(async (m) => {
      const owner = task.owner;
      if ('jobId' in owner) {
        // Locked, so an end (or a timeout) cannot slip between the check and the stored task.
        const [job]: Row[] = await m.query('SELECT status FROM ingest_jobs WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [owner.jobId]);
        if (!job) return 'not-found';
        if (Number(job.status) !== JobStatus.Running) return 'not-running';
        const ingested = param(at);
        const { text, values } = sql`UPDATE ingest_jobs SET last_ingest = ${ingested}, updated_at = ${ingested}
          WHERE id = ${owner.jobId}`.toQuery();
        await m.query(text, values);
      } else {
        // The client's job, checked again under a lock: it may have ended since the upload began.
        const [job]: Row[] = await m.query(
          'SELECT status FROM collection_jobs WHERE id = $1 AND client_id = $2 AND deleted_at IS NULL FOR UPDATE',
          [owner.collectionJobId, owner.clientId],
        );
        if (!job) return 'not-found';
        if (Number(job.status) !== JobStatus.Running) return 'not-running';
      }
      const [jobId, collectionJobId, clientId] = ownerColumns(owner);
      const { text, values } = sql`
        INSERT INTO ingest_tasks (job_id, collection_job_id, client_id, file_name, content_kind, size, created_at)
        VALUES (${jobId}, ${collectionJobId}, ${clientId}, ${task.fileName}, ${task.kind}, ${task.size}, ${at})
        RETURNING id`.toQuery();
      const [created]: Row[] = await m.query(text, values);
      await storeChunks(m, Number(created.id), task.path);
      return 'queued';
    });
  }

  async claim(lease: string, at: Date, leaseSeconds: number): Promise<ClaimedTask | null> {
    const claimedAt = param(at);
    const { text, values } = sql`
      WITH claimed AS (
        UPDATE ingest_tasks SET claimed_at = ${claimedAt}, claimed_by = ${lease}, attempts = attempts + 1
        WHERE id = (
          SELECT id FROM ingest_tasks
          WHERE finished_at IS NULL AND (claimed_at IS NULL OR claimed_at < ${claimedAt}::timestamptz - make_interval(secs => ${leaseSeconds}))
          ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
        RETURNING *)
      SELECT * FROM claimed`.toQuery();
    const rows = await this.db.query<Row>(text, values);
    if (rows.length === 0) return null;
    const row = rows[0];
    const owner: TaskOwner = row.job_id !== null
      ? { jobId: Number(row.job_id) }
      : { collectionJobId: Number(row.collection_job_id), clientId: String(row.client_id) };
    return {
      id: Number(row.id), owner, fileName: String(row.file_name), kind: row.content_kind as ClaimedTask['kind'],
      attempts: Number(row.attempts), lease,
    };
  }

  async spool(taskId: number, path: string): Promise<void> {
    const out = createWriteStream(path);
    try {
      // One chunk per statement: memory holds a chunk, not the upload.
      for (let seq = 0; ; seq++) {
        const rows = await this.db.query<Row>(
          'SELECT data FROM ingest_task_chunks WHERE task_id = $1 AND seq = $2', [taskId, seq], { readOnly: true },
        );
        if (rows.length === 0) break;
        if (!out.write(rows[0].data as Buffer)) await once(out, 'drain');
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
  }

  async renew(task: ClaimedTask, at: Date): Promise<boolean> {
    const rows = await this.db.query<Row>(
      `WITH renewed AS (UPDATE ingest_tasks SET claimed_at = $3 WHERE id = $1 AND claimed_by = $2 RETURNING id)
       SELECT id FROM renewed`,
      [task.id, task.lease, at],
    );
    return rows.length > 0;
  }

  async release(task: ClaimedTask): Promise<void> {
    await this.db.query(
      'UPDATE ingest_tasks SET claimed_at = NULL, claimed_by = NULL, attempts = attempts - 1 WHERE id = $1 AND claimed_by = $2',
      [task.id, task.lease],
    );
  }

  complete(
    task: ClaimedTask, results: FileResult[], alsoInTransaction?: () => Promise<void>, keepBytes = false,
  ): Promise<boolean> {
    return this.db.transaction(async (m) => {
      // Kept: no longer queued (finished_at), its bytes left for the retention sweep.
      const removed: Row[] = await m.query(
        keepBytes
          ? `WITH kept AS (UPDATE ingest_tasks SET finished_at = now(), claimed_at = NULL, claimed_by = NULL
               WHERE id = $1 AND claimed_by = $2 RETURNING id) SELECT id FROM kept`
          : 'WITH removed AS (DELETE FROM ingest_tasks WHERE id = $1 AND claimed_by = $2 RETURNING id) SELECT id FROM removed',
        [task.id, task.lease],
      );
      if (removed.length === 0) return false;
      const owner = task.owner;
      const [jobId, collectionJobId] = ownerColumns(owner);
      await m.query(
        `INSERT INTO ingest_completed_tasks (job_id, collection_job_id, file_name, parent_file_name, errors, warnings)
         SELECT $1, $2, u.file_name, u.parent_file_name, ARRAY(SELECT json_array_elements_text(u.errors)),
           ARRAY(SELECT json_array_elements_text(u.warnings))
         FROM json_to_recordset($3::json) AS u(file_name text, parent_file_name text, errors json, warnings json)`,
        [jobId, collectionJobId, JSON.stringify(results.map((r) => ({
          file_name: storableText(r.fileName), parent_file_name: storableText(r.parentFileName ?? ''),
          errors: r.errors.map(storableText), warnings: r.warnings.map(storableText),
        })))],
      );
      const scopes = results.flatMap((r) => scopeOfResult(r, new Date()) ?? []);
      if (scopes.length > 0) {
        await m.query(
          `INSERT INTO ingest_file_scopes (job_id, collection_job_id, scope) SELECT $1, $2, s FROM jsonb_array_elements($3::jsonb) AS s`,
          [jobId, collectionJobId, JSON.stringify(scopes)],
        );
      }
      if ('jobId' in owner) {
        const failed = results.filter((r) => r.errors.length > 0);
        await m.query(
          `UPDATE ingest_jobs SET total_files = total_files + $2, failed_files = failed_files + $3,
             partial_failed_files = partial_failed_files + $4, updated_at = now() WHERE id = $1`,
          [owner.jobId, results.length, failed.length, failed.filter((r) => r.objects > 0).length],
        );
      }
      await alsoInTransaction?.();
      return true;
    });
  }

  async removeKeptBefore(before: Date): Promise<number> {
    const [row] = await this.db.query<Row>(
      'WITH removed AS (DELETE FROM ingest_tasks WHERE finished_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM removed',
      [before],
    );
    return Number(row.n);
  }

  async pending(): Promise<boolean> {
    const [row] = await this.db.query<Row>('SELECT EXISTS (SELECT 1 FROM ingest_tasks WHERE finished_at IS NULL) AS pending', [], { readOnly: true });
    return Boolean(row.pending);
  }
}

function ownerColumns(owner: TaskOwner): [number | null, number | null, string | null] {
  return 'jobId' in owner ? [owner.jobId, null, null] : [null, owner.collectionJobId, owner.clientId];
}

async function storeChunks(m: EntityManager, taskId: number, path: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES);
    for (let seq = 0; ; seq++) {
      const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      await m.query('INSERT INTO ingest_task_chunks (task_id, seq, data) VALUES ($1, $2, $3)', [taskId, seq, buffer.subarray(0, bytesRead)]);
    }
  } finally {
    await file.close();
  }
}
