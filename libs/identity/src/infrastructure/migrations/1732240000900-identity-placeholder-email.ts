import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The email earlier versions gave the bootstrap administrator (the reference's placeholder). */
export const PLACEHOLDER_ADMIN_EMAIL = 'spam@example.com';

/**
 * Earlier versions created the bootstrap administrator with the placeholder email, which then showed as the author
 * of everything it created; it now has ADMIN_EMAIL or none, so the placeholder is removed from existing databases.
 */
export class IdentityPlaceholderEmail1732240000900 implements MigrationInterface {
  name = 'IdentityPlaceholderEmail1732240000900';

  async up(q: QueryRunner): Promise<void> {
    await q.query('UPDATE users SET email_address = NULL WHERE lower(email_address) = $1', [PLACEHOLDER_ADMIN_EMAIL]);
  }

  async down(): Promise<void> {
    // Nothing to restore: the placeholder was never a real address.
  }
}
