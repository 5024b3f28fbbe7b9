import { Injectable } from '@nestjs/common';
import * as yauzl from 'yauzl';
import { ApiError } from '@app/platform';
import { QueryArchiveReader, type ArchiveFile } from '../application/ports.js';
import { MAX_IMPORTED_QUERIES } from '../application/saved-query-commands.js';
import { SavedQueriesErrors } from '../application/saved-queries-errors.js';
import { isSkippedMember } from '../domain/transfer.js';

/** A query file is a few kilobytes; a megabyte leaves room for long Cypher and descriptions. */
export const MAX_MEMBER_BYTES = 1024 * 1024;
/** What all members together may expand to: the JSON body limit. */
export const MAX_ARCHIVE_BYTES = 10 * 1024 * 1024;
/** Every entry counts (directories and skipped files too): a central directory of millions costs time to walk. */
export const MAX_ARCHIVE_ENTRIES = MAX_IMPORTED_QUERIES;

const ENCRYPTED_FLAG = 0x1;
const STORED = 0;
const DEFLATED = 8;

/**
 * Reads the JSON files of an imported zip (yauzl, as ingest does), held to small limits before anything is
 * inflated: entry count, each member's and the total declared size, no encryption, stored or deflated only. yauzl
 * refuses unsafe names (absolute, `..`) and fails a member that inflates beyond its declared size.
 */
@Injectable()
export class YauzlQueryArchiveReader extends QueryArchiveReader {
  async read(path: string): Promise<ArchiveFile[]> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.openPromise(path, { autoClose: false, validateEntrySizes: true });
    } catch (error) {
      throw ApiError.badRequest(SavedQueriesErrors.invalidZip(reason(error)));
    }
    try {
      if (zip.entryCount > MAX_ARCHIVE_ENTRIES) throw ApiError.badRequest(SavedQueriesErrors.zipTooManyMembers(MAX_ARCHIVE_ENTRIES));
      const files: ArchiveFile[] = [];
      let total = 0;
      for await (const entry of zip.eachEntry()) {
        if (entry.fileName.endsWith('/') || isSkippedMember(entry.fileName)) continue;
        checkEntry(entry);
        total += entry.uncompressedSize;
        if (total > MAX_ARCHIVE_BYTES) throw ApiError.badRequest(SavedQueriesErrors.zipTooLarge(MAX_ARCHIVE_BYTES));
        files.push({ name: entry.fileName, text: await readMember(zip, entry) });
      }
      return files;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw ApiError.badRequest(SavedQueriesErrors.invalidZip(reason(error)));
    } finally {
      zip.close();
    }
  }
}

function checkEntry(entry: yauzl.Entry): void {
  if (entry.generalPurposeBitFlag & ENCRYPTED_FLAG || (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED)) {
    throw ApiError.badRequest(SavedQueriesErrors.zipMemberUnsupported(entry.fileName));
  }
  if (entry.uncompressedSize > MAX_MEMBER_BYTES) {
    throw ApiError.badRequest(SavedQueriesErrors.zipMemberTooLarge(entry.fileName, MAX_MEMBER_BYTES));
  }
}

/** The member's text; yauzl stops it at its declared size (already within the limits). */
async function readMember(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
