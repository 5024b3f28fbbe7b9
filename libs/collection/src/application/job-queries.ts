import { Injectable } from '@nestjs/common';
import { ApiError, type ListQuery } from '@app/platform';
import { jobLogText } from '../domain/job-log.js';
import type { Job } from '../domain/records.js';
import { ClientStore, JobStore, type JobScope } from './ports.js';
import { References, type Hydration, type ObjectLookup } from './references.js';

/** Jobs to present, and the OUs and domains they name (looked up once for all of them). */
export interface JobsRead {
  jobs: Job[];
  objects: ObjectLookup;
}

export interface JobPageRead extends JobsRead {
  count: number;
}

/**
 * Reads of jobs: the listings (all jobs, a client's completed jobs, READY work), a single job, and the objects of
 * jobs a command returned. Users (JobsController) and clients (ClientFlow) read through these.
 */
@Injectable()
export class JobQueries {
  constructor(
    private readonly jobs: JobStore,
    private readonly clients: ClientStore,
    private readonly references: References,
  ) {}

  /** Every job (GET /api/v2/jobs). */
  list(query: ListQuery, hydration: Hydration): Promise<JobPageRead> {
    return this.page(query, {}, hydration);
  }

  /** The finished jobs (status 2–8) of every client (GET /api/v2/jobs/finished). */
  finished(query: ListQuery, hydration: Hydration): Promise<JobPageRead> {
    return this.page(query, { states: 'finished' }, hydration);
  }

  /** The finished jobs (status 2–8) of a client; 404 when the client is unknown or deleted. */
  async completed(clientId: string, query: ListQuery, hydration: Hydration): Promise<JobPageRead> {
    if ((await this.clients.find(clientId)) === null) throw ApiError.notFound();
    return this.page(query, { clientId, states: 'finished' }, hydration);
  }

  /** READY jobs: one client's (clientId given) or every client's. */
  async available(clientId: string | undefined, query: ListQuery, hydration: Hydration): Promise<JobsRead> {
    const { jobs, objects } = await this.page(query, { clientId, states: 'ready' }, hydration);
    return { jobs, objects };
  }

  /** One live job; 404 when there is none with this id. */
  async get(id: number, hydration: Hydration): Promise<JobsRead> {
    const job = await this.jobs.find(id);
    if (job === null) throw ApiError.notFound();
    return this.withObjects([job], hydration);
  }

  /** The log text of one live job; 404 when there is none with this id. */
  async log(id: number): Promise<string> {
    const job = await this.jobs.find(id);
    if (job === null) throw ApiError.notFound();
    return jobLogText(job);
  }

  /** Jobs already read (a command's answer) with the OUs and domains they name. */
  async withObjects(jobs: Job[], hydration: Hydration): Promise<JobsRead> {
    return { jobs, objects: await this.references.lookup(jobs, hydration) };
  }

  private async page(query: ListQuery, scope: JobScope, hydration: Hydration): Promise<JobPageRead> {
    const page = await this.jobs.list(query, scope);
    return { ...(await this.withObjects(page.items, hydration)), count: page.count };
  }
}
