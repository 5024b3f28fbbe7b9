import { describe, expect, it } from '@jest/globals';
import { Clock, type ListQuery } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { NO_COLLECTION } from '../domain/collection.js';
import { JobStatus } from '../domain/job-status.js';
import type { Client, CollectionEvent, Job } from '../domain/records.js';
import { ClientFlow } from './client-flow.js';
import { ClientQueries } from './client-queries.js';
import { JobQueries } from './job-queries.js';
import {
  ClientStore, DirectoryObjects, EventStore, JobStore, type CancelOutcome, type CheckIn, type DirectoryObject,
  type JobEnd, type JobScope, type Page, type StartOutcome,
} from './ports.js';
import { HYDRATE_ALL, References } from './references.js';

const NOW = new Date('2025-05-06T07:08:09.000Z');
const clock = { now: () => NOW } as Clock;
const unused = (): never => {
  throw new Error('not used by the client flow');
};

function job(fields: Partial<Job> = {}): Job {
  return {
    ...NO_COLLECTION, sessionCollection: true, ous: [], domains: [], id: 1, clientId: 'c1', clientName: 'one',
    eventId: null, eventTitle: '', executionTime: NOW, startTime: null, endTime: null, lastIngest: null,
    status: JobStatus.Ready, statusMessage: '', domainController: '', logPath: '', createdAt: NOW, updatedAt: NOW,
    deletedAt: null, domainResults: [], ...fields,
  };
}

const CLIENT: Client = {
  id: 'c1', name: 'one', type: 'sharphound', ipAddress: '', hostname: '', configuredUser: '', version: '', userSid: null,
  domainController: null, issuerAddress: null, issuerAddressOverride: null, lastCheckin: null, createdAt: NOW, updatedAt: NOW, deletedAt: null, currentJobId: 5,
  currentTaskId: 6, completedJobCount: 0, completedTaskCount: 0, token: null,
};

class Clients extends ClientStore {
  checkIns: { id: string; report: CheckIn; at: Date }[] = [];
  create = unused; list = unused; find = unused; update = unused; softDelete = unused; rotateToken = unused;
  findSigningKey = unused; touchToken = unused;
  async checkIn(id: string, report: CheckIn, at: Date): Promise<Client | null> {
    this.checkIns.push({ id, report, at });
    return id === CLIENT.id ? { ...CLIENT, lastCheckin: at } : null;
  }
}

class Events extends EventStore {
  create = unused; list = unused; find = unused; update = unused; delete = unused;
  async byClients(clientIds: string[]): Promise<CollectionEvent[]> {
    return clientIds.includes('c1')
      ? [{ ...NO_COLLECTION, sessionCollection: true, id: 3, clientId: 'c1', title: 't', rrule: '', nextScheduledAt: null, ous: ['OU-E'], domains: [], createdAt: NOW, updatedAt: NOW, deletedAt: null }]
      : [];
  }
}

/** Jobs whose answers the test scripts, recording what the flow asked. */
class Jobs extends JobStore {
  listed: { query: ListQuery; scope: JobScope }[] = [];
  started: { clientId: string; id: number; at: Date }[] = [];
  ended: { clientId: string; report: JobEnd; at: Date }[] = [];
  constructor(private readonly script: { page?: Job[]; start?: StartOutcome; end?: Job | null } = {}) {
    super();
  }
  find = unused; createAdHoc = unused;
  async cancel(): Promise<CancelOutcome> {
    return unused();
  }
  async list(query: ListQuery, scope: JobScope): Promise<Page<Job>> {
    this.listed.push({ query, scope });
    const items = this.script.page ?? [];
    return { items, count: items.length };
  }
  async byIds(ids: number[]): Promise<Job[]> {
    return ids.map((id) => job({ id, domains: ['DOM-J'] }));
  }
  async start(clientId: string, id: number, at: Date): Promise<StartOutcome> {
    this.started.push({ clientId, id, at });
    return this.script.start ?? 'not-found';
  }
  async end(clientId: string, report: JobEnd, at: Date): Promise<Job | null> {
    this.ended.push({ clientId, report, at });
    return this.script.end ?? null;
  }
}

/** Directory objects that count the look-ups made. */
class Objects extends DirectoryObjects {
  calls: string[][] = [];
  async find(objectids: string[]): Promise<Map<string, DirectoryObject>> {
    this.calls.push(objectids);
    return new Map(objectids.map((objectid) => [objectid, { objectid, name: objectid.toLowerCase(), distinguishedname: '', type: 'OU' }]));
  }
}

