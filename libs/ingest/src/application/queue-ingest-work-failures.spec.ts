import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { writeFileSync } from 'node:fs';
import type { JobIngestLog } from '@app/collection';
import { runWithRequestContext, type Clock } from '@app/platform';
import type { IngestConfig } from '../ingest-config.js';
import type { FileResult } from './file-ingestor.js';
import type { LocalFiles } from './local-files.js';
import type { ClaimedTask, TaskQueue, UploadJobStore } from './ports.js';
import type { CollectionReconciler } from './collection-reconciler.js';
import { QueueIngestWork } from './queue-ingest-work.js';

const NOW = new Date('2031-05-06T07:00:00.000Z');
const LEASE_SECONDS = 3;

const task = (id: number, fields: Partial<ClaimedTask> = {}): ClaimedTask =>
  ({ id, owner: { collectionJobId: 40, clientId: 'c' }, fileName: `f${id}.json`, kind: 'json', attempts: 1, lease: 'lease', ...fields });

/** A task queue and files whose ingest fails (or runs `during`) for the tasks named. */
function setUp(tasks: ClaimedTask[], failing: Set<number>, during: (id: number) => void = () => undefined) {
  const completed: number[] = [];
  const released: number[] = [];
  const queue = {
    claim: async () => tasks.shift() ?? null,
    spool: async (id: number, path: string) => writeFileSync(path, String(id)),
    renew: async () => true,
    release: async (t: ClaimedTask) => void released.push(t.id),
    complete: async (t: ClaimedTask, _results: FileResult[], also?: () => Promise<void>) => {
      completed.push(t.id);
      await also?.();
      return true;
    },
  };
  const files = {
    ingest: async (_path: string, options: { name: string }): Promise<FileResult[]> => {
      const id = Number(options.name.slice(1, -5));
      during(id);
      if (failing.has(id)) throw new Error('the connection was terminated');
      return [{ fileName: options.name, objects: 1, errors: [], warnings: [], domains: {} }];
    },
  };
  const work = new QueueIngestWork(
    queue as unknown as TaskQueue, {} as UploadJobStore, { addDomainCounts: async () => undefined } as unknown as JobIngestLog,
    files as unknown as LocalFiles, { taskLeaseSeconds: LEASE_SECONDS, uploadTimeoutSeconds: 1200 } as IngestConfig,
    { now: () => NOW } as Clock, {} as CollectionReconciler,
  );
  return { work, completed, released, tasks };
}

describe('QueueIngestWork failures', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('logs a task that throws, leaves it to its lease, and goes on: the report keeps the others', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { work, completed } = setUp([task(1), task(2), task(3)], new Set([2]));

    expect(await work.drain()).toEqual({ processed: 2, fromClients: 2 });
    expect(completed).toEqual([1, 3]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('ingest task 2 (f2.json, attempt 1) failed: the connection was terminated'), expect.anything());
  });

  it('hands the task in flight back untried and ends the drain when the service stops, keeping what it ingested', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const stop = new AbortController();
    // Task 2 is cut short by the stop: its write fails (cancelled on the server) once the signal has aborted.
    const { work, completed, released, tasks } = setUp([task(1), task(2), task(3)], new Set([2]), (id) => {
      if (id === 2) stop.abort(new Error('stopping'));
    });

    const report = await runWithRequestContext({ requestId: 'datapipe', deadline: Date.now() + 60_000, signal: stop.signal },
      () => work.drain());
    expect(report).toEqual({ processed: 1, fromClients: 1 });
    expect(completed).toEqual([1]);
    expect(released).toEqual([2]);
    expect(tasks.map((t) => t.id)).toEqual([3]);
    expect(errors).not.toHaveBeenCalled();
  });
});
