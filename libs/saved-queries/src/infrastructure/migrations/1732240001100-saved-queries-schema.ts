import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved queries (issue 19): a user's named Cypher queries, unique by name per owner, and who else may read them:
 * one `public` row, or one row per user the query is shared to (never both: making a query public drops its shares).
 * Both go with their query and with a user who is removed for good.
 */
export class SavedQueriesSchema1732240001100 implements MigrationInterface {
  name = 'SavedQueriesSchema1732240001100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE saved_queries (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL,
        query text NOT NULL,
        description text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT saved_queries_user_id_name_key UNIQUE (user_id, name)
      )`);
    await q.query(`
      CREATE TABLE saved_queries_permissions (
        id bigserial PRIMARY KEY,
        query_id bigint NOT NULL REFERENCES saved_queries (id) ON DELETE CASCADE,
        shared_to_user_id uuid REFERENCES users (id) ON DELETE CASCADE,
        public boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT saved_queries_permissions_public_or_shared CHECK (public = (shared_to_user_id IS NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX saved_queries_permissions_public_key ON saved_queries_permissions (query_id) WHERE public`);
    await q.query(`CREATE UNIQUE INDEX saved_queries_permissions_share_key
      ON saved_queries_permissions (query_id, shared_to_user_id) WHERE shared_to_user_id IS NOT NULL`);
    await q.query(`CREATE INDEX saved_queries_permissions_shared_to ON saved_queries_permissions (shared_to_user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS saved_queries_permissions');
    await q.query('DROP TABLE IF EXISTS saved_queries');
  }
}
