import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ADMINISTRATOR_ROLE_ID } from '../../domain/seed.js';

/** The email earlier versions gave the bootstrap administrator (the reference's placeholder). */
export const PLACEHOLDER_ADMIN_EMAIL = 'spam@example.com';

/**
 * Earlier versions created the bootstrap administrator (first name Admin, last name User, the Administrator role)
 * with the placeholder email, which then showed as the author of everything it created; it now has ADMIN_EMAIL or
 * none, so the placeholder is removed from that user in existing databases. Anyone else keeps what they were given.
 */
export class IdentityPlaceholderEmail1732240000900 implements MigrationInterface {
  name = 'IdentityPlaceholderEmail1732240000900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE users u SET email_address = NULL
       WHERE lower(u.email_address) = $1 AND u.first_name = 'Admin' AND u.last_name = 'User'
         AND EXISTS (SELECT 1 FROM users_roles ur WHERE ur.user_id = u.id AND ur.role_id = $2)`,
      [PLACEHOLDER_ADMIN_EMAIL, ADMINISTRATOR_ROLE_ID],
    );
  }

  async down(): Promise<void> {
    // Nothing to restore: the placeholder was never a real address.
  }
}
