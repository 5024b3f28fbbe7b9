import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ApiError } from '@app/platform';
import type { IngestConfig } from '../ingest-config.js';
import { IngestErrors } from './ingest-errors.js';
import { ScanningCollectorFileReader } from '../infrastructure/parsing/collector-file.js';
import { YauzlZipReader } from '../infrastructure/parsing/zip-archive.js';
import { UploadCheck } from './upload-check.js';

const limits = { maxUncompressedBytes: 1_000_000, maxCompressionRatio: 50, maxZipMembers: 10 } as IngestConfig;
const json = JSON.stringify({ data: [{ ObjectIdentifier: 'S-1-5-21-1-1' }], meta: { type: 'users', version: 6, count: 1 } });

const uploadCheck = new UploadCheck(new ScanningCollectorFileReader(), new YauzlZipReader());

describe('UploadCheck (gzip)', () => {
  let dir: string;
  const file = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  const refusal = async (path: string) => {
    const error = await uploadCheck.check(path, 'gzip', limits).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    return { status: (error as ApiError).status, message: (error as ApiError).messages[0] };
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'upload-check-spec-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes a gzip body that inflates within the limits', async () => {
    await expect(uploadCheck.check(file('ok.gz', gzipSync(json)), 'gzip', limits)).resolves.toBeUndefined();
  });

  it('answers 413 for a body past the compression ratio or the uncompressed size', async () => {
    expect(await refusal(file('ratio.gz', gzipSync(Buffer.alloc(200_000, 0x20))))).toEqual({
      status: 413, message: expect.stringContaining('compression ratio limit of 50'),
    });
    const noisy = randomBytes(1_200_000);
    expect(await refusal(file('big.gz', gzipSync(noisy)))).toEqual({
      status: 413, message: expect.stringContaining('uncompressed size limit of 1000000'),
    });
  });

  it('answers 400 for a corrupt or truncated body, and one without the gzip magic', async () => {
    const whole = gzipSync(json);
    const corrupt = Buffer.concat([whole.subarray(0, 10), Buffer.alloc(40, 0xff)]);
    expect(await refusal(file('corrupt.gz', corrupt))).toEqual({ status: 400, message: expect.stringMatching(/^Error saving ingest file: the body is not valid gzip/) });
    expect(await refusal(file('short.gz', whole.subarray(0, whole.length - 12)))).toEqual({
      status: 400, message: expect.stringMatching(/^Error saving ingest file: the body is not valid gzip/),
    });
    expect(await refusal(file('plain.gz', Buffer.from(json)))).toEqual({
      status: 400, message: IngestErrors.invalidFile('the body is not gzip-compressed'),
    });
  });
});
