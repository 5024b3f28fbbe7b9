import type { CollectionFlags, CollectionScope } from './collection.js';
import type { JobStatusValue } from './job-status.js';

/** Collector kinds a client can be (compat part 2 §7): the directory and the Azure collector. */
export const CLIENT_TYPES = ['sharphound', 'azurehound'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** A registered collection client, with the figures computed from its jobs. */
export interface Client {
  id: string;
  name: string;
  type: ClientType;
  ipAddress: string;
  hostname: string;
  configuredUser: string;
  version: string;
  userSid: string | null;
  domainController: string | null;
  /** The BHE client's issuer address and its override (NULL when not set). */
  issuerAddress: string | null;
  issuerAddressOverride: string | null;
  lastCheckin: Date | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  /** The client's RUNNING job. */
  currentJobId: number | null;
  /** The client's next READY job. */
  currentTaskId: number | null;
  /** Jobs in a finished state (2–8). */
  completedJobCount: number;
  /** Finished ad-hoc jobs (no event). */
  completedTaskCount: number;
  token: ClientToken | null;
}

/** The client's live signing token; the key itself is never part of a record (only of the answer creating it). */
export interface ClientToken {
  id: string;
  hmacMethod: string;
  lastAccess: Date | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** A collection schedule of a client. */
export interface CollectionEvent extends CollectionFlags, CollectionScope {
  id: number;
  clientId: string;
  title: string;
  /** The rule as stored (RFC 5545 text with its DTSTART), '' for a single run. */
  rrule: string;
  /** The next occurrence the scheduler has not emitted yet (wire: next_scheduled_at); null when the rule has no more. */
  nextScheduledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** A collection job (also a task while READY or RUNNING). */
export interface Job extends CollectionFlags, CollectionScope {
  id: number;
  clientId: string;
  clientName: string;
  eventId: number | null;
  eventTitle: string;
  executionTime: Date;
  startTime: Date | null;
  endTime: Date | null;
  lastIngest: Date | null;
  status: JobStatusValue;
  statusMessage: string;
  domainController: string;
  logPath: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  domainResults: DomainResult[];
}

/** Object counts a collector reports per domain; every field an integer >= 0. */
export const DOMAIN_RESULT_COUNTS = [
  'user_count', 'group_count', 'computer_count', 'gpo_count', 'ou_count', 'container_count', 'aiaca_count',
  'rootca_count', 'enterpriseca_count', 'ntauthstore_count', 'certtemplate_count', 'deleted_count',
] as const;
export type DomainResultCount = (typeof DOMAIN_RESULT_COUNTS)[number];

/** What a job collected from one domain. Counts keep their wire names (they are nothing but counts). */
export interface DomainResult {
  id: number;
  jobId: number;
  domainName: string;
  success: boolean;
  message: string;
  counts: Record<DomainResultCount, number>;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export type NewDomainResult = Pick<DomainResult, 'domainName' | 'success' | 'message' | 'counts'>;
