import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { CollectorType, DomainCounts } from '../domain/collector-types.js';

/** One collector JSON file to ingest: a loose file, a zip member or a decompressed body. */
export interface IngestSource {
  /** Shown in reports (the upload's name, or the zip member's name); never used as a path. */
  name: string;
  /** The archive the file came from, if any. */
  parentName?: string;
  open(): Readable | Promise<Readable>;
}

/** The outcome of one file (a completed task of the upload API; a line of the CLI summary). */
export interface FileResult {
  fileName: string;
  parentFileName?: string;
  type?: CollectorType;
  /** Objects (items of `data`) converted and written. */
  objects: number;
  /** Non-empty: the file failed (nothing more of it is written after the first error). */
  errors: string[];
  warnings: string[];
  /** Objects per domain name (upper-case), for collection domain results. */
  domains: Record<string, DomainCounts>;
}

/** Progress callback: called after each written batch with the objects it held. */
export type IngestProgress = (objects: number) => void;

/**
 * Ingests one collector file: streams `data` (openCollectorFile), converts each object (SharpHound/AzureHound
 * converters) and writes batches of about INGEST_BATCH_SIZE graph rows through `GraphStore.writeBatch` (each
 * batch one transaction). A malformed object is skipped with a warning; a malformed file ends with `errors`.
 */
@Injectable()
export class FileIngestor {
  async ingest(source: IngestSource, progress?: IngestProgress): Promise<FileResult> {
    void source; void progress;
    throw new Error('FileIngestor.ingest: not implemented yet');
  }
}
