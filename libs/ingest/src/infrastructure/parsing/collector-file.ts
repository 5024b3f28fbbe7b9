import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import {
  CollectorFileReader, type CollectorFile, type CollectorFileOptions, type OpenBytes,
} from '../../application/file-reader-ports.js';
import { CollectorFileError, isCollectorType, type CollectorFileMeta } from '../../domain/collector-types.js';
import { CollectorJsonScanner } from './collector-json-scanner.js';

/** The cap when the caller gives none: INGEST_MAX_OBJECT_BYTES' default. */
export const DEFAULT_MAX_OBJECT_BYTES = 64 * 1024 * 1024;

export const COLLECTOR_FILE_ERRORS = {
  noMeta: 'the file has no "meta" object',
  noData: 'the file has no "data" array',
  dataNotArray: '"data" is not an array',
  metaNotObject: '"meta" is not an object',
  noType: 'meta.type is missing',
  unknownType: (type: unknown) => `unknown meta.type ${JSON.stringify(type)?.slice(0, 60)}`,
} as const;

/**
 * Reads a SharpHound/AzureHound JSON file by streaming: a UTF-8 BOM and CRLF are tolerated, `meta` may come
 * before or after `data`, `meta.count` is ignored. Rejects with CollectorFileError (a clear per-file message) for
 * malformed JSON, a missing or unknown `meta.type`, or a missing `data` array — when found while iterating
 * `items()` too.
 *
 * The first pass only skims the structure (no item is parsed) until it has both `meta` and the start of `data`:
 * short when `meta` comes first, a fast byte scan of the whole file when SharpHound wrote it last. `items()`
 * reads the file again and parses one item at a time. Memory stays flat: no key, `meta` or item is buffered past
 * `options.maxObjectBytes`.
 */
export async function openCollectorFile(open: OpenBytes, options: CollectorFileOptions = {}): Promise<CollectorFile> {
  const maxBytes = options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES;
  let meta: unknown;
  let sawData = false;
  const scanner = new CollectorJsonScanner({
    meta: (value) => { meta = value; },
    dataStart: (isArray) => {
      if (!isArray) throw new CollectorFileError(COLLECTOR_FILE_ERRORS.dataNotArray);
      sawData = true;
    },
    item: () => undefined,
  }, false, maxBytes);
  let complete = true;
  for await (const chunk of await readChunks(open)) {
    scanner.write(chunk);
    if (meta !== undefined && sawData) {
      complete = false;
      break;
    }
  }
  if (complete) scanner.end();
  if (meta === undefined) throw new CollectorFileError(COLLECTOR_FILE_ERRORS.noMeta);
  if (!sawData) throw new CollectorFileError(COLLECTOR_FILE_ERRORS.noData);
  return { meta: parseMeta(meta), items: () => readItems(open, maxBytes) };
}

/** The service's CollectorFileReader: openCollectorFile. */
@Injectable()
export class ScanningCollectorFileReader extends CollectorFileReader {
  open(open: OpenBytes, options?: CollectorFileOptions): Promise<CollectorFile> {
    return openCollectorFile(open, options);
  }
}

async function* readItems(open: OpenBytes, maxBytes: number): AsyncGenerator<unknown> {
  let pending: unknown[] = [];
  const scanner = new CollectorJsonScanner({
    meta: () => undefined,
    dataStart: () => undefined,
    item: (value) => { pending.push(value); },
  }, true, maxBytes);
  for await (const chunk of await readChunks(open)) {
    scanner.write(chunk);
    if (pending.length) {
      const ready = pending;
      pending = [];
      yield* ready;
    }
  }
  scanner.end();
}

/** The stream's chunks as Buffers; a read failure (bad gzip, oversized zip member) becomes a file error. */
async function* readChunksOf(stream: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream) {
      yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof CollectorFileError) throw error;
    throw new CollectorFileError(`Could not read the file: ${(error as Error).message}`, { cause: error });
  } finally {
    stream.destroy();
  }
}

async function readChunks(open: OpenBytes): Promise<AsyncGenerator<Buffer>> {
  return readChunksOf(await open());
}

function parseMeta(meta: unknown): CollectorFileMeta {
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) {
    throw new CollectorFileError(COLLECTOR_FILE_ERRORS.metaNotObject);
  }
  const { type, version, methods } = meta as Record<string, unknown>;
  if (type === undefined || type === null || type === '') throw new CollectorFileError(COLLECTOR_FILE_ERRORS.noType);
  if (!isCollectorType(type)) throw new CollectorFileError(COLLECTOR_FILE_ERRORS.unknownType(type));
  return { type, version: integer(version), methods: integer(methods) };
}

function integer(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : 0;
}
