import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Data lifecycle (issue 18): what each ingested file covered, kept until the analysis that reconciles the graph with
 * its collection (`ingest_file_scopes`); and stored uploads whose ingest failed, kept for inspection for a while
 * (`ingest_tasks.finished_at` set: no longer queued, removed by the retention sweep).
 */
export class IngestLifecycle1732240001000 implements MigrationInterface {
  name = 'IngestLifecycle1732240001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ingest_file_scopes (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        job_id bigint REFERENCES ingest_jobs (id) ON DELETE CASCADE,
        collection_job_id bigint REFERENCES collection_jobs (id) ON DELETE CASCADE,
        scope jsonb NOT NULL,
        CHECK ((job_id IS NULL) <> (collection_job_id IS NULL))
      )`);
    await q.query(`CREATE INDEX ingest_file_scopes_job ON ingest_file_scopes (job_id)`);
    await q.query(`CREATE INDEX ingest_file_scopes_collection_job ON ingest_file_scopes (collection_job_id)`);
    await q.query(`ALTER TABLE ingest_tasks ADD COLUMN finished_at timestamptz`);
    await q.query(`CREATE INDEX ingest_tasks_finished ON ingest_tasks (finished_at) WHERE finished_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ingest_tasks_finished`);
    await q.query(`ALTER TABLE ingest_tasks DROP COLUMN IF EXISTS finished_at`);
    await q.query(`DROP TABLE IF EXISTS ingest_file_scopes`);
  }
}
