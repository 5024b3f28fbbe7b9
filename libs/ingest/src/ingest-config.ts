import { defineConfigSlice } from '@app/platform';

/** Ingest limits and pacing (README "Ingest and analysis"): every cap answers 413/400 with a clear message. */
export class IngestConfig {
  /** Largest upload body in bytes (INGEST_MAX_UPLOAD_BYTES); 413 above. */
  readonly maxUploadBytes: number;
  /** Largest total of a zip's uncompressed members in bytes (INGEST_MAX_UNCOMPRESSED_BYTES); 413 above. */
  readonly maxUncompressedBytes: number;
  /** Largest uncompressed/compressed ratio of a zip member or a gzip body (INGEST_MAX_COMPRESSION_RATIO); 413 above. */
  readonly maxCompressionRatio: number;
  /** Most members in one zip (INGEST_MAX_ZIP_MEMBERS); 400 above. */
  readonly maxZipMembers: number;
  /** Largest single value of a collector file (one `data` item, `meta`, a key) in bytes (INGEST_MAX_OBJECT_BYTES). */
  readonly maxObjectBytes: number;
  /** Graph rows (nodes + edges) per write transaction (INGEST_BATCH_SIZE). */
  readonly batchSize: number;
  /** Batch writes of one file in flight at once, each on its own connection (INGEST_WRITERS). */
  readonly writers: number;
  /** A Running upload job with no upload for this many seconds times out (INGEST_UPLOAD_TIMEOUT, default 20 min). */
  readonly uploadTimeoutSeconds: number;
  /** A claimed task whose worker gave no sign of life for this many seconds is taken again (INGEST_TASK_LEASE). */
  readonly taskLeaseSeconds: number;
  /**
   * Remove what a newer collection of the same scope no longer reports, at the analysis after it
   * (INGEST_RECONCILE, default on; README "What leaves the graph").
   */
  readonly reconcile: boolean;
  /** Keep the stored bytes of an upload whose ingest failed this many hours (INGEST_FAILED_UPLOAD_RETENTION_HOURS); 0: not at all. */
  readonly failedUploadRetentionHours: number;
  /** Keep finished upload jobs and their file results this many days (INGEST_JOB_HISTORY_RETENTION_DAYS); 0: forever. */
  readonly jobHistoryRetentionDays: number;
}

export const ingestConfigSlice = defineConfigSlice(IngestConfig, (env) => ({
  maxUploadBytes: env.integer('INGEST_MAX_UPLOAD_BYTES', 1024 ** 3, 1024, 1024 ** 4),
  maxUncompressedBytes: env.integer('INGEST_MAX_UNCOMPRESSED_BYTES', 8 * 1024 ** 3, 1024, 1024 ** 4),
  maxCompressionRatio: env.integer('INGEST_MAX_COMPRESSION_RATIO', 200, 2, 100_000),
  maxZipMembers: env.integer('INGEST_MAX_ZIP_MEMBERS', 10_000, 1, 1_000_000),
  maxObjectBytes: env.integer('INGEST_MAX_OBJECT_BYTES', 64 * 1024 ** 2, 1024, 1024 ** 3),
  batchSize: env.integer('INGEST_BATCH_SIZE', 20_000, 1, 1_000_000),
  writers: env.integer('INGEST_WRITERS', 2, 1, 16),
  uploadTimeoutSeconds: env.integer('INGEST_UPLOAD_TIMEOUT', 1200, 1, 31_536_000),
  taskLeaseSeconds: env.integer('INGEST_TASK_LEASE', 300, 1, 86_400),
  reconcile: env.boolean('INGEST_RECONCILE') ?? true,
  failedUploadRetentionHours: env.integer('INGEST_FAILED_UPLOAD_RETENTION_HOURS', 72, 0, 87_600),
  jobHistoryRetentionDays: env.integer('INGEST_JOB_HISTORY_RETENTION_DAYS', 180, 0, 36_500),
}));
