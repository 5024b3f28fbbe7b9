import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { writeFileSync } from 'node:fs';
import type { JobIngestLog } from '@app/collection';
import type { AppConfig, Clock } from '@app/platform';
import type { FileResult } from './file-ingestor.js';
import type { LocalFiles } from './local-files.js';
import type { ClaimedTask, TaskQueue, UploadJobStore } from './ports.js';
import { QueueIngestWork } from './queue-ingest-work.js';

const NOW = new Date('2031-05-06T07:00:00.000Z');
const LEASE_SECONDS = 3;

const task = (id: number, fields: Partial<ClaimedTask> = {}): ClaimedTask =>
  ({ id, owner: { collectionJobId: 40, clientId: 'c' }, fileName: `f${id}.json`, kind: 'json', attempts: 1, lease: 'lease', ...fields });

/** Analyzing claims and their renewals, as the job store sees them. */
class FakeJobs {
  claims: { at: Date; expired: Date }[] = [];
  renewals: number[][] = [];
  finished: number[][] = [];
  next: number[] = [];
  async claimForAnalysis(at: Date, expired: Date) {
    this.claims.push({ at, expired });
    const ids = this.next;
    this.next = [];
    return ids;
  }
  async renewAnalysis(ids: number[]) {
    this.renewals.push(ids);
  }
  async finish(ids: number[]) {
    this.finished.push(ids);
  }
}

function setUp(tasks: ClaimedTask[], failing: Set<number>) {
  const completed: number[] = [];
  const queue = {
    claim: async () => tasks.shift() ?? null,
    spool: async (id: number, path: string) => writeFileSync(path, String(id)),
    renew: async () => true,
    complete: async (t: ClaimedTask, _results: FileResult[], also?: () => Promise<void>) => {
      completed.push(t.id);
      await also?.();
      return true;
    },
  };
  const files = {
    ingest: async (_path: string, options: { name: string }): Promise<FileResult[]> => {
      if (failing.has(Number(options.name.slice(1, -5)))) throw new Error('the connection was terminated');
      return [{ fileName: options.name, objects: 1, errors: [], warnings: [], domains: {} }];
    },
  };
  const jobs = new FakeJobs();
  const work = new QueueIngestWork(
    queue as unknown as TaskQueue, jobs as unknown as UploadJobStore, { addDomainCounts: async () => undefined } as unknown as JobIngestLog,
    files as unknown as LocalFiles, { ingest: { taskLeaseSeconds: LEASE_SECONDS, uploadTimeoutSeconds: 1200 } } as AppConfig,
    { now: () => NOW } as Clock,
  );
  return { work, completed, jobs };
}

describe('QueueIngestWork failures', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('logs a task that throws, leaves it to its lease, and goes on: the report keeps the others', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { work, completed } = setUp([task(1), task(2), task(3)], new Set([2]));

    expect(await work.drain()).toEqual({ processed: 2, fromClients: 2 });
    expect(completed).toEqual([1, 3]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('ingest task 2 (f2.json, attempt 1) failed: the connection was terminated'), expect.anything());
  });

  it('claims Analyzing jobs whose lease ran out, and renews the claims it holds until they are finished', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    const { work, jobs } = setUp([], new Set());
    jobs.next = [5, 6];

    expect(await work.claimJobsForAnalysis()).toEqual([5, 6]);
    expect(jobs.claims).toEqual([{ at: NOW, expired: new Date(NOW.getTime() - LEASE_SECONDS * 1000) }]);
    jest.advanceTimersByTime(LEASE_SECONDS * 1000);
    await Promise.resolve();
    expect(jobs.renewals.length).toBeGreaterThanOrEqual(2);
    expect(jobs.renewals[0]).toEqual([5, 6]);

    await work.finishJobs([5], 'succeeded');
    jobs.renewals = [];
    jest.advanceTimersByTime(LEASE_SECONDS * 1000);
    await Promise.resolve();
    expect(new Set(jobs.renewals.map((ids) => ids.join()))).toEqual(new Set(['6']));

    await work.finishJobs([6], 'failed');
    jobs.renewals = [];
    jest.advanceTimersByTime(LEASE_SECONDS * 3000);
    expect(jobs.renewals).toEqual([]);
    expect(jobs.finished).toEqual([[5], [6]]);
  });
});
