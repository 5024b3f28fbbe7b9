export { IngestModule } from './ingest.module.js';
export { ingestConfigSlice } from './ingest-config.js';
export { FileIngestor, scopeOfResult, type FileResult } from './application/file-ingestor.js';
export { LocalFiles } from './application/local-files.js';
export { type DrainReport, IngestWork, type RetentionReport } from './application/ingest-work.js';
export { CollectionReconciler, type ReconcileSummary } from './application/collection-reconciler.js';
export { IngestLifecycle1732240001000 } from './infrastructure/migrations/1732240001000-ingest-lifecycle.js';
export { IngestErrors } from './application/ingest-errors.js';
export { IngestSchema1732240000700 } from './infrastructure/migrations/1732240000700-ingest-schema.js';
