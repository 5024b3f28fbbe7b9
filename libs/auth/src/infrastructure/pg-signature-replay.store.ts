import { Injectable } from '@nestjs/common';
import { Database } from '@app/platform';
import { SignatureReplayStore } from '../application/ports.js';

@Injectable()
export class PgSignatureReplayStore extends SignatureReplayStore {
  constructor(private readonly db: Database) {
    super();
  }

  /** One statement: forget expired signatures, then record this one unless it is already known. */
  async remember(signature: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.db.query(
      `WITH expired AS (DELETE FROM used_request_signatures WHERE expires_at < now())
       INSERT INTO used_request_signatures (signature, expires_at) VALUES ($1, $2)
       ON CONFLICT (signature) DO NOTHING RETURNING 1`,
      [signature, expiresAt],
    );
    return rows.length > 0;
  }
}
