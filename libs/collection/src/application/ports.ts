import type { ListQuery } from '@app/platform';
import type { CollectionFlags, CollectionScope } from '../domain/collection.js';
import type { JobStatusValue } from '../domain/job-status.js';
import type {
  Client, ClientToken, ClientType, CollectionEvent, DomainResultCount, Job, NewDomainResult,
} from '../domain/records.js';

/** One page of a listing and the number of rows that match, all pages together. */
export interface Page<T> {
  items: T[];
  count: number;
}

// ---------------------------------------------------------------------------------------------------- clients

export interface NewClient {
  name: string;
  type: ClientType;
  domainController: string | null;
  issuerAddress: string | null;
  issuerAddressOverride: string | null;
  /** The token key, encrypted (SecretCipher); the store never sees the plain key. */
  encryptedKey: string;
}

export interface ClientPatch {
  name?: string;
  domainController?: string | null;
  issuerAddress?: string | null;
  issuerAddressOverride?: string | null;
}

/** What a client reports when it checks in (`PUT /api/v2/clients/update`). */
export interface CheckIn {
  hostname?: string;
  ipAddress?: string;
  version?: string;
  configuredUser?: string;
  userSid?: string | null;
}

/** Clients, their tokens and their computed job figures (one view defines them for lists, filters and sorts). */
export abstract class ClientStore {
  /** Creates the client with its first token; throws ApiError 409 on a duplicate live name. */
  abstract create(input: NewClient): Promise<Client>;
  /** Live clients unless the query filters on deleted_at; one statement whatever the page size. */
  abstract list(query: ListQuery): Promise<Page<Client>>;
  abstract find(id: string): Promise<Client | null>;
  abstract update(id: string, patch: ClientPatch): Promise<Client | null>;
  /**
   * Soft-deletes the client, revokes its token, soft-deletes its events, removes its READY jobs and cancels its
   * RUNNING job (end_time = at); false if unknown.
   */
  abstract softDelete(id: string, at: Date): Promise<boolean>;
  /** Replaces the live token (the old one is revoked); null when the client is unknown. */
  abstract rotateToken(id: string, encryptedKey: string): Promise<ClientToken | null>;
  /** The encrypted key of a live token of a live client. */
  abstract findSigningKey(tokenId: string): Promise<{ clientId: string; encryptedKey: string } | null>;
  abstract touchToken(tokenId: string, at: Date): Promise<void>;
  /** Records a check-in (the fields given, and last_checkin = at); null when the client is unknown. */
  abstract checkIn(id: string, report: CheckIn, at: Date): Promise<Client | null>;
}

// ---------------------------------------------------------------------------------------------------- events

export interface EventInput extends CollectionFlags, CollectionScope {
  clientId: string;
  title: string;
  /** Normalised rule text with its DTSTART; '' for one run. */
  rrule: string;
  /** First occurrence to emit (now for a single run); null when the rule has none left. */
  nextScheduledAt: Date | null;
}

export abstract class EventStore {
  /** Throws ApiError 404 when the client is unknown or deleted. */
  abstract create(input: EventInput): Promise<CollectionEvent>;
  abstract list(query: ListQuery): Promise<Page<CollectionEvent>>;
  abstract find(id: number): Promise<CollectionEvent | null>;
  /**
   * In one transaction: locks the live event (FOR UPDATE), asks `change` for its new values (it may throw to refuse
   * them), then writes them; null when the event is unknown or deleted. Throws ApiError 404 when the client is
   * unknown or deleted.
   */
  abstract update(id: number, change: (current: CollectionEvent) => EventInput): Promise<CollectionEvent | null>;
  /** Soft-deletes the event and removes its READY jobs (RUNNING ones finish, finished ones stay); false if unknown. */
  abstract delete(id: number): Promise<boolean>;
  /** Live events of these clients, one statement. */
  abstract byClients(clientIds: string[]): Promise<CollectionEvent[]>;
}

// ---------------------------------------------------------------------------------------------------- jobs

/** Which jobs a listing covers, besides its filters. */
export interface JobScope {
  clientId?: string;
  /** finished: status 2–8 (completed jobs); ready: status 0 (available tasks). */
  states?: 'finished' | 'ready';
}

export interface NewAdHocJob extends CollectionFlags, CollectionScope {
  clientId: string;
  executionTime: Date;
  /** null: the client's own domain controller. */
  domainController: string | null;
}

export interface JobEnd {
  status: JobStatusValue;
  message: string;
  logPath: string;
  domainResults: NewDomainResult[];
}

export type StartOutcome = Job | 'not-found' | 'not-ready' | 'busy';
export type CancelOutcome = Job | 'not-found' | 'not-cancellable';

export abstract class JobStore {
  abstract list(query: ListQuery, scope: JobScope): Promise<Page<Job>>;
  abstract find(id: number): Promise<Job | null>;
  /** Jobs with their domain results, in one statement, in no particular order. */
  abstract byIds(ids: number[]): Promise<Job[]>;
  /** Throws ApiError 404 when the client is unknown or deleted. */
  abstract createAdHoc(input: NewAdHocJob): Promise<Job>;
  abstract cancel(id: number, at: Date): Promise<CancelOutcome>;
  /** The client's READY job `id` becomes RUNNING (a client runs one job at a time: 'busy'). */
  abstract start(clientId: string, id: number, at: Date): Promise<StartOutcome>;
  /** Ends the client's RUNNING job with the reported results; null when it has none. */
  abstract end(clientId: string, report: JobEnd, at: Date): Promise<Job | null>;
}

// ---------------------------------------------------------------------------------------------------- graph

/** A directory object an event or job names, as the graph knows it. */
export interface DirectoryObject {
  objectid: string;
  name: string;
  distinguishedname: string;
  /** Display kind (OU, Domain, ...). */
  type: string;
}

/** Looks up the OUs and domains events and jobs name, whatever the graph backend; one query per call. */
export abstract class DirectoryObjects {
  abstract find(objectids: string[]): Promise<Map<string, DirectoryObject>>;
}

// ---------------------------------------------------------------------------------------------------- ingest

/** What the ingest side (libs/ingest) records on a collection client's RUNNING job when the client uploads. */
export abstract class JobIngestLog {
  /** The id of the client's RUNNING job, or null. */
  abstract runningJobId(clientId: string): Promise<number | null>;
  /** An upload arrived for the job: last_ingest and progressed_at become `at`; false when it is no longer RUNNING. */
  abstract touchIngest(jobId: number, at: Date): Promise<boolean>;
  /**
   * Adds ingested object counts to the job's domain results (per domain name, case-insensitive; a domain without
   * a result gets one, successful). Joins the caller's transaction when there is one.
   */
  abstract addDomainCounts(jobId: number, counts: Record<string, Record<DomainResultCount, number>>): Promise<void>;
}
