// The file upload and datapipe calls of the ingest page. The file itself goes through XMLHttpRequest: fetch reports
// no upload progress. It carries the session's bearer token like client.ts, and its failures read the same way
// (failureFromResponse: the error body, a 401 ending the session).
import { failureFromResponse, getData, request } from '../api/client';
import { currentSession } from '../api/session';
import { fileResultsFromWire, uploadJobFromWire, type FileResult, type UploadJob } from './upload-jobs';
import { uploadHeaderName, type UploadTransport } from './upload-run';
import { plainString } from '../api/wire-values';

export async function listUploadJobs(limit: number, signal?: AbortSignal): Promise<UploadJob[]> {
  const jobs = await getData<Record<string, unknown>[]>('/api/v2/file-upload', {
    query: { sort_by: '-id', limit },
    signal,
  });
  return (Array.isArray(jobs) ? jobs : []).map(uploadJobFromWire);
}

export async function completedTasks(jobId: number, signal?: AbortSignal): Promise<FileResult[]> {
  const tasks = await getData<Record<string, unknown>[]>(`/api/v2/file-upload/${jobId}/completed-tasks`, { signal });
  return fileResultsFromWire(Array.isArray(tasks) ? tasks : []);
}

export interface DatapipeStatus {
  status: string;
  lastCompleteAnalysisAt: unknown;
}

export async function datapipeStatus(signal?: AbortSignal): Promise<DatapipeStatus> {
  const data = await getData<Record<string, unknown>>('/api/v2/datapipe/status', { signal });
  return { status: plainString(data?.status) || 'unknown', lastCompleteAnalysisAt: data?.last_complete_analysis_at };
}

/** The page's transport: start and end through client.ts, each file through XMLHttpRequest. */
export const xhrTransport: UploadTransport<File> = {
  async start() {
    const job = await getData<{ id: unknown }>('/api/v2/file-upload/start', { method: 'POST' });
    const id = Number(job?.id);
    if (!Number.isSafeInteger(id)) throw new Error('The server answered no job id');
    return id;
  },
  send: sendFile,
  async end(jobId) {
    await request(`/api/v2/file-upload/${jobId}/end`, { method: 'POST' });
  },
};

function sendFile(jobId: number, file: File, contentType: string, onProgress: (loaded: number, total: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const session = currentSession();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v2/file-upload/${jobId}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.setRequestHeader('X-File-Upload-Name', uploadHeaderName(file.name));
    if (session) xhr.setRequestHeader('Authorization', `Bearer ${session.token}`);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve();
        return;
      }
      reject(failureFromResponse(xhr.status, xhr.responseText, session !== null));
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(new Error('The upload was cancelled'));
    xhr.send(file);
  });
}
