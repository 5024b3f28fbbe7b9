import { describe, expect, it } from '@jest/globals';
import type { ListQuery } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { NO_COLLECTION } from '../domain/collection.js';
import type { Client, CollectionEvent, Job } from '../domain/records.js';
import { ClientQueries } from './client-queries.js';
import type { ClientStore, DirectoryObject, DirectoryObjects, EventStore, JobStore } from './ports.js';
import { HYDRATE_ALL, References } from './references.js';

const AT = new Date('2025-01-01T00:00:00Z');
const QUERY: ListQuery = { filters: [], sort: [], skip: 0, limit: 100 };

function client(n: number, jobs: { current?: number; task?: number } = {}): Client {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: `c${n}`, type: 'sharphound', ipAddress: '',
    hostname: '', configuredUser: '', version: '', userSid: null, domainController: null, issuerAddress: null,
    issuerAddressOverride: null, lastCheckin: null,
    createdAt: AT, updatedAt: AT, deletedAt: null, currentJobId: jobs.current ?? null, currentTaskId: jobs.task ?? null,
    completedJobCount: 0, completedTaskCount: 0, token: null,
  };
}

function job(id: number, clientId: string, scope: { ous?: string[]; domains?: string[] } = {}): Job {
  return {
    ...NO_COLLECTION, sessionCollection: true, ous: scope.ous ?? [], domains: scope.domains ?? [], id, clientId,
    clientName: '', eventId: null, eventTitle: '', executionTime: AT, startTime: null, endTime: null, lastIngest: null,
    status: 0, statusMessage: '', domainController: '', logPath: '', createdAt: AT, updatedAt: AT, deletedAt: null,
    domainResults: [],
  };
}

function event(id: number, clientId: string, scope: { ous?: string[]; domains?: string[] } = {}): CollectionEvent {
  return {
    ...NO_COLLECTION, sessionCollection: true, ous: scope.ous ?? [], domains: scope.domains ?? [], id, clientId,
    title: '', rrule: '', nextScheduledAt: null, createdAt: AT, updatedAt: AT, deletedAt: null,
  };
}

/** Fakes that record every call, so a test can assert how many look-ups a page costs. */
function setup(clients: Client[], jobs: Job[], events: CollectionEvent[]) {
  const calls = { byIds: [] as number[][], byClients: [] as string[][], find: [] as string[][] };
  const clientStore = {
    list: async () => ({ items: clients, count: clients.length + 10 }),
    find: async (id: string) => clients.find((c) => c.id === id) ?? null,
  } as unknown as ClientStore;
  const jobStore = {
    byIds: async (ids: number[]) => {
      calls.byIds.push(ids);
      return jobs.filter((j) => ids.includes(j.id));
    },
  } as unknown as JobStore;
  const eventStore = {
    byClients: async (ids: string[]) => {
      calls.byClients.push(ids);
      return events.filter((e) => ids.includes(e.clientId));
    },
  } as unknown as EventStore;
  const objects = {
    find: async (ids: string[]) => {
      calls.find.push(ids);
      return new Map<string, DirectoryObject>(ids.map((id) => [id, { objectid: id, name: id, distinguishedname: '', type: 'OU' }]));
    },
  } as unknown as DirectoryObjects;
  return { queries: new ClientQueries(clientStore, eventStore, jobStore, new References(objects)), calls };
}

describe('ClientQueries', () => {
  it('looks up the jobs, events and directory objects of a whole page once each', async () => {
    const clients = [client(1, { current: 10, task: 11 }), client(2, { task: 20 }), client(3)];
    const jobs = [job(10, clients[0].id, { ous: ['OU-A'] }), job(11, clients[0].id), job(20, clients[1].id, { domains: ['D-1'] })];
    const events = [event(1, clients[0].id, { ous: ['OU-A', 'OU-B'] }), event(2, clients[2].id), event(3, clients[0].id)];
    const { queries, calls } = setup(clients, jobs, events);

    const page = await queries.list(QUERY, HYDRATE_ALL);

    expect(page.count).toBe(13);
    expect(page.clients).toBe(clients);
    expect(calls.byIds.map((ids) => [...ids].sort())).toEqual([[10, 11, 20]]);
    expect(calls.byClients).toEqual([clients.map((c) => c.id)]);
    expect(calls.find.map((ids) => [...ids].sort())).toEqual([['D-1', 'OU-A', 'OU-B']]);
    expect([...page.jobs.keys()].sort()).toEqual([10, 11, 20]);
    expect(page.events.get(clients[0].id)?.map((e) => e.id)).toEqual([1, 3]);
    expect(page.events.get(clients[1].id)).toBeUndefined();
    expect(page.events.get(clients[2].id)?.map((e) => e.id)).toEqual([2]);
  });

  it('asks for nothing when the page is empty or names no job, OU or domain', async () => {
    const empty = setup([], [], []);
    await empty.queries.list(QUERY, HYDRATE_ALL);
    expect(empty.calls).toEqual({ byIds: [], byClients: [], find: [] });

    const idle = setup([client(1)], [], []);
    await idle.queries.list(QUERY, HYDRATE_ALL);
    expect(idle.calls).toEqual({ byIds: [], byClients: [[client(1).id]], find: [] });
  });

  it('skips the directory look-up when hydration is off', async () => {
    const c = client(1, { current: 10 });
    const { queries, calls } = setup([c], [job(10, c.id, { ous: ['OU-A'] })], [event(1, c.id, { domains: ['D-1'] })]);
    await queries.list(QUERY, { ous: false, domains: false });
    expect(calls.find).toEqual([]);
  });

  it('answers one client with its relations, and 404 for an unknown one', async () => {
    const c = client(1, { task: 11 });
    const { queries } = setup([c], [job(11, c.id)], []);
    const found = await queries.get(c.id, HYDRATE_ALL);
    expect([found.clients, [...found.jobs.keys()]]).toEqual([[c], [11]]);
    expect((await apiErrorOf(queries.get(client(2).id, HYDRATE_ALL))).status).toBe(404);
  });
});
