import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { Clock, Metrics, pgErrorCode, type Counter } from '@app/platform';
import { IngestConfig } from '../ingest-config.js';
import { GraphStore } from '@app/graph';
import type { CollectorFileMeta, CollectorType, DomainCounts } from '../domain/collector-types.js';
import type { Converted } from '../domain/converted.js';
import { failedScope, ScopeTally, type FileScope } from '../domain/collection-scope.js';
import { convertAzure } from '../domain/azure/index.js';
import { convertSharpHound } from '../domain/sharphound/index.js';
import { BatchBuffer } from './batch-buffer.js';
import { DomainTally } from './domain-tally.js';
import { CollectorFileReader } from './file-reader-ports.js';
import { reportText, WarningList } from './warning-list.js';

/** One collector JSON file to ingest: a loose file, a zip member or a decompressed body. */
export interface IngestSource {
  /** Shown in reports (the upload's name, or the zip member's name); never used as a path. */
  name: string;
  /** The archive the file came from, if any. */
  parentName?: string;
  open(): Readable | Promise<Readable>;
}

/** The outcome of one file (a completed task of the upload API; a line of the CLI summary). */
export interface FileResult {
  fileName: string;
  parentFileName?: string;
  type?: CollectorType;
  /** Objects (items of `data`) converted and written. */
  objects: number;
  /** Non-empty: the file failed (nothing more of it is written after the first error). */
  errors: string[];
  warnings: string[];
  /** Objects per domain name (upper-case), for collection domain results. */
  domains: Record<string, DomainCounts>;
  /** What the file covered, for reconciling the graph with its collection (absent in results made up by callers). */
  scope?: FileScope;
}

/** Progress callback: called after each written batch with the objects it held. */
export type IngestProgress = (objects: number) => void;

/**
 * Ingests one collector file: streams `data` (CollectorFileReader), converts each object (SharpHound/AzureHound
 * converters) and writes batches of about INGEST_BATCH_SIZE graph rows through `GraphStore.writeBatch` (each
 * batch one transaction). A malformed object is skipped with a warning; a malformed file ends with `errors`.
 *
 * Reading problems (bad JSON, unknown type, a member over its limits) are the file's fault and end up in
 * `errors`; so does a write PostgreSQL refuses for its data (`dataErrorCode`). Any other failed write is not, so it
 * is thrown for the caller to retry the whole file later. Parsing the next batch overlaps the writes of the
 * previous ones (INGEST_WRITERS at once). Error and warning texts go through `reportText` (no NUL, capped).
 */
@Injectable()
export class FileIngestor {
  /** Objects written to the graph, by collector type (`pathwarden_ingest_objects_total`). */
  private readonly written: Counter<'type'>;

  constructor(
    private readonly graph: GraphStore,
    private readonly config: IngestConfig,
    private readonly clock: Clock,
    metrics: Metrics,
    private readonly collectorFiles: CollectorFileReader,
  ) {
    this.written = metrics.counter('pathwarden_ingest_objects_total', 'Collector objects written to the graph', ['type']);
  }

  async ingest(source: IngestSource, progress?: IngestProgress): Promise<FileResult> {
    const result: FileResult = {
      fileName: source.name, parentFileName: source.parentName, objects: 0, errors: [], warnings: [], domains: {},
    };
    const warnings = new WarningList();
    const { batchSize, writers } = this.config;
    const seenAt = this.clock.now().toISOString();
    const tally: { scope?: ScopeTally } = {};
    const buffer = new BatchBuffer(this.graph, seenAt, batchSize, (n) => {
      result.objects += n;
      this.written.inc({ type: result.type ?? 'unknown' }, n);
      progress?.(n);
    }, writers);
    try {
      await this.readInto(source, result, buffer, warnings, tally);
      await buffer.flush();
    } catch (error) {
      const failures: unknown[] = [error];
      await buffer.settle().catch((writeError: unknown) => { failures.push(writeError); });
      // Any other failure (an outage) wins, even over the file's fault: the whole file is then retried.
      const outage = failures.findIndex((f) => !(f instanceof SourceError) && dataErrorCode(f) === undefined);
      if (outage >= 0) throw failures[outage];
      const dataError = failures.map(dataErrorCode).find((code) => code !== undefined);
      result.errors.push(dataError ? DATA_REFUSED(dataError) : reportText(messageOf(error)));
    }
    result.warnings = warnings.list();
    const failed = result.errors.length > 0;
    result.scope = tally.scope?.scope(failed) ?? failedScope(seenAt, result.type);
    return result;
  }

  /** Streams the file's objects into the buffer; a reading failure is rethrown as a SourceError. */
  private async readInto(
    source: IngestSource, result: FileResult, buffer: BatchBuffer, warnings: WarningList, tally: { scope?: ScopeTally },
  ) {
    const items = await asSourceError(async () => {
      const file = await this.collectorFiles.open(
        () => source.open(), { maxObjectBytes: this.config.maxObjectBytes },
      );
      result.type = file.meta.type;
      return { meta: file.meta, iterator: file.items()[Symbol.asyncIterator]() };
    });
    const domains = new DomainTally(items.meta.type);
    result.domains = domains.domains;
    const scope = new ScopeTally(items.meta.type, items.meta.methods, buffer.seenAt);
    tally.scope = scope;
    let done = false;
    try {
      for (let index = 0; ; index++) {
        const next = await asSourceError(() => items.iterator.next());
        if (next.done) break;
        let converted: Converted;
        try {
          converted = this.convert(items.meta, next.value);
        } catch (error) {
          warnings.add(`object ${index} skipped: ${messageOf(error)}`);
          continue;
        }
        for (const warning of converted.warnings ?? []) warnings.add(`object ${index}: ${warning}`);
        domains.add(next.value);
        scope.add(next.value, converted);
        await buffer.add(converted);
      }
      done = true;
    } finally {
      // Stopped early (a failed write): let the reader close its stream.
      if (!done) await items.iterator.return?.().catch(() => undefined);
    }
  }

  /** One object to graph rows; a seam for tests (the converters are pure functions). */
  protected convert(meta: CollectorFileMeta, object: unknown): Converted {
    return meta.type === 'azure' ? convertAzure(object) : convertSharpHound(meta.type, meta.version, object);
  }
}

/**
 * The scope a result stands for: its own, or, for a failure reported without one (a zip member refused before it
 * was read, a task given up after too many attempts), a failed scope of unknown type, which removes nothing.
 */
export function scopeOfResult(result: FileResult, at: Date): FileScope | undefined {
  return result.scope ?? (result.errors.length > 0 ? failedScope(at.toISOString(), result.type) : undefined);
}

/**
 * The graph database refused the file's data (SQLSTATE class 22 "data exception", e.g. 22P05 NUL in jsonb or 22021
 * bad encoding; 54000 program limit, e.g. an index row too large): retrying cannot help, so it fails the file. The
 * driver's message may quote the input, so only the code is reported.
 */
export function dataErrorCode(error: unknown): string | undefined {
  const code = pgErrorCode(error);
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '54000') ? code : undefined;
}

const DATA_REFUSED = (code: string) =>
  `the graph database refused this file's data (SQLSTATE ${code}); objects written before it are kept`;

/** A failure to read the file itself (as opposed to writing the graph): reported on the file. */
class SourceError extends Error {}

async function asSourceError<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new SourceError(messageOf(error));
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
