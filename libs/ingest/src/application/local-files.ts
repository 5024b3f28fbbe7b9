import { Injectable } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { FileIngestor, type FileResult, type IngestProgress } from './file-ingestor.js';
import { ArchiveRejected, ZipReader } from './file-reader-ports.js';
import { gunzipWithinLimits } from './gunzip-limited.js';
import { looksLikeGzip, looksLikeZip } from './magic-bytes.js';
import { reportText } from './warning-list.js';
import { IngestConfig } from '../ingest-config.js';

/**
 * Ingests a file on this machine — a collector JSON file, a zip of them or a gzip-compressed JSON — under the
 * configured archive limits: a zip's members one by one (a member that fails is reported and the rest go on).
 * Used by the datapipe worker (for a stored upload spooled to a temp file), the CLI and the sample data.
 * `name` is what reports show for the file (defaults to its base name). The kind is told by the magic bytes,
 * never by the name.
 */
@Injectable()
export class LocalFiles {
  constructor(
    private readonly files: FileIngestor,
    private readonly config: IngestConfig,
    private readonly zips: ZipReader,
  ) {}

  async ingest(path: string, options: { name?: string; progress?: IngestProgress } = {}): Promise<FileResult[]> {
    const name = options.name ?? basename(path);
    const head = await readHead(path, 4);
    if (looksLikeZip(head)) return this.ingestZip(path, name, options.progress);
    if (looksLikeGzip(head)) {
      const { size } = await stat(path);
      const limits = { compressedBytes: size, ...this.config };
      const result = await this.files.ingest(
        { name, open: () => gunzipWithinLimits(createReadStream(path), limits) }, options.progress,
      );
      return [result];
    }
    return [await this.files.ingest({ name, open: () => createReadStream(path) }, options.progress)];
  }

  private async ingestZip(path: string, name: string, progress?: IngestProgress): Promise<FileResult[]> {
    const { maxZipMembers, maxUncompressedBytes, maxCompressionRatio } = this.config;
    let archive;
    try {
      archive = await this.zips.open(path, { maxMembers: maxZipMembers, maxUncompressedBytes, maxCompressionRatio });
    } catch (error) {
      // Refused by the limits, or not a readable zip at all: either way the file's fault.
      const message = error instanceof ArchiveRejected ? error.message : `not a valid zip archive: ${String((error as Error)?.message ?? error)}`;
      return [{ fileName: name, objects: 0, errors: [reportText(message)], warnings: [], domains: {} }];
    }
    try {
      const results: FileResult[] = [];
      for (const member of archive.members) {
        results.push(await this.files.ingest({ name: member.name, parentName: name, open: () => member.open() }, progress));
      }
      return results;
    } finally {
      archive.close();
    }
  }
}

async function readHead(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
