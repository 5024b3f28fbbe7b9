// Polls the upload jobs and the datapipe status: every 2 s while something is running, ingesting or analyzing,
// every 15 s when idle, never after unmount. Each finished job's per-file results are read once.
import { useCallback, useEffect, useRef, useState } from 'react';
import { SessionExpired } from '../api/client';
import { failureMessage } from './failure-message';
import { completedTasks, datapipeStatus, listUploadJobs, type DatapipeStatus } from './ingest-api';
import { isActiveStatus, isFinalStatus, type FileResult, type UploadJob } from './upload-jobs';

const BUSY_MS = 2000;
const IDLE_MS = 15000;
const JOBS_SHOWN = 20;

export interface IngestStatus {
  jobs: UploadJob[] | null;
  results: ReadonlyMap<number, FileResult[]>;
  datapipe: DatapipeStatus | null;
  error: string | null;
  /** Reads now (after an upload) and polls fast again. */
  refresh: () => void;
}

export function useIngestStatus(): IngestStatus {
  const [jobs, setJobs] = useState<UploadJob[] | null>(null);
  const [results, setResults] = useState<ReadonlyMap<number, FileResult[]>>(new Map());
  const [datapipe, setDatapipe] = useState<DatapipeStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const kick = useRef<() => void>(() => undefined);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    const known = new Map<number, FileResult[]>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let generation = 0;

    const tick = async () => {
      const mine = ++generation;
      clearTimeout(timer);
      let busy = false;
      try {
        const [nextJobs, pipe] = await Promise.all([listUploadJobs(JOBS_SHOWN, signal), datapipeStatus(signal)]);
        const missing = nextJobs.filter((job) => isFinalStatus(job.status) && job.totalFiles > 0 && !known.has(job.id));
        const fetched = await Promise.all(missing.map(async (job) => [job.id, await completedTasks(job.id, signal)] as const));
        if (signal.aborted || mine !== generation) return;
        for (const [id, list] of fetched) known.set(id, list);
        if (fetched.length > 0) setResults(new Map(known));
        setJobs(nextJobs);
        setDatapipe(pipe);
        setError(null);
        busy = nextJobs.some((job) => isActiveStatus(job.status)) || pipe.status !== 'idle';
      } catch (failure) {
        // Unmounted (aborted) or signed out (the app shows the sign-in page): nothing to show, nothing to poll.
        if (signal.aborted || failure instanceof SessionExpired) return;
        if (mine !== generation) return;
        setError(failureMessage(failure, 'The upload jobs could not be read'));
      }
      if (!signal.aborted && mine === generation) timer = setTimeout(() => void tick(), busy ? BUSY_MS : IDLE_MS);
    };

    kick.current = () => void tick();
    void tick();
    return () => {
      controller.abort();
      clearTimeout(timer);
      kick.current = () => undefined;
    };
  }, []);

  const refresh = useCallback(() => kick.current(), []);
  return { jobs, results, datapipe, error, refresh };
}
