import type { Readable } from 'node:stream';
import type { CollectorFileMeta } from '../domain/collector-types.js';

/** Opens the file's bytes from the start; called once per pass (a file may be read twice to find `meta`). */
export type OpenBytes = () => Readable | Promise<Readable>;

export interface CollectorFile {
  meta: CollectorFileMeta;
  /** The items of `data`, one at a time (memory stays flat whatever the file size). */
  items(): AsyncIterable<unknown>;
}

export interface CollectorFileOptions {
  /** Largest key, `meta` or `data` item in bytes (INGEST_MAX_OBJECT_BYTES); one past it fails the file. */
  maxObjectBytes?: number;
}

/**
 * Reads a SharpHound/AzureHound JSON file as a stream of `data` items. Rejects with CollectorFileError (a clear
 * per-file message) for malformed JSON, a missing or unknown `meta.type`, or a missing `data` array.
 */
export abstract class CollectorFileReader {
  abstract open(open: OpenBytes, options?: CollectorFileOptions): Promise<CollectorFile>;
}

export interface ArchiveLimits {
  maxMembers: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
}

/** Why an archive (or gzip body) is refused as a whole: HTTP status (400 or 413) and the message. */
export class ArchiveRejected extends Error {
  constructor(readonly status: 400 | 413, message: string) {
    super(message);
  }
}

export interface ArchiveMember {
  /** The member's name as written in the zip: for reports only, never a path on disk. */
  name: string;
  uncompressedSize: number;
  /** Opens the member's bytes (may be called more than once); the stream fails if the member exceeds its limits. */
  open(): Promise<Readable>;
}

export interface ZipArchive {
  members: ArchiveMember[];
  close(): void;
}

/** Opens a zip file on disk, checked against the limits before anything is read; rejects with ArchiveRejected. */
export abstract class ZipReader {
  abstract open(path: string, limits: ArchiveLimits): Promise<ZipArchive>;
}
