import { Injectable } from '@nestjs/common';
import { ApiError, Clock } from '@app/platform';
import { collectsSomething, scopeIsSingle, type CollectionFlags, type CollectionScope } from '../domain/collection.js';
import type { Job } from '../domain/records.js';
import { CollectionErrors } from './collection-errors.js';
import { checkDomainController } from './domain-controller.js';
import { JobStore } from './ports.js';

/**
 * What an ad-hoc job asks for: flags, scope and, optionally, a domain controller other than the client's (as sent:
 * createAdHoc checks it as a client's is checked).
 */
export interface AdHocJobDraft extends CollectionFlags, CollectionScope {
  domainController: string | null;
}

/** Changes to jobs that users make: cancelling a READY job, and asking a client for a run now (ad-hoc job). */
@Injectable()
export class JobCommands {
  constructor(private readonly jobs: JobStore, private readonly clock: Clock) {}

  /** READY → CANCELED (end_time now); 404 unknown, 400 in any other state (a running client cannot be recalled). */
  async cancel(id: number): Promise<Job> {
    const outcome = await this.jobs.cancel(id, this.clock.now());
    if (outcome === 'not-found') throw ApiError.notFound();
    if (outcome === 'not-cancellable') throw ApiError.badRequest(CollectionErrors.jobNotCancellable);
    return outcome;
  }

  /**
   * A READY job due now for the client: the domain controller checked as a client's (blank: the client's own), then
   * the flags and scope as an event's; 404 when the client is unknown.
   */
  async createAdHoc(clientId: string, draft: AdHocJobDraft): Promise<Job> {
    const domainController = checkDomainController(draft.domainController) ?? null;
    if (!collectsSomething(draft)) throw ApiError.badRequest(CollectionErrors.noCollectionFlag);
    if (!scopeIsSingle(draft, draft)) throw ApiError.badRequest(CollectionErrors.scopeNotSingle);
    return this.jobs.createAdHoc({ ...draft, domainController, clientId, executionTime: this.clock.now() });
  }
}
