import type { Readable } from 'node:stream';

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

/**
 * Opens a zip file on disk (yauzl) and checks it against the limits before anything is ingested: member count,
 * total declared uncompressed size, per-member compression ratio, unsafe names (`..`, absolute, drive letters,
 * backslashes), nested archives (zip/gzip/7z/rar/tar members). Throws ArchiveRejected. Directory entries are
 * left out. While reading, a member that inflates beyond its declared size or the limits fails its stream.
 */
export async function openZipArchive(path: string, limits: ArchiveLimits): Promise<ZipArchive> {
  void path; void limits;
  throw new Error('openZipArchive: not implemented yet');
}

/** True when the bytes start with the zip local-file magic `PK\x03\x04`. */
export function looksLikeZip(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}
