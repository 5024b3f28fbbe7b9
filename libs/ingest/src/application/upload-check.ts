import { Injectable } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '@app/platform';
import type { IngestConfig } from '../ingest-config.js';
import { ArchiveRejected, CollectorFileReader, ZipReader } from './file-reader-ports.js';
import { gunzipWithinLimits } from './gunzip-limited.js';
import { IngestErrors } from './ingest-errors.js';
import { looksLikeGzip, looksLikeZip } from './magic-bytes.js';
import type { ContentKind } from './upload-job.js';

/**
 * Checks a spooled upload before it is stored: a JSON file must have a known `meta.type` and a `data` array
 * (skimmed, not ingested); a zip must start with the zip magic and pass the archive limits (its members are
 * validated when ingested); a gzip body must start with the gzip magic and inflate, within the size and ratio limits,
 * to its end (into nothing: its JSON is validated when ingested). Throws the wire's 400/413.
 */
@Injectable()
export class UploadCheck {
  constructor(private readonly collectorFiles: CollectorFileReader, private readonly zips: ZipReader) {}

  async check(path: string, kind: ContentKind, limits: IngestConfig): Promise<void> {
    if (kind === 'json') {
      try {
        await this.collectorFiles.open(() => createReadStream(path));
      } catch (error) {
        throw ApiError.badRequest(IngestErrors.invalidFile(messageOf(error)));
      }
      return;
    }
    const head = await readHead(path);
    if (kind === 'gzip') {
      if (!looksLikeGzip(head)) throw ApiError.badRequest(IngestErrors.invalidFile('the body is not gzip-compressed'));
      await checkGzip(path, limits);
      return;
    }
    if (!looksLikeZip(head)) throw ApiError.badRequest(IngestErrors.invalidFile('the body is not a zip archive'));
    try {
      const archive = await this.zips.open(path, {
        maxMembers: limits.maxZipMembers,
        maxUncompressedBytes: limits.maxUncompressedBytes,
        maxCompressionRatio: limits.maxCompressionRatio,
      });
      archive.close();
    } catch (error) {
      if (error instanceof ArchiveRejected) throw new ApiError(error.status, [error.message]);
      throw ApiError.badRequest(IngestErrors.invalidFile(messageOf(error)));
    }
  }
}

/** Inflates the gzip body into nothing: 413 past the size or ratio limit, 400 when it is corrupt or truncated. */
async function checkGzip(path: string, limits: IngestConfig): Promise<void> {
  const { size } = await stat(path);
  const discard = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  try {
    await pipeline(gunzipWithinLimits(createReadStream(path), {
      compressedBytes: size,
      maxUncompressedBytes: limits.maxUncompressedBytes,
      maxCompressionRatio: limits.maxCompressionRatio,
    }), discard);
  } catch (error) {
    if (error instanceof ArchiveRejected) throw new ApiError(error.status, [error.message]);
    // zlib names its failures (Z_DATA_ERROR, Z_BUF_ERROR for a truncated body); the limits do not.
    if (isZlibError(error)) throw ApiError.badRequest(IngestErrors.invalidFile(`the body is not valid gzip: ${messageOf(error)}`));
    if (isLimitError(error)) throw new ApiError(413, [messageOf(error)]);
    throw error;
  }
}

function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}

/** gunzipWithinLimits' refusal: `gzip content exceeds the ... limit ...`. */
function isLimitError(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === undefined && /\bexceeds\b.*\blimit\b/.test(error.message);
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
