// One upload: start a job, send each file (one at a time, each failure kept and the rest still sent), end the job.
// The transport is the only part that touches the network (XMLHttpRequest in the page, a fake in the tests).
import { SessionExpired } from '../api/client';
import { failureMessage } from '../api/failure-message';

export interface UploadFile {
  name: string;
  size: number;
  type: string;
}

export interface UploadTransport<F extends UploadFile> {
  start(): Promise<number>;
  send(jobId: number, file: F, contentType: string, onProgress: (loaded: number, total: number) => void): Promise<void>;
  end(jobId: number): Promise<void>;
}

export type FileStatus = 'waiting' | 'uploading' | 'done' | 'failed';

export interface FileProgress {
  name: string;
  size: number;
  loaded: number;
  status: FileStatus;
  error?: string;
}

export interface UploadOutcome {
  jobId: number | null;
  files: FileProgress[];
  /** Why the job could not be started or ended (the per-file failures are in `files`). */
  error?: string;
}

/** The content type the API takes for a file, by its extension (then by its browser-given type); null if none. */
export function uploadContentType(file: Pick<UploadFile, 'name' | 'type'>): string | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.json')) return 'application/json';
  if (name.endsWith('.zip')) return 'application/zip';
  const type = file.type.toLowerCase();
  if (type === 'application/json') return type;
  if (['application/zip', 'application/x-zip-compressed', 'application/zip-compressed'].includes(type)) return 'application/zip';
  return null;
}

/** The file name as an X-File-Upload-Name header value: printable ASCII only (header values are Latin-1 bytes). */
export function uploadHeaderName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').slice(0, 255);
}

/** Percent done (0-100, whole numbers) of one file. */
export function percentDone(progress: Pick<FileProgress, 'loaded' | 'size' | 'status'>): number {
  if (progress.status === 'done') return 100;
  if (progress.size <= 0) return 0;
  return Math.min(100, Math.floor((progress.loaded / progress.size) * 100));
}

/**
 * Runs the upload, reporting every change through `onChange` (a fresh array each time). A lost session
 * (SessionExpired) stops everything and is rethrown: the app shows the sign-in page.
 */
export async function runUpload<F extends UploadFile>(
  files: readonly F[],
  transport: UploadTransport<F>,
  onChange: (files: FileProgress[]) => void,
): Promise<UploadOutcome> {
  let states: FileProgress[] = files.map((file) => ({ name: file.name, size: file.size, loaded: 0, status: 'waiting' }));
  const update = (index: number, change: Partial<FileProgress>) => {
    states = states.map((state, i) => (i === index ? { ...state, ...change } : state));
    onChange(states);
  };
  onChange(states);

  let jobId: number;
  try {
    jobId = await transport.start();
  } catch (error) {
    if (error instanceof SessionExpired) throw error;
    const message = failureMessage(error, 'The upload job could not be started');
    states = states.map((state) => ({ ...state, status: 'failed', error: 'not sent' }));
    onChange(states);
    return { jobId: null, files: states, error: message };
  }

  for (const [index, file] of files.entries()) {
    const contentType = uploadContentType(file);
    if (!contentType) {
      update(index, { status: 'failed', error: 'Only .json and .zip files can be uploaded' });
      continue;
    }
    update(index, { status: 'uploading' });
    try {
      await transport.send(jobId, file, contentType, (loaded, total) =>
        update(index, { loaded, size: total > 0 ? total : states[index].size }),
      );
      update(index, { status: 'done', loaded: states[index].size });
    } catch (error) {
      if (error instanceof SessionExpired) throw error;
      update(index, { status: 'failed', error: failureMessage(error, 'Upload failed') });
    }
  }

  // Ended even when every file failed: a job left Running would only time out.
  try {
    await transport.end(jobId);
  } catch (error) {
    if (error instanceof SessionExpired) throw error;
    return { jobId, files: states, error: failureMessage(error, 'The upload job could not be ended') };
  }
  return { jobId, files: states };
}
