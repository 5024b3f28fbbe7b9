import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The directory graph in PostgreSQL (graph-reference §1): `kind` maps labels and edge types to small ids, `node`
 * holds kind ids and jsonb properties, `edge` one kind per row, unique per (start, end, kind). One graph
 * ("default") for now; `graph_id` keeps the layout compatible with a partition per graph. Edges go with their
 * nodes through the foreign keys (no partitioning here, so a plain cascade works).
 */
export class GraphSchema1732240000300 implements MigrationInterface {
  name = 'GraphSchema1732240000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE graph (id bigserial PRIMARY KEY, name varchar(256) NOT NULL UNIQUE)`);
    await q.query(`INSERT INTO graph (id, name) VALUES (1, 'default')`);
    await q.query(`CREATE TABLE kind (id smallserial PRIMARY KEY, name varchar(256) NOT NULL UNIQUE)`);
    await q.query(`
      CREATE TABLE node (
        id bigserial PRIMARY KEY,
        graph_id bigint NOT NULL DEFAULT 1 REFERENCES graph (id) ON DELETE CASCADE,
        kind_ids int2[] NOT NULL,
        properties jsonb NOT NULL,
        CONSTRAINT node_properties_object CHECK (jsonb_typeof(properties) = 'object'),
        CONSTRAINT node_objectid_present CHECK (jsonb_typeof(properties -> 'objectid') = 'string')
      )`);
    await q.query(`ALTER TABLE node ALTER COLUMN properties SET STORAGE MAIN`);
    await q.query(`CREATE UNIQUE INDEX node_objectid_key ON node (graph_id, (properties ->> 'objectid'))`);
    await q.query(`CREATE INDEX node_kind_ids_index ON node USING gin (kind_ids)`);
    await q.query(`CREATE INDEX node_name_index ON node ((properties ->> 'name'))`);
    await q.query(`CREATE INDEX node_name_trgm_index ON node USING gin ((properties ->> 'name') gin_trgm_ops)`);
    await q.query(`CREATE INDEX node_objectid_trgm_index ON node USING gin ((properties ->> 'objectid') gin_trgm_ops)`);
    await q.query(`CREATE INDEX node_system_tags_index ON node USING gin ((properties ->> 'system_tags') gin_trgm_ops)`);
    await q.query(`CREATE INDEX node_user_tags_index ON node USING gin ((properties ->> 'user_tags') gin_trgm_ops)`);
    await q.query(`CREATE INDEX node_domainsid_index ON node ((properties ->> 'domainsid'))`);
    await q.query(`CREATE INDEX node_tenantid_index ON node ((properties ->> 'tenantid'))`);
    await q.query(`
      CREATE TABLE edge (
        id bigserial PRIMARY KEY,
        graph_id bigint NOT NULL DEFAULT 1 REFERENCES graph (id) ON DELETE CASCADE,
        start_id bigint NOT NULL REFERENCES node (id) ON DELETE CASCADE,
        end_id bigint NOT NULL REFERENCES node (id) ON DELETE CASCADE,
        kind_id int2 NOT NULL REFERENCES kind (id),
        properties jsonb NOT NULL DEFAULT '{}',
        CONSTRAINT edge_properties_object CHECK (jsonb_typeof(properties) = 'object'),
        CONSTRAINT edge_start_end_kind_key UNIQUE (start_id, end_id, kind_id, graph_id)
      )`);
    await q.query(`ALTER TABLE edge ALTER COLUMN properties SET STORAGE MAIN`);
    // Covering indexes: an expansion step reads only the index (graph-reference §1).
    await q.query(`CREATE INDEX edge_start_kind_index ON edge (start_id, kind_id) INCLUDE (id, end_id)`);
    await q.query(`CREATE INDEX edge_end_kind_index ON edge (end_id, kind_id) INCLUDE (id, start_id)`);
    await q.query(`CREATE INDEX edge_kind_index ON edge (kind_id) INCLUDE (id, start_id, end_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS edge`);
    await q.query(`DROP TABLE IF EXISTS node`);
    await q.query(`DROP TABLE IF EXISTS kind`);
    await q.query(`DROP TABLE IF EXISTS graph`);
  }
}
