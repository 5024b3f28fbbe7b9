import { describe, expect, it, jest } from '@jest/globals';
import { Readable } from 'node:stream';
import type { Request } from 'express';
import type { ApiError as ApiErrorType } from '../common/api-error.js';

/** When set, the spool folder is one that does not exist: writing the body fails as a full or read-only disk would. */
let missingFolder: string | undefined;
const fs = await import('node:fs/promises');
jest.unstable_mockModule('node:fs/promises', () => ({
  ...fs,
  mkdtemp: (prefix: string) => (missingFolder !== undefined ? Promise.resolve(missingFolder) : fs.mkdtemp(prefix)),
}));
const { ApiError } = await import('../common/api-error.js');
const { isRawBodyRequest, spoolRequestBody, unreadableBody } = await import('./request-pipeline.js');

const request = (method: string, path: string) => ({ method, path }) as Request;

/** A request body stream that fails after its first bytes, as an aborted upload does. */
function brokenBody(error: Error): Request {
  let sent = false;
  const body = new Readable({
    read() {
      if (sent) return void this.destroy(error);
      sent = true;
      this.push(Buffer.from('{"data": ['));
    },
  });
  return Object.assign(body, { headers: {} }) as unknown as Request;
}

describe('raw-body routes', () => {
  it('are recognised in any case, as Express routes them', () => {
    expect(isRawBodyRequest(request('POST', '/api/v2/file-upload/1'))).toBe(true);
    expect(isRawBodyRequest(request('POST', '/api/v2/File-Upload/1'))).toBe(true);
    expect(isRawBodyRequest(request('POST', '/API/V2/INGEST/'))).toBe(true);
    expect(isRawBodyRequest(request('POST', '/api/v2/File-Upload/Start'))).toBe(false);
    expect(isRawBodyRequest(request('POST', '/api/v2/file-upload/ACCEPTED-TYPES'))).toBe(false);
    expect(isRawBodyRequest(request('POST', '/api/v2/file-upload/1/end'))).toBe(false);
    expect(isRawBodyRequest(request('GET', '/api/v2/File-Upload/1'))).toBe(false);
  });
});

describe('spoolRequestBody', () => {
  it('answers 400 with a generic message when the request stream breaks off', async () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    const error = await spoolRequestBody(brokenBody(aborted), 1024).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiErrorType).status, (error as ApiErrorType).messages]).toEqual([400, [unreadableBody]]);
  });

  it('throws a filesystem failure as is (a 500 with the details logged only), never as a 400', async () => {
    missingFolder = '/nonexistent/pathwarden-spec';
    try {
      const body = Object.assign(Readable.from([Buffer.from('{}')]), { headers: {} }) as unknown as Request;
      const error = await spoolRequestBody(body, 1024).catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(ApiError);
      expect([(error as NodeJS.ErrnoException).code, (error as NodeJS.ErrnoException).syscall]).toEqual(['ENOENT', 'open']);
    } finally {
      missingFolder = undefined;
    }
  });
});
