import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The datapipe status row and the pending analysis request: one row each at most (the `singleton` key), shared by
 * every instance. `sample_data_at` records the one-time sample data load, so it never happens twice per database.
 */
export class AnalysisSchema1732240000800 implements MigrationInterface {
  name = 'AnalysisSchema1732240000800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE datapipe_status (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        status text NOT NULL DEFAULT 'idle' CHECK (status IN ('idle', 'ingesting', 'analyzing')),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_complete_analysis_at timestamptz,
        last_analysis_run_at timestamptz,
        sample_data_at timestamptz
      )`);
    await q.query(`INSERT INTO datapipe_status DEFAULT VALUES`);
    await q.query(`
      CREATE TABLE analysis_requests (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        requested_by text NOT NULL,
        requested_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS analysis_requests`);
    await q.query(`DROP TABLE IF EXISTS datapipe_status`);
  }
}
