import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Digests that let an evaluation which finds nothing changed (the steady state) write nothing: per selector, of
 * the member rows its last evaluation wrote; per tag, of the member set its kind was last applied to. Null until
 * written; a null or different digest means "write".
 */
export class MembershipDigests1732240000410 implements MigrationInterface {
  name = 'MembershipDigests1732240000410';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE asset_group_tag_selectors ADD COLUMN members_digest text`);
    await q.query(`ALTER TABLE asset_group_tags ADD COLUMN kind_digest text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE asset_group_tags DROP COLUMN IF EXISTS kind_digest`);
    await q.query(`ALTER TABLE asset_group_tag_selectors DROP COLUMN IF EXISTS members_digest`);
  }
}
