import { Module } from '@nestjs/common';
import { AssetGroupsModule } from '@app/asset-groups';
import { GraphModule } from '@app/graph';
import { IngestModule } from '@app/ingest';
import { MetricsModule } from '@app/platform';
import { PostureModule } from '@app/posture';
import { AnalysisRunner } from './application/analysis-runner.js';
import { DataLifecycle } from './application/data-lifecycle.js';
import { Datapipe } from './application/datapipe.js';
import { AnalysisLock, AnalysisRequestStore, DatapipeStatusStore } from './application/datapipe-ports.js';
import { PostProcessing, PostureCalculator } from './application/ports.js';
import { SampleData } from './application/sample-data.js';
import { AnalysisController } from './http/analysis.controller.js';
import { AnalysisStatusController } from './http/analysis-status.controller.js';
import { DatapipeController } from './http/datapipe.controller.js';
import { DatabaseWipeController } from './http/database-wipe.controller.js';
import { DatabaseWipe } from './application/database-wipe.js';
import { PgAnalysisLock } from './infrastructure/pg-analysis-lock.js';
import { PgAnalysisRequestStore } from './infrastructure/pg-analysis-request.store.js';
import { PgDatapipeStatusStore } from './infrastructure/pg-datapipe-status.store.js';
import { PgPostProcessing } from './infrastructure/pg-post-processing.js';
import { PgPostureCalculator } from './infrastructure/pg-posture-calculator.js';
import { DatapipeMetrics } from './infrastructure/datapipe-metrics.js';

/**
 * Analysis after ingest: post-processing (derived edges), tag evaluation, posture statistics; the datapipe that
 * drives ingest and analysis; GET /api/v2/datapipe/status and the analysis request endpoints; POST
 * /api/v2/clear-database; the sample data.
 */
@Module({
  imports: [GraphModule, IngestModule, AssetGroupsModule, PostureModule, MetricsModule],
  controllers: [DatapipeController, AnalysisController, DatabaseWipeController, AnalysisStatusController],
  providers: [
    { provide: PostProcessing, useClass: PgPostProcessing },
    { provide: PostureCalculator, useClass: PgPostureCalculator },
    { provide: AnalysisLock, useClass: PgAnalysisLock },
    { provide: DatapipeStatusStore, useClass: PgDatapipeStatusStore },
    { provide: AnalysisRequestStore, useClass: PgAnalysisRequestStore },
    AnalysisRunner,
    DataLifecycle,
    Datapipe,
    SampleData,
    DatapipeMetrics,
    DatabaseWipe,
  ],
  exports: [AnalysisRunner, Datapipe, SampleData, PostProcessing, PostureCalculator],
})
export class AnalysisModule {}
