import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { JobIngestLog } from '@app/collection';
import type { Clock } from '@app/platform';
import type { IngestConfig } from '../ingest-config.js';
import type { FileResult } from './file-ingestor.js';
import type { LocalFiles } from './local-files.js';
import type { ClaimedTask, TaskQueue, UploadJobStore } from './ports.js';
import type { CollectionReconciler } from './collection-reconciler.js';
import { MAX_ATTEMPTS, QueueIngestWork } from './queue-ingest-work.js';
import { IngestErrors } from './ingest-errors.js';

const NOW = new Date('2031-05-06T07:00:00.000Z');
const counts = (user_count: number) => ({
  user_count, group_count: 0, computer_count: 0, gpo_count: 0, ou_count: 0, container_count: 0, aiaca_count: 0,
  rootca_count: 0, enterpriseca_count: 0, ntauthstore_count: 0, certtemplate_count: 0, deleted_count: 0,
});

/** Hands out the given tasks in order; records completions; can lose the lease of a task. */
class FakeQueue {
  completed: { task: ClaimedTask; results: FileResult[] }[] = [];
  lost = new Set<number>();
  constructor(private readonly tasks: ClaimedTask[]) {}
  async claim() {
    return this.tasks.shift() ?? null;
  }
  async spool(taskId: number, path: string) {
    writeFileSync(path, `bytes of ${taskId}`);
  }
  async renew() {
    return true;
  }
  async complete(task: ClaimedTask, results: FileResult[], also?: () => Promise<void>) {
    if (this.lost.has(task.id)) return false;
    this.completed.push({ task, results });
    await also?.();
    return true;
  }
}

/** Reports one result per spooled file, per domain as told. */
class FakeFiles {
  seen: string[] = [];
  async ingest(path: string, options: { name: string }): Promise<FileResult[]> {
    this.seen.push(readFileSync(path, 'utf8'));
    expect(existsSync(path)).toBe(true);
    return [
      { fileName: options.name, objects: 2, errors: [], warnings: [], domains: { 'PHANTOM.CORP': counts(2) } },
      { fileName: 'b.json', parentFileName: options.name, objects: 1, errors: [], warnings: [], domains: { 'PHANTOM.CORP': counts(1) } },
    ];
  }
}

const task = (id: number, fields: Partial<ClaimedTask> = {}): ClaimedTask =>
  ({ id, owner: { jobId: 7 }, fileName: `f${id}.zip`, kind: 'zip', attempts: 1, lease: 'lease', ...fields });

function setUp(tasks: ClaimedTask[]) {
  const queue = new FakeQueue(tasks);
  const files = new FakeFiles();
  const recorded: { jobId: number; counts: unknown }[] = [];
  const clientJobs = { addDomainCounts: async (jobId: number, c: unknown) => void recorded.push({ jobId, counts: c }) };
  const work = new QueueIngestWork(
    queue as unknown as TaskQueue, {} as UploadJobStore, clientJobs as unknown as JobIngestLog, files as unknown as LocalFiles,
    { taskLeaseSeconds: 300, uploadTimeoutSeconds: 1200 } as IngestConfig, { now: () => NOW } as Clock,
    {} as CollectionReconciler,
  );
  return { work, queue, files, recorded };
}

describe('QueueIngestWork', () => {
  it('spools each task to a temp file, ingests it and completes it with its results', async () => {
    const { work, queue, files } = setUp([task(1), task(2)]);

    expect(await work.drain()).toEqual({ processed: 2, fromClients: 0 });
    expect(files.seen).toEqual(['bytes of 1', 'bytes of 2']);
    expect(queue.completed.map((c) => c.results.map((r) => r.fileName))).toEqual([['f1.zip', 'b.json'], ['f2.zip', 'b.json']]);
  });

  it("records a client upload's objects per domain on its collection job, in the completion", async () => {
    const { work, recorded } = setUp([task(3, { owner: { collectionJobId: 40, clientId: 'c' } })]);

    expect(await work.drain()).toEqual({ processed: 1, fromClients: 1 });
    expect(recorded).toEqual([{ jobId: 40, counts: { 'PHANTOM.CORP': counts(3) } }]);
  });

  it(`fails a task claimed more than ${MAX_ATTEMPTS} times without ingesting it`, async () => {
    const { work, queue, files } = setUp([task(4, { attempts: MAX_ATTEMPTS + 1 })]);

    await work.drain();
    expect(files.seen).toEqual([]);
    expect(queue.completed[0].results).toEqual([
      { fileName: 'f4.zip', objects: 0, errors: [IngestErrors.tooManyAttempts(MAX_ATTEMPTS)], warnings: [], domains: {} },
    ]);
  });

  it('does not count a task whose lease was lost meanwhile (another worker completes it)', async () => {
    const { work, queue } = setUp([task(5), task(6)]);
    queue.lost.add(5);

    expect(await work.drain()).toEqual({ processed: 1, fromClients: 0 });
  });
});
