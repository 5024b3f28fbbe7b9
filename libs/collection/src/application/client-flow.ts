import { Injectable } from '@nestjs/common';
import { ApiError, Clock, type ListQuery } from '@app/platform';
import { JobStatus } from '../domain/job-status.js';
import { ClientQueries, type ClientsWithRelations } from './client-queries.js';
import { CollectionErrors } from './collection-errors.js';
import { internalJobQuery, JOB_LIST } from './job-list-spec.js';
import { JobQueries, type JobsRead } from './job-queries.js';
import { ClientStore, JobStore, type CheckIn, type JobEnd } from './ports.js';
import type { Hydration } from './references.js';

// The client's RUNNING job through the job listing: there is at most one (index collection_jobs_one_running).
const RUNNING_JOB: ListQuery = {
  ...internalJobQuery(JOB_LIST, [{ column: 'status', op: 'eq', value: String(JobStatus.Running) }]),
  limit: 1,
};

/**
 * What a collection client does, always on its own jobs: check in, see its READY jobs and its running one, start a
 * job and end it with its results. Another client's job is "not found", never "forbidden": a client learns nothing
 * about jobs that are not its own. Jobs are read as users read them (JobQueries), scoped to the client.
 */
@Injectable()
export class ClientFlow {
  constructor(
    private readonly clients: ClientStore,
    private readonly clientQueries: ClientQueries,
    private readonly jobs: JobStore,
    private readonly jobQueries: JobQueries,
    private readonly clock: Clock,
  ) {}

  /** Records what the client reports about itself (and last_checkin = now); answers the client as GET shows it. */
  async checkIn(clientId: string, report: CheckIn, hydration: Hydration): Promise<ClientsWithRelations> {
    const client = await this.clients.checkIn(clientId, report, this.clock.now());
    if (client === null) throw ApiError.notFound();
    return this.clientQueries.withRelations([client], hydration);
  }

  /** The client's READY jobs, next due first unless the query orders them otherwise. */
  available(clientId: string, query: ListQuery, hydration: Hydration): Promise<JobsRead> {
    return this.jobQueries.available(clientId, query, hydration);
  }

  /** The client's RUNNING job; 404 when it runs none. */
  async current(clientId: string, hydration: Hydration): Promise<JobsRead> {
    const page = await this.jobs.list(RUNNING_JOB, { clientId });
    if (page.items.length === 0) throw ApiError.notFound();
    return this.jobQueries.withObjects(page.items, hydration);
  }

  /** READY → RUNNING for one of the client's jobs; a client runs one job at a time. */
  async start(clientId: string, jobId: number, hydration: Hydration): Promise<JobsRead> {
    const outcome = await this.jobs.start(clientId, jobId, this.clock.now());
    if (outcome === 'not-found') throw ApiError.notFound();
    if (outcome === 'not-ready') throw ApiError.badRequest(CollectionErrors.jobNotReady);
    if (outcome === 'busy') throw ApiError.badRequest(CollectionErrors.clientBusy);
    return this.jobQueries.withObjects([outcome], hydration);
  }

  /** Ends the client's RUNNING job with its status, message, log path and domain results; 404 when none runs. */
  async end(clientId: string, report: JobEnd, hydration: Hydration): Promise<JobsRead> {
    const job = await this.jobs.end(clientId, report, this.clock.now());
    if (job === null) throw ApiError.notFound();
    return this.jobQueries.withObjects([job], hydration);
  }
}
