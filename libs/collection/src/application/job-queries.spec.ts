import { describe, expect, it } from '@jest/globals';
import type { ListQuery } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { NO_COLLECTION } from '../domain/collection.js';
import { JobStatus } from '../domain/job-status.js';
import type { Client, Job } from '../domain/records.js';
import { JobQueries } from './job-queries.js';
import {
  ClientStore, DirectoryObjects, JobStore, type DirectoryObject, type JobScope, type Page,
} from './ports.js';
import { References } from './references.js';

const NOW = new Date('2025-05-06T07:08:09.000Z');
const QUERY: ListQuery = { filters: [], sort: [{ sql: 'j.id', direction: 'ASC' }], skip: 0, limit: 100 };
const unused = (): never => {
  throw new Error('not used by the job queries');
};

function job(id: number, ous: string[], domains: string[]): Job {
  return {
    ...NO_COLLECTION, sessionCollection: true, ous, domains, id, clientId: 'c1', clientName: 'one', eventId: null,
    eventTitle: '', executionTime: NOW, startTime: null, endTime: null, lastIngest: null, status: JobStatus.Complete,
    statusMessage: '', domainController: '', logPath: '', createdAt: NOW, updatedAt: NOW, deletedAt: null,
    domainResults: [],
  };
}

const PAGE = [job(1, ['OU-A'], ['DOM-A']), job(2, ['OU-A', 'OU-B'], [])];

class Jobs extends JobStore {
  listed: JobScope[] = [];
  byIds = unused; createAdHoc = unused; cancel = unused; start = unused; end = unused;
  async list(_query: ListQuery, scope: JobScope): Promise<Page<Job>> {
    this.listed.push(scope);
    return { items: PAGE, count: 42 };
  }
  async find(id: number): Promise<Job | null> {
    return PAGE.find((j) => j.id === id) ?? null;
  }
}

class Clients extends ClientStore {
  create = unused; list = unused; update = unused; softDelete = unused; rotateToken = unused; findSigningKey = unused;
  touchToken = unused; checkIn = unused;
  async find(id: string): Promise<Client | null> {
    return id === 'c1' ? ({ id } as Client) : null;
  }
}

class Objects extends DirectoryObjects {
  calls: string[][] = [];
  async find(objectids: string[]): Promise<Map<string, DirectoryObject>> {
    this.calls.push(objectids);
    return new Map(objectids.map((objectid) => [objectid, { objectid, name: objectid, distinguishedname: '', type: 'OU' }]));
  }
}

function queries() {
  const jobs = new Jobs();
  const objects = new Objects();
  return { queries: new JobQueries(jobs, new Clients(), new References(objects)), jobs, objects };
}

describe('JobQueries', () => {
  it('lists every job with the total and looks up the page\'s objects once', async () => {
    const { queries: q, jobs, objects } = queries();
    const read = await q.list(QUERY, { ous: true, domains: true });
    expect([read.jobs, read.count]).toEqual([PAGE, 42]);
    expect(jobs.listed).toEqual([{}]);
    expect(objects.calls).toEqual([['OU-A', 'DOM-A', 'OU-B']]);
    expect([...read.objects.keys()]).toEqual(['OU-A', 'DOM-A', 'OU-B']);
  });

  it('looks up nothing when hydration is off', async () => {
    const { queries: q, objects } = queries();
    await q.list(QUERY, { ous: false, domains: false });
    expect(objects.calls).toEqual([]);
  });

  it('lists the finished jobs of a known client', async () => {
    const { queries: q, jobs } = queries();
    await q.completed('c1', QUERY, { ous: false, domains: true });
    expect(jobs.listed).toEqual([{ clientId: 'c1', states: 'finished' }]);
  });

  it('answers 404 for the completed jobs of an unknown client, before listing', async () => {
    const { queries: q, jobs } = queries();
    expect((await apiErrorOf(q.completed('c9', QUERY, { ous: true, domains: true }))).status).toBe(404);
    expect(jobs.listed).toEqual([]);
  });

  it('lists READY jobs of one client or of all', async () => {
    const { queries: q, jobs } = queries();
    await q.available('c1', QUERY, { ous: true, domains: true });
    await q.available(undefined, QUERY, { ous: true, domains: true });
    expect(jobs.listed).toEqual([{ clientId: 'c1', states: 'ready' }, { clientId: undefined, states: 'ready' }]);
  });

  it('adds the objects of jobs a command returned, looked up once', async () => {
    const { queries: q, objects } = queries();
    const read = await q.withObjects(PAGE, { ous: true, domains: false });
    expect(read.jobs).toBe(PAGE);
    expect([...read.objects.keys()]).toEqual(['OU-A', 'OU-B']);
    expect(objects.calls).toEqual([['OU-A', 'OU-B']]);
  });

  it('reads one job, 404 when unknown', async () => {
    const { queries: q } = queries();
    expect((await q.get(2, { ous: true, domains: true })).jobs.map((j) => j.id)).toEqual([2]);
    expect((await apiErrorOf(q.get(3, { ous: true, domains: true }))).status).toBe(404);
  });
});
