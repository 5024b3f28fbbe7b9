import { describe, expect, it } from '@jest/globals';
import { ApiError, Clock, type ListQuery } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { NO_COLLECTION } from '../domain/collection.js';
import { JobStatus } from '../domain/job-status.js';
import type { Job } from '../domain/records.js';
import { JobCommands, type AdHocJobDraft } from './job-commands.js';
import {
  JobStore, type CancelOutcome, type JobEnd, type JobScope, type NewAdHocJob, type Page, type StartOutcome,
} from './ports.js';

const NOW = new Date('2025-05-06T07:08:09.000Z');
const fixedClock = { now: () => NOW } as Clock;

function job(fields: Partial<Job> = {}): Job {
  return {
    ...NO_COLLECTION, sessionCollection: true, ous: [], domains: [], id: 1, clientId: 'c1', clientName: 'one',
    eventId: null, eventTitle: '', executionTime: NOW, startTime: null, endTime: null, lastIngest: null,
    status: JobStatus.Ready, statusMessage: '', domainController: '', logPath: '', createdAt: NOW, updatedAt: NOW,
    deletedAt: null, domainResults: [], ...fields,
  };
}

/** A store that answers cancel with a fixed outcome and records the ad-hoc jobs asked of it. */
class ScriptedJobs extends JobStore {
  created: NewAdHocJob[] = [];
  canceled: { id: number; at: Date }[] = [];
  constructor(private readonly cancelOutcome: CancelOutcome = 'not-found') {
    super();
  }
  async list(_query: ListQuery, _scope: JobScope): Promise<Page<Job>> {
    return { items: [], count: 0 };
  }
  async find(): Promise<Job | null> {
    return null;
  }
  async byIds(): Promise<Job[]> {
    return [];
  }
  async createAdHoc(input: NewAdHocJob): Promise<Job> {
    this.created.push(input);
    return job({ ...input, domainController: input.domainController ?? '', id: 9 });
  }
  async cancel(id: number, at: Date): Promise<CancelOutcome> {
    this.canceled.push({ id, at });
    return this.cancelOutcome;
  }
  async start(): Promise<StartOutcome> {
    return 'not-found';
  }
  async end(_clientId: string, _report: JobEnd): Promise<Job | null> {
    return null;
  }
}

const draft = (fields: Partial<AdHocJobDraft> = {}): AdHocJobDraft =>
  ({ ...NO_COLLECTION, ous: [], domains: [], domainController: null, ...fields });

describe('JobCommands.cancel', () => {
  it('cancels at the clock\'s now and answers the canceled job', async () => {
    const canceled = job({ status: JobStatus.Canceled, endTime: NOW });
    const store = new ScriptedJobs(canceled);
    expect(await new JobCommands(store, fixedClock).cancel(4)).toBe(canceled);
    expect(store.canceled).toEqual([{ id: 4, at: NOW }]);
  });

  it('answers 404 for an unknown job', async () => {
    const error = await apiErrorOf(new JobCommands(new ScriptedJobs('not-found'), fixedClock).cancel(4));
    expect([error.status, error.messages[0]]).toEqual([404, 'resource not found']);
  });

  it('answers 400 for a job that is not READY', async () => {
    const error = await apiErrorOf(new JobCommands(new ScriptedJobs('not-cancellable'), fixedClock).cancel(4));
    expect([error.status, error.messages[0]]).toEqual([400, 'job is not in a cancellable state']);
  });
});

describe('JobCommands.createAdHoc', () => {
  it('asks the store for a job due now with the draft\'s flags and scope', async () => {
    const store = new ScriptedJobs();
    const created = await new JobCommands(store, fixedClock).createAdHoc('c1', draft({ adStructureCollection: true, ous: ['OU-1'], domainController: 'dc' }));
    expect(store.created).toEqual([{ ...draft({ adStructureCollection: true, ous: ['OU-1'], domainController: 'dc' }), clientId: 'c1', executionTime: NOW }]);
    expect(created.id).toBe(9);
  });

  it('trims the domain controller, and takes a blank one for the client\'s own (null)', async () => {
    const store = new ScriptedJobs();
    const commands = new JobCommands(store, fixedClock);
    await commands.createAdHoc('c1', draft({ sessionCollection: true, domainController: '  dc01.corp  ' }));
    await commands.createAdHoc('c1', draft({ sessionCollection: true, domainController: ' \t ' }));
    expect(store.created.map((job) => job.domainController)).toEqual(['dc01.corp', null]);
  });

  it.each([
    ['over 255 characters', 'd'.repeat(256), 'domain_controller is limited to 255 characters'],
    ['with NUL', 'dc\u0000', 'domain_controller must not contain NUL characters'],
  ])('refuses a domain controller %s, before the flags, as a client\'s', async (_case, domainController, message) => {
    const store = new ScriptedJobs();
    const error = await apiErrorOf(new JobCommands(store, fixedClock).createAdHoc('c1', draft({ domainController })));
    expect([error.status, error.messages[0]]).toEqual([400, message]);
    expect(store.created).toEqual([]);
  });

  it('counts a domain controller in characters (code points), not UTF-16 units', async () => {
    const store = new ScriptedJobs();
    await new JobCommands(store, fixedClock).createAdHoc('c1', draft({ sessionCollection: true, domainController: '\u{1F600}'.repeat(255) }));
    expect(store.created[0].domainController).toBe('\u{1F600}'.repeat(255));
  });

  it('refuses a job that collects nothing', async () => {
    const error = await apiErrorOf(new JobCommands(new ScriptedJobs(), fixedClock).createAdHoc('c1', draft({ allTrustedDomains: true })));
    expect([error.status, error.messages[0]]).toEqual([400, 'at least one data collection flag must be provided']);
  });

  it.each([
    [{ ous: ['A'], domains: ['B'] }],
    [{ ous: ['A'], allTrustedDomains: true }],
    [{ domains: ['B'], allTrustedDomains: true }],
  ])('refuses more than one scope: %j', async (scope) => {
    const store = new ScriptedJobs();
    const error = await apiErrorOf(new JobCommands(store, fixedClock).createAdHoc('c1', draft({ sessionCollection: true, ...scope })));
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.messages[0]]).toEqual([400, 'may only scope collection by exactly one of OU, Domain, or All Trusted Domains']);
    expect(store.created).toEqual([]);
  });
});
