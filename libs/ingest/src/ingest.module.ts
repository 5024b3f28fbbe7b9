import { Logger, Module, type OnModuleInit } from '@nestjs/common';
import { tmpdir } from 'node:os';
import { CollectionModule } from '@app/collection';
import { GraphModule } from '@app/graph';
import { MetricsModule, RawBodyLimit, UPLOAD_DIR_PREFIX } from '@app/platform';
import { ClientUploads } from './application/client-uploads.js';
import { FileIngestor } from './application/file-ingestor.js';
import { CollectorFileReader, ZipReader } from './application/file-reader-ports.js';
import { FileUploads } from './application/file-uploads.js';
import { IngestWork } from './application/ingest-work.js';
import { LocalFiles } from './application/local-files.js';
import { CollectionScopeStore, TaskQueue, UploadJobStore } from './application/ports.js';
import { CollectionReconciler } from './application/collection-reconciler.js';
import { PgCollectionScopeStore } from './infrastructure/pg-collection-scope.store.js';
import { QueueIngestWork, TASK_DIR_PREFIX } from './application/queue-ingest-work.js';
import { UploadCheck } from './application/upload-check.js';
import { ClientIngestController } from './http/client-ingest.controller.js';
import { FileUploadsController } from './http/file-uploads.controller.js';
import { ScanningCollectorFileReader } from './infrastructure/parsing/collector-file.js';
import { YauzlZipReader } from './infrastructure/parsing/zip-archive.js';
import { PgTaskQueue } from './infrastructure/pg-task-queue.js';
import { PgUploadJobStore } from './infrastructure/pg-upload-job.store.js';
import { STALE_TEMP_AFTER_MS, sweepStaleTempDirs } from './infrastructure/temp-sweep.js';
import { UploadJobMetrics } from './infrastructure/upload-job-metrics.js';
import { IngestConfig } from './ingest-config.js';

/**
 * Ingest: collector files (SharpHound, AzureHound; JSON, zip, gzip) into batched graph writes; the file upload API
 * and its jobs; collection clients' uploads; the task queue the datapipe (libs/analysis) drains. At start-up, sweeps
 * the temp folders of uploads and tasks a crash left behind (untouched for an hour).
 */
@Module({
  imports: [GraphModule, CollectionModule, MetricsModule],
  controllers: [FileUploadsController, ClientIngestController],
  providers: [
    { provide: UploadJobStore, useClass: PgUploadJobStore },
    { provide: TaskQueue, useClass: PgTaskQueue },
    { provide: CollectionScopeStore, useClass: PgCollectionScopeStore },
    CollectionReconciler,
    { provide: IngestWork, useClass: QueueIngestWork },
    { provide: CollectorFileReader, useClass: ScanningCollectorFileReader },
    { provide: ZipReader, useClass: YauzlZipReader },
    FileIngestor,
    LocalFiles,
    UploadCheck,
    FileUploads,
    ClientUploads,
    UploadJobMetrics,
  ],
  exports: [FileIngestor, LocalFiles, IngestWork, CollectionReconciler],
})
export class IngestModule implements OnModuleInit {
  private readonly logger = new Logger('IngestModule');

  constructor(private readonly rawBodyLimit: RawBodyLimit, private readonly config: IngestConfig) {}

  async onModuleInit(): Promise<void> {
    // The auth guard spools signed uploads within it (platform's RawBodyLimit), before these routes run.
    this.rawBodyLimit.set(this.config.maxUploadBytes);
    try {
      const staleBefore = new Date(Date.now() - STALE_TEMP_AFTER_MS);
      const removed = await sweepStaleTempDirs(tmpdir(), [UPLOAD_DIR_PREFIX, TASK_DIR_PREFIX], staleBefore);
      if (removed.length > 0) this.logger.log(`removed ${removed.length} stale temp folders of uploads and ingest tasks`);
    } catch (error) {
      // Never fails the start-up: the folders only take disk space.
      this.logger.warn(`could not sweep stale temp folders: ${(error as Error)?.message ?? String(error)}`);
    }
  }
}
