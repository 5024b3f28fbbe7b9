import { Injectable } from '@nestjs/common';
import type { FileResult, IngestProgress } from './file-ingestor.js';

/**
 * Ingests a file on this machine — a collector JSON file, a zip of them or a gzip-compressed JSON — under the
 * configured archive limits: a zip's members one by one (a member that fails is reported and the rest go on).
 * Used by the datapipe worker (for a stored upload spooled to a temp file), the CLI and the sample data.
 * `name` is what reports show for the file (defaults to its base name).
 */
@Injectable()
export class LocalFiles {
  async ingest(path: string, options: { name?: string; progress?: IngestProgress } = {}): Promise<FileResult[]> {
    void path; void options;
    throw new Error('LocalFiles.ingest: not implemented yet');
  }
}
