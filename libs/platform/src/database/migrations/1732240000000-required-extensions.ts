import type { MigrationInterface, QueryRunner } from 'typeorm';

const EXTENSIONS = ['pg_trgm'];

/** Extensions every later migration may rely on; fails with a clear message where the server lacks them. */
export class RequiredExtensions1732240000000 implements MigrationInterface {
  name = 'RequiredExtensions1732240000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const extension of EXTENSIONS) {
      const [available] = await queryRunner.query('SELECT 1 FROM pg_available_extensions WHERE name = $1', [extension]);
      if (!available) {
        throw new Error(
          `PostgreSQL extension "${extension}" is not available on this server: install the contrib package ` +
            `(e.g. postgresql-contrib) or ask the DBA to run CREATE EXTENSION ${extension}`,
        );
      }
      await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS ${extension}`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const extension of EXTENSIONS) await queryRunner.query(`DROP EXTENSION IF EXISTS ${extension}`);
  }
}
