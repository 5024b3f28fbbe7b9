import { Module } from '@nestjs/common';
import { CollectionModule } from '@app/collection';
import { GraphModule } from '@app/graph';
import { ClientUploads } from './application/client-uploads.js';
import { FileIngestor } from './application/file-ingestor.js';
import { FileUploads } from './application/file-uploads.js';
import { IngestWork } from './application/ingest-work.js';
import { LocalFiles } from './application/local-files.js';
import { TaskQueue, UploadJobStore } from './application/ports.js';
import { QueueIngestWork } from './application/queue-ingest-work.js';
import { ClientIngestController } from './http/client-ingest.controller.js';
import { FileUploadsController } from './http/file-uploads.controller.js';
import { PgTaskQueue } from './infrastructure/pg-task-queue.js';
import { PgUploadJobStore } from './infrastructure/pg-upload-job.store.js';

/**
 * Ingest: collector files (SharpHound, AzureHound; JSON, zip, gzip) into batched graph writes; the file upload API
 * and its jobs; collection clients' uploads; the task queue the datapipe (libs/analysis) drains.
 */
@Module({
  imports: [GraphModule, CollectionModule],
  controllers: [FileUploadsController, ClientIngestController],
  providers: [
    { provide: UploadJobStore, useClass: PgUploadJobStore },
    { provide: TaskQueue, useClass: PgTaskQueue },
    { provide: IngestWork, useClass: QueueIngestWork },
    FileIngestor,
    LocalFiles,
    FileUploads,
    ClientUploads,
  ],
  exports: [FileIngestor, LocalFiles, IngestWork],
})
export class IngestModule {}