function flow(jobs = new Jobs()) {
  const objects = new Objects();
  const clients = new Clients();
  const references = new References(objects);
  const clientQueries = new ClientQueries(clients, new Events(), jobs, references);
  const jobQueries = new JobQueries(jobs, clients, references);
  return { flow: new ClientFlow(clients, clientQueries, jobs, jobQueries, clock), clients, jobs, objects };
}

const QUERY: ListQuery = { filters: [], sort: [{ sql: 'j.id', direction: 'ASC' }], skip: 0, limit: 1000 };
const END: JobEnd = { status: JobStatus.Complete, message: 'ok', logPath: '/l', domainResults: [] };

describe('ClientFlow.checkIn', () => {
  it('records the report at now and reads the client\'s events and current job and task, with one look-up', async () => {
    const { flow: f, clients, objects } = flow();
    const read = await f.checkIn('c1', { hostname: 'h' }, HYDRATE_ALL);
    expect(clients.checkIns).toEqual([{ id: 'c1', report: { hostname: 'h' }, at: NOW }]);
    expect(read.clients.map((c) => c.lastCheckin)).toEqual([NOW]);
    expect(read.events.get('c1')?.map((e) => e.id)).toEqual([3]);
    expect([...read.jobs.keys()]).toEqual([5, 6]);
    expect(objects.calls).toEqual([['OU-E', 'DOM-J']]);
  });

  it('answers 404 when the client is gone', async () => {
    expect((await apiErrorOf(flow().flow.checkIn('c2', {}, HYDRATE_ALL))).status).toBe(404);
  });
});

describe('ClientFlow job reads', () => {
  it('lists the client\'s READY jobs only, with one look-up of their objects', async () => {
    const { flow: f, jobs, objects } = flow(new Jobs({ page: [job({ ous: ['OU-1'] }), job({ id: 2, domains: ['DOM-2'] })] }));
    const read = await f.available('c1', QUERY, HYDRATE_ALL);
    expect(read.jobs.map((j) => j.id)).toEqual([1, 2]);
    expect([...read.objects.keys()]).toEqual(['OU-1', 'DOM-2']);
    expect(jobs.listed).toEqual([{ query: QUERY, scope: { clientId: 'c1', states: 'ready' } }]);
    expect(objects.calls).toEqual([['OU-1', 'DOM-2']]);
  });

  it('reads the running job of the client through a status filter', async () => {
    const running = job({ status: JobStatus.Running });
    const { flow: f, jobs } = flow(new Jobs({ page: [running] }));
    expect((await f.current('c1', HYDRATE_ALL)).jobs).toEqual([running]);
    expect(jobs.listed[0].scope).toEqual({ clientId: 'c1' });
    expect(jobs.listed[0].query).toMatchObject({ filters: [{ column: 'status', op: 'eq', value: '1' }], limit: 1 });
  });

  it('answers 404 when the client runs nothing', async () => {
    expect((await apiErrorOf(flow().flow.current('c1', HYDRATE_ALL))).status).toBe(404);
  });
});

describe('ClientFlow.start', () => {
  it('starts the job at now', async () => {
    const running = job({ status: JobStatus.Running, startTime: NOW });
    const { flow: f, jobs } = flow(new Jobs({ start: running }));
    expect((await f.start('c1', 4, HYDRATE_ALL)).jobs).toEqual([running]);
    expect(jobs.started).toEqual([{ clientId: 'c1', id: 4, at: NOW }]);
  });

  it.each([
    ['not-found', 404, 'resource not found'],
    ['not-ready', 400, 'job is not ready to start'],
    ['busy', 400, 'the client is already running a job: end it before starting another'],
  ] as const)('answers %s as %i', async (outcome, status, message) => {
    const error = await apiErrorOf(flow(new Jobs({ start: outcome })).flow.start('c1', 4, HYDRATE_ALL));
    expect([error.status, error.messages[0]]).toEqual([status, message]);
  });
});

describe('ClientFlow.end', () => {
  it('ends the running job at now with the report', async () => {
    const ended = job({ status: JobStatus.Complete });
    const { flow: f, jobs } = flow(new Jobs({ end: ended }));
    expect((await f.end('c1', END, HYDRATE_ALL)).jobs).toEqual([ended]);
    expect(jobs.ended).toEqual([{ clientId: 'c1', report: END, at: NOW }]);
  });

  it('answers 404 when no job runs', async () => {
    expect((await apiErrorOf(flow().flow.end('c1', END, HYDRATE_ALL))).status).toBe(404);
  });
});
