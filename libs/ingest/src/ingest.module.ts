import { Module } from '@nestjs/common';
import { CollectionModule } from '@app/collection';
import { GraphModule } from '@app/graph';
import { FileIngestor } from './application/file-ingestor.js';
import { LocalFiles } from './application/local-files.js';

/**
 * Ingest: collector files (SharpHound, AzureHound; JSON, zip, gzip) into batched graph writes; the file upload API
 * and its jobs; collection clients' uploads; the task queue the datapipe (libs/analysis) drains.
 */
@Module({
  imports: [GraphModule, CollectionModule],
  controllers: [],
  providers: [FileIngestor, LocalFiles],
  exports: [FileIngestor, LocalFiles],
})
export class IngestModule {}
