// Polls the upload jobs and the datapipe status: every 2 s while something is running, ingesting or analyzing,
// every 15 s when idle, never after unmount. Each finished job's per-file results are read once. A call the role
// may not make (403: graphdb:ingest for jobs, graphdb:read for the datapipe) is said once and not repeated.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiFailure, SessionExpired } from '../api/client';
import { failureMessage } from '../api/failure-message';
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

const forbidden = (failure: unknown) => failure instanceof ApiFailure && failure.status === 403;

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
    let jobsAllowed = true;
    let datapipeAllowed = true;

    const readJobs = async () => {
      const nextJobs = await listUploadJobs(JOBS_SHOWN, signal);
      const missing = nextJobs.filter((job) => isFinalStatus(job.status) && job.totalFiles > 0 && !known.has(job.id));
      const fetched = await Promise.all(missing.map(async (job) => [job.id, await completedTasks(job.id, signal)] as const));
      return { nextJobs, fetched };
    };

    const tick = async () => {
      const mine = ++generation;
      clearTimeout(timer);
      const [jobsRead, pipeRead] = await Promise.allSettled([
        jobsAllowed ? readJobs() : Promise.resolve(null),
        datapipeAllowed ? datapipeStatus(signal) : Promise.resolve(null),
      ]);
      // Unmounted (aborted), superseded by a newer read, or signed out (the app shows the sign-in page).
      if (signal.aborted || mine !== generation) return;
      const failures = [jobsRead, pipeRead].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      if (failures.some((f) => f instanceof SessionExpired)) return;

      let busy = false;
      const problems: string[] = [];
      if (jobsRead.status === 'fulfilled' && jobsRead.value) {
        const { nextJobs, fetched } = jobsRead.value;
        for (const [id, list] of fetched) known.set(id, list);
        if (fetched.length > 0) setResults(new Map(known));
        setJobs(nextJobs);
        busy ||= nextJobs.some((job) => isActiveStatus(job.status));
      } else if (jobsRead.status === 'rejected') {
        if (forbidden(jobsRead.reason)) {
          jobsAllowed = false;
          setJobs([]);
        }
        problems.push(
          forbidden(jobsRead.reason)
            ? 'Your role may not upload files or read upload jobs (it needs the graphdb:ingest permission).'
            : failureMessage(jobsRead.reason, 'The upload jobs could not be read'),
        );
      }
      if (pipeRead.status === 'fulfilled' && pipeRead.value) {
        setDatapipe(pipeRead.value);
        busy ||= pipeRead.value.status !== 'idle';
      } else if (pipeRead.status === 'rejected') {
        if (forbidden(pipeRead.reason)) datapipeAllowed = false;
        else problems.push(failureMessage(pipeRead.reason, 'The datapipe status could not be read'));
      }
      // A 403 is said by the first read that met it and stays said.
      setError((previous) => (problems.length > 0 ? problems.join(' ') : jobsAllowed ? null : previous));
      if (jobsAllowed || datapipeAllowed) timer = setTimeout(() => void tick(), busy ? BUSY_MS : IDLE_MS);
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
