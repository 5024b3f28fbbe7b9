import { Injectable } from '@nestjs/common';
import { Database } from '@app/platform';
import { checkNewPostureStats, type NewPostureStat } from '../domain/posture-stat.js';
import { PostureWriter } from '../application/ports.js';

/**
 * Writes a batch as one INSERT over column arrays: the SQL text and its five parameters do not grow with the batch,
 * and ids follow the batch order.
 */
@Injectable()
export class PgPostureWriter extends PostureWriter {
  constructor(private readonly db: Database) {
    super();
  }

  async record(rows: NewPostureStat[]): Promise<void> {
    checkNewPostureStats(rows);
    if (rows.length === 0) return;
    await this.db.query(
      `INSERT INTO posture_stats (domain_sid, asset_group_tag_id, exposure_index, tier_zero_count, critical_risk_count)
       SELECT u.domain_sid, u.asset_group_tag_id, u.exposure_index, u.tier_zero_count, u.critical_risk_count
       FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::int[]) WITH ORDINALITY
         AS u(domain_sid, asset_group_tag_id, exposure_index, tier_zero_count, critical_risk_count, n)
       ORDER BY u.n`,
      [
        rows.map((row) => row.domainSid),
        rows.map((row) => row.assetGroupTagId),
        rows.map((row) => row.exposureIndex),
        rows.map((row) => row.tierZeroCount),
        rows.map((row) => row.criticalRiskCount),
      ],
    );
  }

  async removeAll(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('WITH removed AS (DELETE FROM posture_stats RETURNING 1) SELECT count(*)::int AS n FROM removed');
    return row.n;
  }

  async removeBefore(before: Date): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      'WITH removed AS (DELETE FROM posture_stats WHERE created_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM removed',
      [before],
    );
    return row.n;
  }
}
