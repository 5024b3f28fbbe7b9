import type { MigrationInterface, QueryRunner } from 'typeorm';

const TIMESTAMPS = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz`;

/** File upload jobs, stored uploads (tasks and their bytes), completed tasks. */
export class IngestSchema1732240000700 implements MigrationInterface {
  name = 'IngestSchema1732240000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ingest_jobs (
        id bigserial PRIMARY KEY,${TIMESTAMPS},
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        user_email_address text,
        status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN -1 AND 8),
        status_message text NOT NULL DEFAULT '',
        start_time timestamptz NOT NULL,
        end_time timestamptz,
        last_ingest timestamptz NOT NULL,
        total_files integer NOT NULL DEFAULT 0,
        failed_files integer NOT NULL DEFAULT 0,
        partial_failed_files integer NOT NULL DEFAULT 0
      )`);
    // The datapipe's questions: Running jobs gone idle, Ingesting jobs with nothing left to ingest.
    await q.query(`CREATE INDEX ingest_jobs_status ON ingest_jobs (status, last_ingest) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX ingest_jobs_user ON ingest_jobs (user_id)`);

    // A stored upload waiting to be ingested: for a file upload job, or for a collection client's RUNNING job.
    // claimed_by/claimed_at are the lease of the worker ingesting it; attempts counts claims.
    await q.query(`
      CREATE TABLE ingest_tasks (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        job_id bigint REFERENCES ingest_jobs (id) ON DELETE CASCADE,
        collection_job_id bigint REFERENCES collection_jobs (id) ON DELETE CASCADE,
        client_id uuid REFERENCES collection_clients (id) ON DELETE CASCADE,
        file_name text NOT NULL,
        content_kind text NOT NULL CHECK (content_kind IN ('json', 'zip', 'gzip')),
        size bigint NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        claimed_at timestamptz,
        claimed_by uuid,
        CHECK ((job_id IS NULL) <> (collection_job_id IS NULL))
      )`);
    await q.query(`CREATE INDEX ingest_tasks_claim ON ingest_tasks (claimed_at NULLS FIRST, id)`);
    await q.query(`CREATE INDEX ingest_tasks_job ON ingest_tasks (job_id) WHERE job_id IS NOT NULL`);

    // The uploaded bytes, in ~1 MiB chunks: any instance can ingest them, and a restart loses nothing.
    await q.query(`
      CREATE TABLE ingest_task_chunks (
        task_id bigint NOT NULL REFERENCES ingest_tasks (id) ON DELETE CASCADE,
        seq integer NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (task_id, seq)
      )`);
    await q.query(`ALTER TABLE ingest_task_chunks ALTER COLUMN data SET STORAGE EXTERNAL`);

    await q.query(`
      CREATE TABLE ingest_completed_tasks (
        id bigserial PRIMARY KEY,${TIMESTAMPS},
        job_id bigint REFERENCES ingest_jobs (id) ON DELETE CASCADE,
        collection_job_id bigint REFERENCES collection_jobs (id) ON DELETE CASCADE,
        file_name text NOT NULL,
        parent_file_name text NOT NULL DEFAULT '',
        errors text[] NOT NULL DEFAULT '{}',
        warnings text[] NOT NULL DEFAULT '{}'
      )`);
    await q.query(`CREATE INDEX ingest_completed_tasks_job ON ingest_completed_tasks (job_id, id)`);
    await q.query(`CREATE INDEX ingest_completed_tasks_collection_job ON ingest_completed_tasks (collection_job_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS ingest_completed_tasks, ingest_task_chunks, ingest_tasks, ingest_jobs');
  }
}
