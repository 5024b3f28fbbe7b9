import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The datapipe status row and the pending analysis request. */
export class AnalysisSchema1732240000800 implements MigrationInterface {
  name = 'AnalysisSchema1732240000800';

  async up(q: QueryRunner): Promise<void> {
    void q;
  }

  async down(q: QueryRunner): Promise<void> {
    void q;
  }
}
