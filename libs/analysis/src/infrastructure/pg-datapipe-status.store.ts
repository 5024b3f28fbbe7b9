import { Injectable } from '@nestjs/common';
import { Database, param, sql } from '@app/platform';
import { DatapipeStatusStore } from '../application/datapipe-ports.js';
import type { DatapipeState, DatapipeStatus } from '../domain/datapipe-state.js';

interface StatusRow {
  status: DatapipeStatus;
  updated_at: Date;
  last_complete_analysis_at: Date | null;
  last_analysis_run_at: Date | null;
}

/** `datapipe_status`: the migration inserts its one row. */
@Injectable()
export class PgDatapipeStatusStore extends DatapipeStatusStore {
  constructor(private readonly db: Database) {
    super();
  }

  async read(): Promise<DatapipeState> {
    const [row] = await this.db.query<StatusRow>(
      'SELECT status, updated_at, last_complete_analysis_at, last_analysis_run_at FROM datapipe_status',
      [], { readOnly: true },
    );
    return {
      status: row.status,
      updatedAt: row.updated_at,
      lastCompleteAnalysisAt: row.last_complete_analysis_at,
      lastAnalysisRunAt: row.last_analysis_run_at,
    };
  }

  async set(status: DatapipeStatus, at: Date): Promise<void> {
    await this.db.query('UPDATE datapipe_status SET status = $1, updated_at = $2', [status, at]);
  }

  override async resetToIdle(at: Date): Promise<void> {
    await this.db.query("UPDATE datapipe_status SET status = 'idle', updated_at = $1 WHERE status <> 'idle'", [at]);
  }

  async recordAnalysis(startedAt: Date, finishedAt: Date, succeeded: boolean): Promise<void> {
    const finished = param(finishedAt);
    const { text, values } = sql`
      UPDATE datapipe_status
         SET last_analysis_run_at = ${startedAt}, updated_at = ${finished},
             last_complete_analysis_at = CASE WHEN ${succeeded} THEN ${finished}::timestamptz
                                              ELSE last_complete_analysis_at END`.toQuery();
    await this.db.query(text, values);
  }

  async claimSampleData(at: Date): Promise<boolean> {
    // A CTE, so the driver answers rows (a bare UPDATE ... RETURNING comes back as [rows, count]).
    const [row] = await this.db.query<{ claimed: number }>(
      `WITH claimed AS (UPDATE datapipe_status SET sample_data_at = $1 WHERE sample_data_at IS NULL RETURNING 1)
       SELECT count(*)::int AS claimed FROM claimed`,
      [at],
    );
    return row.claimed === 1;
  }
}
