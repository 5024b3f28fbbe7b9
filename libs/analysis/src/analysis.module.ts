import { Module } from '@nestjs/common';
import { AssetGroupsModule } from '@app/asset-groups';
import { GraphModule } from '@app/graph';
import { IngestModule } from '@app/ingest';
import { PostureModule } from '@app/posture';
import { AnalysisRunner } from './application/analysis-runner.js';
import { Datapipe } from './application/datapipe.js';
import { PostProcessing } from './application/ports.js';
import { PgPostProcessing } from './infrastructure/pg-post-processing.js';

/**
 * Analysis after ingest: post-processing (derived edges), tag evaluation, posture statistics; the datapipe that
 * drives ingest and analysis; GET /api/v2/datapipe/status and the analysis request endpoints.
 */
@Module({
  imports: [GraphModule, IngestModule, AssetGroupsModule, PostureModule],
  controllers: [],
  providers: [{ provide: PostProcessing, useClass: PgPostProcessing }, AnalysisRunner, Datapipe],
  exports: [AnalysisRunner, Datapipe],
})
export class AnalysisModule {}
