import { nullInt32, nullInt64, nullString, nullTime, nullUuid, timestamp, ZERO_TIME, ZERO_UUID } from '@app/platform';
import type { CollectionFlags } from '../domain/collection.js';
import type { Client, ClientToken, CollectionEvent, DomainResult, Job } from '../domain/records.js';
import type { Hydration, ObjectLookup } from '../application/references.js';
import type {
  ClientTokenView, ClientView, DomainReferenceView, DomainResultView, EventView, JobView, OuReferenceView,
} from './views.js';

/** What presenting a page needs besides its records: the hydration asked for and the objects it names. */
export interface PresentContext {
  hydration: Hydration;
  objects: ObjectLookup;
}

export function presentOus(ids: string[], context: PresentContext): (OuReferenceView | string)[] {
  if (!context.hydration.ous) return ids;
  return ids.map((objectid) => {
    const found = context.objects.get(objectid);
    return found
      ? { objectid, name: found.name, exists: true, distinguishedname: found.distinguishedname, type: found.type }
      : { objectid, name: '', exists: false, distinguishedname: '', type: '' };
  });
}

export function presentDomains(ids: string[], context: PresentContext): (DomainReferenceView | string)[] {
  if (!context.hydration.domains) return ids;
  return ids.map((objectid) => {
    const found = context.objects.get(objectid);
    return found ? { objectid, name: found.name, exists: true, type: found.type } : { objectid, name: '', exists: false, type: '' };
  });
}

function presentFlags(flags: CollectionFlags) {
  return {
    session_collection: flags.sessionCollection,
    local_group_collection: flags.localGroupCollection,
    ad_structure_collection: flags.adStructureCollection,
    cert_services_collection: flags.certServicesCollection,
    ca_registry_collection: flags.caRegistryCollection,
    dc_registry_collection: flags.dcRegistryCollection,
    all_trusted_domains: flags.allTrustedDomains,
  };
}

export function presentDomainResult(r: DomainResult): DomainResultView {
  return {
    id: r.id, created_at: timestamp(r.createdAt), updated_at: timestamp(r.updatedAt), deleted_at: nullTime(r.deletedAt),
    job_id: r.jobId, domain_name: r.domainName, success: r.success, message: r.message, ...r.counts,
  };
}

export function presentJob(job: Job, context: PresentContext): JobView {
  return {
    id: job.id,
    client_id: job.clientId,
    client_name: job.clientName,
    event_id: nullInt32(job.eventId),
    event_title: job.eventTitle,
    execution_time: timestamp(job.executionTime),
    start_time: timestamp(job.startTime),
    end_time: timestamp(job.endTime),
    last_ingest: timestamp(job.lastIngest),
    status: job.status,
    status_message: job.statusMessage,
    ...presentFlags(job),
    domain_controller: job.domainController,
    log_path: job.logPath,
    ous: presentOus(job.ous, context),
    domains: presentDomains(job.domains, context),
    domain_results: job.domainResults.map(presentDomainResult),
    created_at: timestamp(job.createdAt),
    updated_at: timestamp(job.updatedAt),
    deleted_at: nullTime(job.deletedAt),
  };
}

/** What a client with no running (or no ready) job shows as current_job (current_task): the zero job. */
export const ZERO_JOB: JobView = {
  id: 0, client_id: ZERO_UUID, client_name: '', event_id: nullInt32(null), event_title: '', execution_time: ZERO_TIME,
  start_time: ZERO_TIME, end_time: ZERO_TIME, last_ingest: ZERO_TIME, status: 0, status_message: '',
  session_collection: false, local_group_collection: false, ad_structure_collection: false, cert_services_collection: false,
  ca_registry_collection: false, dc_registry_collection: false, all_trusted_domains: false, domain_controller: '',
  log_path: '', ous: [], domains: [], domain_results: [], created_at: ZERO_TIME, updated_at: ZERO_TIME,
  deleted_at: nullTime(null),
};

export function presentEvent(event: CollectionEvent, context: PresentContext): EventView {
  return {
    id: event.id,
    client_id: event.clientId,
    title: event.title,
    rrule: event.rrule,
    next_scheduled_at: timestamp(event.nextScheduledAt),
    ...presentFlags(event),
    ous: presentOus(event.ous, context),
    domains: presentDomains(event.domains, context),
    created_at: timestamp(event.createdAt),
    updated_at: timestamp(event.updatedAt),
    deleted_at: nullTime(event.deletedAt),
  };
}

/** A client token; `key` is the plain key only in the answer that creates or rotates it. */
export function presentClientToken(token: ClientToken | null, clientName: string, key = ''): ClientTokenView {
  return {
    id: token?.id ?? ZERO_UUID,
    created_at: timestamp(token?.createdAt),
    updated_at: timestamp(token?.updatedAt),
    deleted_at: nullTime(token?.deletedAt),
    user_id: nullUuid(null),
    name: nullString(clientName),
    key,
    hmac_method: token?.hmacMethod ?? 'hmac-sha2-256',
    last_access: timestamp(token?.lastAccess),
  };
}

/** The related records a client shows: its events and its current job and task, looked up once per page. */
export interface ClientRelations {
  events: ReadonlyMap<string, CollectionEvent[]>;
  jobs: ReadonlyMap<number, Job>;
}

export function presentClient(client: Client, relations: ClientRelations, context: PresentContext, key = ''): ClientView {
  const job = (id: number | null) => {
    const found = id === null ? undefined : relations.jobs.get(id);
    return found ? presentJob(found, context) : ZERO_JOB;
  };
  return {
    id: client.id,
    name: client.name,
    ip_address: client.ipAddress,
    hostname: client.hostname,
    configured_user: client.configuredUser,
    last_checkin: timestamp(client.lastCheckin),
    events: (relations.events.get(client.id) ?? []).map((event) => presentEvent(event, context)),
    token: presentClientToken(client.token, client.name, key),
    current_job_id: nullInt64(client.currentJobId),
    current_task_id: nullInt64(client.currentTaskId),
    current_job: job(client.currentJobId),
    current_task: job(client.currentTaskId),
    completed_job_count: client.completedJobCount,
    completed_task_count: client.completedTaskCount,
    domain_controller: nullString(client.domainController),
    issuer_address: nullString(client.issuerAddress),
    issuer_address_override: nullString(client.issuerAddressOverride),
    version: client.version,
    user_sid: nullString(client.userSid),
    type: client.type,
    created_at: timestamp(client.createdAt),
    updated_at: timestamp(client.updatedAt),
    deleted_at: nullTime(client.deletedAt),
  };
}
