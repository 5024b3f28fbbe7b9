import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { ApiError, type IngestSettings } from '@app/platform';
import { openCollectorFile } from '../infrastructure/parsing/collector-file.js';
import { ArchiveRejected, looksLikeZip, openZipArchive } from '../infrastructure/parsing/zip-archive.js';
import { looksLikeGzip } from './gunzip-limited.js';
import { IngestMessages } from './ingest-messages.js';
import type { ContentKind } from './upload-job.js';

/**
 * Checks a spooled upload before it is stored: a JSON file must have a known `meta.type` and a `data` array
 * (skimmed, not ingested); a zip must start with the zip magic and pass the archive limits (its members are
 * validated when ingested); a gzip body must start with the gzip magic. Throws the wire's 400/413.
 */
export async function checkUpload(path: string, kind: ContentKind, limits: IngestSettings): Promise<void> {
  if (kind === 'json') {
    try {
      await openCollectorFile(() => createReadStream(path));
    } catch (error) {
      throw ApiError.badRequest(IngestMessages.invalidFile(messageOf(error)));
    }
    return;
  }
  const head = await readHead(path);
  if (kind === 'gzip') {
    if (!looksLikeGzip(head)) throw ApiError.badRequest(IngestMessages.invalidFile('the body is not gzip-compressed'));
    return;
  }
  if (!looksLikeZip(head)) throw ApiError.badRequest(IngestMessages.invalidFile('the body is not a zip archive'));
  try {
    const archive = await openZipArchive(path, {
      maxMembers: limits.maxZipMembers,
      maxUncompressedBytes: limits.maxUncompressedBytes,
      maxCompressionRatio: limits.maxCompressionRatio,
    });
    archive.close();
  } catch (error) {
    if (error instanceof ArchiveRejected) throw new ApiError(error.status, [error.message]);
    throw ApiError.badRequest(IngestMessages.invalidFile(messageOf(error)));
  }
}

async function readHead(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4);
    const { bytesRead } = await file.read(buffer, 0, 4, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
