import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Posture statistics: one row per measurement of a domain (or tenant) and the zone it measures. */
export class PostureSchema1732240000500 implements MigrationInterface {
  name = 'PostureSchema1732240000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE posture_stats (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        domain_sid text NOT NULL,
        asset_group_tag_id integer NOT NULL,
        exposure_index integer NOT NULL DEFAULT 0,
        tier_zero_count integer NOT NULL DEFAULT 0,
        critical_risk_count integer NOT NULL DEFAULT 0,
        CONSTRAINT posture_stats_counts_non_negative
          CHECK (asset_group_tag_id >= 0 AND exposure_index >= 0 AND tier_zero_count >= 0 AND critical_risk_count >= 0)
      )`);
    // The listing's default (newest live rows first, id breaking ties, scanned backwards) and from/to ranges.
    await q.query(`CREATE INDEX posture_stats_live_created_index ON posture_stats (created_at, id) WHERE deleted_at IS NULL`);
    // A domain's history over time, the other question a dashboard asks.
    await q.query(`CREATE INDEX posture_stats_domain_created_index ON posture_stats (domain_sid, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS posture_stats`);
  }
}
