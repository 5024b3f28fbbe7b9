import { describe, expect, it } from '@jest/globals';
import { ApiFailure, SessionExpired } from '../api/client';
import { percentDone, runUpload, uploadContentType, uploadHeaderName, type FileProgress, type UploadFile, type UploadTransport } from './upload-run';

const file = (name: string, size = 100, type = ''): UploadFile => ({ name, size, type });

/** A transport that records the calls and fails the files named in `failing`. */
function fakeTransport(failing: Record<string, Error> = {}, overrides: Partial<UploadTransport<UploadFile>> = {}) {
  const calls: string[] = [];
  const transport: UploadTransport<UploadFile> = {
    async start() {
      calls.push('start');
      return 42;
    },
    async send(jobId, f, contentType, onProgress) {
      calls.push(`send ${jobId} ${f.name} ${contentType}`);
      onProgress(f.size / 2, f.size);
      if (failing[f.name]) throw failing[f.name];
      onProgress(f.size, f.size);
    },
    async end(jobId) {
      calls.push(`end ${jobId}`);
    },
    ...overrides,
  };
  return { calls, transport };
}

describe('runUpload', () => {
  it('starts one job, sends each file with its content type, then ends the job', async () => {
    const { calls, transport } = fakeTransport();
    const seen: FileProgress[][] = [];
    const outcome = await runUpload([file('a.json'), file('b.ZIP')], transport, (states) => seen.push(states));
    expect(calls).toEqual(['start', 'send 42 a.json application/json', 'send 42 b.ZIP application/zip', 'end 42']);
    expect(outcome).toEqual({
      jobId: 42,
      files: [
        { name: 'a.json', size: 100, loaded: 100, status: 'done' },
        { name: 'b.ZIP', size: 100, loaded: 100, status: 'done' },
      ],
    });
    // Progress went through: a half-sent a.json was reported while it was uploading.
    expect(seen.some((states) => states[0].status === 'uploading' && states[0].loaded === 50)).toBe(true);
    expect(seen[0].every((state) => state.status === 'waiting')).toBe(true);
  });

  it('keeps each file failure, sends the rest and still ends the job', async () => {
    const { calls, transport } = fakeTransport({ 'bad.json': new ApiFailure(400, [{ context: '', message: 'Error saving ingest file: no meta' }]) });
    const outcome = await runUpload([file('bad.json'), file('notes.txt'), file('ok.zip')], transport, () => undefined);
    expect(calls).toEqual(['start', 'send 42 bad.json application/json', 'send 42 ok.zip application/zip', 'end 42']);
    expect(outcome.files.map((f) => [f.status, f.error])).toEqual([
      ['failed', 'Error saving ingest file: no meta'],
      ['failed', 'Only .json and .zip files can be uploaded'],
      ['done', undefined],
    ]);
    expect(outcome.error).toBeUndefined();
  });

  it('reports a job that cannot start, sending nothing', async () => {
    const { calls, transport } = fakeTransport({}, {
      start: async () => {
        throw new ApiFailure(403, [{ context: '', message: 'HTTP 403' }]);
      },
    });
    const outcome = await runUpload([file('a.json')], transport, () => undefined);
    expect(calls).toEqual([]);
    expect(outcome.jobId).toBeNull();
    expect(outcome.error).toBe('You do not have permission to do this.');
    expect(outcome.files[0].status).toBe('failed');
  });

  it('reports a job that cannot end', async () => {
    const { transport } = fakeTransport({}, {
      end: async () => {
        throw new ApiFailure(400, [{ context: '', message: 'job must be in running status to end' }]);
      },
    });
    const outcome = await runUpload([file('a.json')], transport, () => undefined);
    expect(outcome.error).toBe('job must be in running status to end');
    expect(outcome.files[0].status).toBe('done');
  });

  it('stops at once when the session is gone', async () => {
    const { calls, transport } = fakeTransport({ 'a.json': new SessionExpired(401, []) });
    await expect(runUpload([file('a.json'), file('b.json')], transport, () => undefined)).rejects.toBeInstanceOf(SessionExpired);
    expect(calls).toEqual(['start', 'send 42 a.json application/json']);
  });

  it('says a lost connection plainly', async () => {
    const { transport } = fakeTransport({ 'a.json': new TypeError('network error') });
    const outcome = await runUpload([file('a.json')], transport, () => undefined);
    expect(outcome.files[0].error).toBe('The server could not be reached.');
  });
});

describe('upload helpers', () => {
  it('picks the content type by extension, then by the browser type', () => {
    expect(uploadContentType(file('x.json'))).toBe('application/json');
    expect(uploadContentType(file('x.zip', 1, 'application/x-zip-compressed'))).toBe('application/zip');
    expect(uploadContentType(file('blob', 1, 'application/x-zip-compressed'))).toBe('application/zip');
    expect(uploadContentType(file('blob', 1, 'application/json'))).toBe('application/json');
    expect(uploadContentType(file('x.txt', 1, 'text/plain'))).toBeNull();
  });

  it('makes header-safe file names', () => {
    expect(uploadHeaderName('users.json')).toBe('users.json');
    expect(uploadHeaderName('usérs\n.json')).toBe('us_rs_.json');
    expect(uploadHeaderName('a'.repeat(300))).toHaveLength(255);
  });

  it('computes whole percents', () => {
    expect(percentDone({ loaded: 0, size: 0, status: 'uploading' })).toBe(0);
    expect(percentDone({ loaded: 0, size: 0, status: 'done' })).toBe(100);
    expect(percentDone({ loaded: 333, size: 1000, status: 'uploading' })).toBe(33);
    expect(percentDone({ loaded: 2000, size: 1000, status: 'uploading' })).toBe(100);
  });
});
