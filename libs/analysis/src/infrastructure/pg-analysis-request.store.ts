import { Injectable } from '@nestjs/common';
import { Database } from '@app/platform';
import { AnalysisRequestStore } from '../application/datapipe-ports.js';
import type { AnalysisRequest } from '../domain/datapipe-state.js';

interface RequestRow {
  requested_by: string;
  requested_at: Date;
}

const toRequest = (row: RequestRow | undefined): AnalysisRequest | null =>
  row ? { requestedBy: row.requested_by, requestedAt: row.requested_at } : null;

/** `analysis_requests`: at most one row (its primary key is a constant). */
@Injectable()
export class PgAnalysisRequestStore extends AnalysisRequestStore {
  constructor(private readonly db: Database) {
    super();
  }

  async request(request: AnalysisRequest): Promise<void> {
    await this.db.query(
      `INSERT INTO analysis_requests (requested_by, requested_at) VALUES ($1, $2)
       ON CONFLICT (singleton) DO UPDATE SET requested_by = EXCLUDED.requested_by, requested_at = EXCLUDED.requested_at`,
      [request.requestedBy, request.requestedAt],
    );
  }

  async pending(): Promise<AnalysisRequest | null> {
    const [row] = await this.db.query<RequestRow>('SELECT requested_by, requested_at FROM analysis_requests', [], { readOnly: true });
    return toRequest(row);
  }

  async take(): Promise<AnalysisRequest | null> {
    // A CTE, so the driver answers rows (a bare DELETE ... RETURNING comes back as [rows, count]).
    const [row] = await this.db.query<RequestRow>(
      'WITH taken AS (DELETE FROM analysis_requests RETURNING requested_by, requested_at) SELECT * FROM taken',
    );
    return toRequest(row);
  }

  async cancel(): Promise<boolean> {
    return (await this.take()) !== null;
  }
}
