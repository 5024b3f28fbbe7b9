import type { Readable } from 'node:stream';
import type { CollectorFileMeta } from '../../domain/collector-types.js';

/** Opens the file's bytes from the start; called once per pass (a file may be read twice to find `meta`). */
export type OpenBytes = () => Readable | Promise<Readable>;

export interface CollectorFile {
  meta: CollectorFileMeta;
  /** The items of `data`, one at a time (memory stays flat whatever the file size). */
  items(): AsyncIterable<unknown>;
}

/**
 * Reads a SharpHound/AzureHound JSON file by streaming (stream-json): a UTF-8 BOM and CRLF are tolerated, `meta`
 * may come before or after `data`, `meta.count` is ignored. Rejects with CollectorFileError (a clear per-file
 * message) for malformed JSON, a missing or unknown `meta.type`, or a missing `data` array — when found while
 * iterating `items()` too.
 */
export async function openCollectorFile(open: OpenBytes): Promise<CollectorFile> {
  void open;
  throw new Error('openCollectorFile: not implemented yet');
}
