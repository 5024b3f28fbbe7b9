import type { MigrationInterface, QueryRunner } from 'typeorm';

/** collection_client_records as CollectionSchema1732240000600 defines it: `c.*` takes the client's columns when made. */
const CLIENT_RECORDS = `
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
  LEFT JOIN collection_client_tokens t ON t.client_id = c.id AND t.deleted_at IS NULL`;

/**
 * A client's issuer_address and issuer_address_override (the BHE client's fields; NULL when not set). The view of
 * client records is made again so that its `c.*` includes them.
 */
export class CollectionIssuerAddresses1732240001170 implements MigrationInterface {
  name = 'CollectionIssuerAddresses1732240001170';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW collection_client_records`);
    await q.query(`ALTER TABLE collection_clients ADD COLUMN issuer_address text, ADD COLUMN issuer_address_override text`);
    await q.query(CLIENT_RECORDS);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW collection_client_records`);
    await q.query(`ALTER TABLE collection_clients DROP COLUMN issuer_address, DROP COLUMN issuer_address_override`);
    await q.query(CLIENT_RECORDS);
  }
}
