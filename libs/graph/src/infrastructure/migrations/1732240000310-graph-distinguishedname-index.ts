import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ingest resolves SharpHound members given as `DN=<dn>` by the node's distinguishedname, case-insensitively, once
 * per batch: without this index every such batch would scan the whole node table.
 */
export class GraphDistinguishedNameIndex1732240000310 implements MigrationInterface {
  name = 'GraphDistinguishedNameIndex1732240000310';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX node_distinguishedname_index ON node (upper(properties ->> 'distinguishedname'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS node_distinguishedname_index`);
  }
}
