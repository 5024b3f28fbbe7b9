import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The display configuration of node kinds (issue 19, custom nodes): one row per kind name, its icon as JSON
 * (`{"icon": {"type", "name", "color"}}`). Independent of the `kind` table: a configuration may name a kind no node
 * carries yet.
 */
export class CustomNodeKinds1732240001150 implements MigrationInterface {
  name = 'CustomNodeKinds1732240001150';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE custom_node_kinds (
        id serial PRIMARY KEY,
        kind_name varchar(256) NOT NULL,
        config jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT custom_node_kinds_kind_name_key UNIQUE (kind_name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS custom_node_kinds`);
  }
}
