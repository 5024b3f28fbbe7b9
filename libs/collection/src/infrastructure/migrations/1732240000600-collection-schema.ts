import type { MigrationInterface, QueryRunner } from 'typeorm';

const TIMESTAMPS = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz`;

const FLAGS = `
  session_collection boolean NOT NULL DEFAULT false,
  local_group_collection boolean NOT NULL DEFAULT false,
  ad_structure_collection boolean NOT NULL DEFAULT false,
  cert_services_collection boolean NOT NULL DEFAULT false,
  ca_registry_collection boolean NOT NULL DEFAULT false,
  dc_registry_collection boolean NOT NULL DEFAULT false,
  all_trusted_domains boolean NOT NULL DEFAULT false,
  ous text[] NOT NULL DEFAULT '{}',
  domains text[] NOT NULL DEFAULT '{}'`;

/**
 * Scheduled collection: clients and their signing tokens, events (RRULE schedules), jobs with their domain results,
 * and the view that defines every computed client figure once (lists, filters, sorts and single reads use it).
 */
export class CollectionSchema1732240000600 implements MigrationInterface {
  name = 'CollectionSchema1732240000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE collection_clients (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),${TIMESTAMPS},
        name text NOT NULL,
        type text NOT NULL CHECK (type IN ('sharphound', 'azurehound')),
        domain_controller text,
        ip_address text NOT NULL DEFAULT '',
        hostname text NOT NULL DEFAULT '',
        configured_user text NOT NULL DEFAULT '',
        version text NOT NULL DEFAULT '',
        user_sid text,
        last_checkin timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX collection_clients_live_name ON collection_clients (lower(name)) WHERE deleted_at IS NULL`);

    // Keys are HMAC keys, so they are encrypted (AES-256-GCM, SECRETS_KEY), never hashed. One live token per client.
    await q.query(`
      CREATE TABLE collection_client_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),${TIMESTAMPS},
        client_id uuid NOT NULL REFERENCES collection_clients (id) ON DELETE CASCADE,
        encrypted_key text NOT NULL,
        hmac_method text NOT NULL DEFAULT 'hmac-sha2-256',
        last_access timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX collection_client_tokens_live ON collection_client_tokens (client_id) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE collection_events (
        id serial PRIMARY KEY,${TIMESTAMPS},
        client_id uuid NOT NULL REFERENCES collection_clients (id),
        title text NOT NULL DEFAULT '',
        rrule text NOT NULL DEFAULT '',
        next_scheduled_at timestamptz,${FLAGS}
      )`);
    await q.query(`CREATE INDEX collection_events_client ON collection_events (client_id) WHERE deleted_at IS NULL`);
    // The scheduler's question: which live events have an occurrence due.
    await q.query(`
      CREATE INDEX collection_events_due ON collection_events (next_scheduled_at)
      WHERE deleted_at IS NULL AND next_scheduled_at IS NOT NULL`);

    // event_title is copied from the event when the job is made, so a job keeps it (and filters on it) whatever
    // becomes of the event. progressed_at is the last sign of life of a RUNNING job (start, ingest).
    await q.query(`
      CREATE TABLE collection_jobs (
        id bigserial PRIMARY KEY,${TIMESTAMPS},
        client_id uuid NOT NULL REFERENCES collection_clients (id),
        event_id integer REFERENCES collection_events (id),
        event_title text NOT NULL DEFAULT '',
        execution_time timestamptz NOT NULL,
        start_time timestamptz,
        end_time timestamptz,
        last_ingest timestamptz,
        progressed_at timestamptz,
        status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN -1 AND 8),
        status_message text NOT NULL DEFAULT '',
        domain_controller text NOT NULL DEFAULT '',
        log_path text NOT NULL DEFAULT '',${FLAGS},
        -- Each occurrence of an event becomes one job, however many schedulers tick at once.
        CONSTRAINT collection_jobs_one_per_occurrence UNIQUE (event_id, execution_time)
      )`);
    // A client runs one job at a time.
    await q.query(`CREATE UNIQUE INDEX collection_jobs_one_running ON collection_jobs (client_id) WHERE status = 1 AND deleted_at IS NULL`);
    await q.query(`CREATE INDEX collection_jobs_client_status ON collection_jobs (client_id, status, execution_time)`);
    // Time-outs and tasks/available look at the live READY and RUNNING jobs only.
    await q.query(`CREATE INDEX collection_jobs_open ON collection_jobs (status, execution_time) WHERE status IN (0, 1)`);

    await q.query(`
      CREATE TABLE collection_domain_results (
        id bigserial PRIMARY KEY,${TIMESTAMPS},
        job_id bigint NOT NULL REFERENCES collection_jobs (id) ON DELETE CASCADE,
        domain_name text NOT NULL,
        success boolean NOT NULL DEFAULT false,
        message text NOT NULL DEFAULT '',
        user_count integer NOT NULL DEFAULT 0 CHECK (user_count >= 0),
        group_count integer NOT NULL DEFAULT 0 CHECK (group_count >= 0),
        computer_count integer NOT NULL DEFAULT 0 CHECK (computer_count >= 0),
        gpo_count integer NOT NULL DEFAULT 0 CHECK (gpo_count >= 0),
        ou_count integer NOT NULL DEFAULT 0 CHECK (ou_count >= 0),
        container_count integer NOT NULL DEFAULT 0 CHECK (container_count >= 0),
        aiaca_count integer NOT NULL DEFAULT 0 CHECK (aiaca_count >= 0),
        rootca_count integer NOT NULL DEFAULT 0 CHECK (rootca_count >= 0),
        enterpriseca_count integer NOT NULL DEFAULT 0 CHECK (enterpriseca_count >= 0),
        ntauthstore_count integer NOT NULL DEFAULT 0 CHECK (ntauthstore_count >= 0),
        certtemplate_count integer NOT NULL DEFAULT 0 CHECK (certtemplate_count >= 0),
        deleted_count integer NOT NULL DEFAULT 0 CHECK (deleted_count >= 0)
      )`);
    await q.query(`CREATE INDEX collection_domain_results_job ON collection_domain_results (job_id)`);

    // Every computed client figure, defined once (compat part 1 "Jobs and tasks"): the RUNNING job, the next READY
    // job, finished jobs (2-8) and finished ad-hoc jobs, each an index probe on collection_jobs_client_status.
    // Scalar subqueries rather than lateral joins: PostgreSQL evaluates them only for the rows it returns (after
    // ORDER BY/LIMIT, whatever the sort column) and not at all for a count, where lateral joins ran for every client.
    await q.query(`
      CREATE VIEW collection_client_records AS
      SELECT c.*,
        (SELECT j.id FROM collection_jobs j
         WHERE j.client_id = c.id AND j.status = 1 AND j.deleted_at IS NULL
         ORDER BY j.execution_time DESC, j.id DESC LIMIT 1) AS current_job_id,
        (SELECT j.id FROM collection_jobs j
         WHERE j.client_id = c.id AND j.status = 0 AND j.deleted_at IS NULL
         ORDER BY j.execution_time, j.id LIMIT 1) AS current_task_id,
        (SELECT count(*)::integer FROM collection_jobs j
         WHERE j.client_id = c.id AND j.status BETWEEN 2 AND 8 AND j.deleted_at IS NULL) AS completed_job_count,
        (SELECT count(*)::integer FROM collection_jobs j
         WHERE j.client_id = c.id AND j.status BETWEEN 2 AND 8 AND j.event_id IS NULL AND j.deleted_at IS NULL)
          AS completed_task_count,
        t.id AS token_id, t.hmac_method AS token_hmac_method, t.last_access AS token_last_access,
        t.created_at AS token_created_at, t.updated_at AS token_updated_at, t.deleted_at AS token_deleted_at
      FROM collection_clients c
      LEFT JOIN collection_client_tokens t ON t.client_id = c.id AND t.deleted_at IS NULL`);
    // The listing's default order (created_at, id) over live clients, read in order so a page stops at its limit.
    await q.query(`CREATE INDEX collection_clients_live_created ON collection_clients (created_at, id) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW IF EXISTS collection_client_records`);
    for (const table of ['collection_domain_results', 'collection_jobs', 'collection_events', 'collection_client_tokens', 'collection_clients']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
