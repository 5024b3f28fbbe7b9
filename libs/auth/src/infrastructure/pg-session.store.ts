import { Injectable } from '@nestjs/common';
import { Database, dateOf } from '@app/platform';
import { SessionStore } from '../application/ports.js';

@Injectable()
export class PgSessionStore extends SessionStore {
  constructor(private readonly db: Database) {
    super();
  }

  async create(userId: string, expiresAt: Date): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      'INSERT INTO user_sessions (user_id, expires_at) VALUES ($1, $2) RETURNING id', [userId, expiresAt],
    );
    return String(row.id);
  }

  async issuedAt(sessionId: string, userId: string): Promise<Date | null> {
    const [row] = await this.db.query<{ created_at: Date }>(
      `SELECT created_at FROM user_sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()`,
      [sessionId, userId],
    );
    return row ? dateOf(row.created_at) : null;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.query('UPDATE user_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
  }
}
