import { Injectable } from '@nestjs/common';
import { PassThrough, type Readable } from 'node:stream';
import * as yauzl from 'yauzl';
import {
  ArchiveRejected, ZipReader, type ArchiveLimits, type ArchiveMember, type ZipArchive,
} from '../../application/file-reader-ports.js';
import { unsafeMemberName, isNestedArchive } from './zip-member-names.js';

/**
 * Members smaller than this are not held to the compression ratio: a few kilobytes of repeated bytes compress
 * very well yet cannot hurt; the total-size cap still counts them.
 */
export const RATIO_FLOOR_BYTES = 64 * 1024;

const ENCRYPTED_FLAG = 0x1;
const STORED = 0;
const DEFLATED = 8;

export const ARCHIVE_ERRORS = {
  invalid: (reason: string) => `Invalid zip archive: ${reason}`,
  tooManyMembers: (max: number) => `Zip archive has more than ${max} members`,
  tooLarge: (max: number) => `Zip archive expands to more than ${max} bytes`,
  ratio: (name: string, max: number) => `Zip member ${quote(name)} is compressed more than ${max}:1`,
  totalRatio: (max: number) => `Zip archive expands to more than ${max} times its own size`,
  overlap: (name: string) => `Zip member ${quote(name)} overlaps another member's data`,
  unsafeName: (name: string) => `Zip member name is not allowed: ${quote(name)}`,
  nested: (name: string) => `Nested archives are not supported: ${quote(name)}`,
  encrypted: (name: string) => `Encrypted zip members are not supported: ${quote(name)}`,
  method: (name: string) => `Zip member ${quote(name)} uses an unsupported compression method`,
  overflow: (name: string) => `Zip member ${quote(name)} inflates beyond its declared size`,
  unreadable: (name: string, reason: string) => `Zip member ${quote(name)} could not be read: ${reason}`,
} as const;

/**
 * Opens a zip file on disk (yauzl) and checks it against the limits before anything is ingested: member count,
 * total declared uncompressed size, per-member compression ratio and the whole archive's (declared total over file
 * size), overlapping members, unsafe names (`..`, absolute, drive letters, backslashes), nested archives
 * (zip/gzip/7z/rar/tar members). Throws ArchiveRejected. Directory entries are left out. While reading, a member that inflates beyond its declared size or the limits fails its stream.
 */
export async function openZipArchive(path: string, limits: ArchiveLimits): Promise<ZipArchive> {
  let zip: yauzl.ZipFile;
  try {
    // decodeStrings off: yauzl would otherwise fail the whole archive on an unsafe name with its own message,
    // and turn backslashes into slashes; names are decoded and judged here instead.
    zip = await yauzl.openPromise(path, { autoClose: false, decodeStrings: false, validateEntrySizes: true });
  } catch (error) {
    throw new ArchiveRejected(400, ARCHIVE_ERRORS.invalid(reason(error)));
  }
  try {
    if (zip.entryCount > limits.maxMembers) throw new ArchiveRejected(400, ARCHIVE_ERRORS.tooManyMembers(limits.maxMembers));
    const members: ArchiveMember[] = [];
    const spans: Span[] = [];
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
      checkEntry(entry, name, limits);
      spans.push({ name, start: entry.relativeOffsetOfLocalHeader, compressedSize: entry.compressedSize });
      if (name.endsWith('/')) continue;
      total += entry.uncompressedSize;
      if (total > limits.maxUncompressedBytes) throw new ArchiveRejected(413, ARCHIVE_ERRORS.tooLarge(limits.maxUncompressedBytes));
      // Members that share compressed bytes each pass the per-member ratio; the whole archive's ratio does not.
      if (total >= RATIO_FLOOR_BYTES && total / Math.max(zip.fileSize, 1) > limits.maxCompressionRatio) {
        throw new ArchiveRejected(413, ARCHIVE_ERRORS.totalRatio(limits.maxCompressionRatio));
      }
      members.push({ name, uncompressedSize: entry.uncompressedSize, open: () => openMember(zip, entry, name) });
    }
    checkNoOverlap(spans);
    return { members, close: () => zip.close() };
  } catch (error) {
    zip.close();
    if (error instanceof ArchiveRejected) throw error;
    throw new ArchiveRejected(400, ARCHIVE_ERRORS.invalid(reason(error)));
  }
}

/** The service's ZipReader: openZipArchive. */
@Injectable()
export class YauzlZipReader extends ZipReader {
  open(path: string, limits: ArchiveLimits): Promise<ZipArchive> {
    return openZipArchive(path, limits);
  }
}

function checkEntry(entry: yauzl.Entry, name: string, limits: ArchiveLimits): void {
  if (unsafeMemberName(name)) throw new ArchiveRejected(400, ARCHIVE_ERRORS.unsafeName(name));
  if (name.endsWith('/')) return;
  if (entry.generalPurposeBitFlag & ENCRYPTED_FLAG) throw new ArchiveRejected(400, ARCHIVE_ERRORS.encrypted(name));
  if (isNestedArchive(name)) throw new ArchiveRejected(400, ARCHIVE_ERRORS.nested(name));
  if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
    throw new ArchiveRejected(400, ARCHIVE_ERRORS.method(name));
  }
  if (entry.uncompressedSize > limits.maxUncompressedBytes) {
    throw new ArchiveRejected(413, ARCHIVE_ERRORS.tooLarge(limits.maxUncompressedBytes));
  }
  const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
  if (entry.uncompressedSize >= RATIO_FLOOR_BYTES && ratio > limits.maxCompressionRatio) {
    throw new ArchiveRejected(413, ARCHIVE_ERRORS.ratio(name, limits.maxCompressionRatio));
  }
}

/** Where a member's local record starts, and the bytes it holds at least (header without name, then data). */
interface Span {
  name: string;
  start: number;
  compressedSize: number;
}

const LOCAL_HEADER_BYTES = 30;

/**
 * Refuses members whose local records overlap (an "overlapping zip bomb" points many entries at the same compressed
 * bytes). No writer produces them; each record takes at least its fixed header plus its compressed data.
 */
function checkNoOverlap(spans: Span[]): void {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    if (sorted[i].start < previous.start + LOCAL_HEADER_BYTES + previous.compressedSize) {
      throw new ArchiveRejected(400, ARCHIVE_ERRORS.overlap(sorted[i].name));
    }
  }
}

/**
 * The member's inflated bytes. yauzl checks the count against the declared size (already held to the limits), so
 * a member that lies about its size fails here rather than filling the disk or memory.
 */
async function openMember(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string): Promise<Readable> {
  let source: Readable;
  try {
    source = await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw new Error(ARCHIVE_ERRORS.unreadable(name, reason(error)));
  }
  const out = new PassThrough();
  source.on('error', (error) => {
    const overflow = /too many bytes/.test(reason(error));
    out.destroy(new Error(overflow ? ARCHIVE_ERRORS.overflow(name) : ARCHIVE_ERRORS.unreadable(name, reason(error))));
  });
  out.on('close', () => source.destroy());
  return source.pipe(out);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Names go into messages shown to users: quoted, control characters escaped, length capped. */
function quote(name: string): string {
  const shown = name.length > 200 ? `${name.slice(0, 200)}…` : name;
  return JSON.stringify(shown);
}
