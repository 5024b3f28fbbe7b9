import { Injectable } from '@nestjs/common';
import { JobStatus } from '@app/collection';
import { Database, type Row } from '@app/platform';
import { CollectionScopeStore, type PendingCollection } from '../application/ports.js';
import type { FileScope } from '../domain/collection-scope.js';

/**
 * Upload jobs whose collection is not ready: still receiving files or ingesting them, or canceled. Any other job's
 * scopes left behind (an analysis that failed before reconciling) are taken by the next analysis.
 */
const NOT_READY = [JobStatus.Running, JobStatus.Ingesting, JobStatus.Canceled];

/** CollectionScopeStore over `ingest_file_scopes`. A collection job counts as ended once its end_time is set. */
@Injectable()
export class PgCollectionScopeStore extends CollectionScopeStore {
  constructor(private readonly db: Database) {
    super();
  }

  async ready(jobIds: number[]): Promise<PendingCollection[]> {
    const rows = await this.db.query<Row>(
      `SELECT s.id, s.job_id, s.collection_job_id, s.scope
       FROM ingest_file_scopes s
         LEFT JOIN ingest_jobs j ON j.id = s.job_id
         LEFT JOIN collection_jobs c ON c.id = s.collection_job_id
       WHERE (s.job_id = ANY($1::bigint[]) OR j.status <> ALL($2::smallint[]) OR c.end_time IS NOT NULL)
         -- A client may end its job before its uploads are ingested: its collection is whole only once they are.
         AND NOT EXISTS (SELECT 1 FROM ingest_tasks t WHERE t.finished_at IS NULL
           AND (t.job_id = s.job_id OR t.collection_job_id = s.collection_job_id))
       ORDER BY s.id`,
      [jobIds, NOT_READY],
    );
    const collections = new Map<string, PendingCollection>();
    for (const row of rows) {
      const name = row.job_id !== null ? `job ${row.job_id}` : `collection job ${row.collection_job_id}`;
      const collection = collections.get(name) ?? { name, files: [], rowIds: [] };
      collection.files.push(row.scope as FileScope);
      collection.rowIds.push(Number(row.id));
      collections.set(name, collection);
    }
    return [...collections.values()];
  }

  async remove(rowIds: number[]): Promise<void> {
    if (rowIds.length > 0) await this.db.query('DELETE FROM ingest_file_scopes WHERE id = ANY($1::bigint[])', [rowIds]);
  }
}
