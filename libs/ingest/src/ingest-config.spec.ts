import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@app/platform';
import { ingestConfigSlice } from './ingest-config.js';

describe('ingestConfigSlice', () => {
  it.each([
    ['INGEST_MAX_UPLOAD_BYTES', '1023'],
    ['INGEST_MAX_UNCOMPRESSED_BYTES', '10'],
    ['INGEST_MAX_COMPRESSION_RATIO', '1'],
    ['INGEST_MAX_ZIP_MEMBERS', '0'],
    ['INGEST_MAX_OBJECT_BYTES', '1000'],
    ['INGEST_BATCH_SIZE', '0'],
    ['INGEST_WRITERS', '17'],
    ['INGEST_UPLOAD_TIMEOUT', '0'],
    ['INGEST_TASK_LEASE', '86401'],
    ['INGEST_RECONCILE', 'maybe'],
    ['INGEST_FAILED_UPLOAD_RETENTION_HOURS', '-1'],
    ['INGEST_JOB_HISTORY_RETENTION_DAYS', '36501'],
  ])('rejects %s=%s with a ConfigError naming it', (name, value) => {
    expect(() => ingestConfigSlice.read({ [name]: value })).toThrow(ConfigError);
    expect(() => ingestConfigSlice.read({ [name]: value })).toThrow(name);
  });

  it('applies the documented ingest defaults', () => {
    expect(ingestConfigSlice.read({}, '/srv')).toEqual({
      maxUploadBytes: 1024 ** 3, maxUncompressedBytes: 8 * 1024 ** 3, maxCompressionRatio: 200, maxZipMembers: 10_000,
      maxObjectBytes: 64 * 1024 ** 2, batchSize: 20_000, writers: 2, uploadTimeoutSeconds: 1200, taskLeaseSeconds: 300,
      reconcile: true, failedUploadRetentionHours: 72, jobHistoryRetentionDays: 180,
    });
  });

  it('reads the ingest settings from the environment', () => {
    const env = {
      INGEST_BATCH_SIZE: '500', INGEST_WRITERS: '3', INGEST_MAX_ZIP_MEMBERS: '7', INGEST_RECONCILE: 'false',
      INGEST_FAILED_UPLOAD_RETENTION_HOURS: '0', INGEST_JOB_HISTORY_RETENTION_DAYS: '30',
    };
    expect(ingestConfigSlice.read(env)).toMatchObject({
      batchSize: 500, writers: 3, maxZipMembers: 7, reconcile: false, failedUploadRetentionHours: 0, jobHistoryRetentionDays: 30,
    });
  });
});
