import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Login sessions, API tokens (keys encrypted) and the replay guard of signed requests. */
export class AuthSchema1732240000200 implements MigrationInterface {
  name = 'AuthSchema1732240000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE user_sessions (
      id bigserial PRIMARY KEY, user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL, revoked_at timestamptz, created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query('CREATE INDEX user_sessions_user_id_idx ON user_sessions (user_id)');
    await q.query(`CREATE TABLE auth_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL, key_ciphertext text NOT NULL, hmac_method text NOT NULL DEFAULT 'hmac-sha2-256',
      last_access timestamptz, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz)`);
    await q.query('CREATE INDEX auth_tokens_user_id_idx ON auth_tokens (user_id)');
    await q.query(`CREATE TABLE used_request_signatures (signature text PRIMARY KEY, expires_at timestamptz NOT NULL)`);
    await q.query('CREATE INDEX used_request_signatures_expires_at_idx ON used_request_signatures (expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS used_request_signatures');
    await q.query('DROP TABLE IF EXISTS auth_tokens');
    await q.query('DROP TABLE IF EXISTS user_sessions');
  }
}
