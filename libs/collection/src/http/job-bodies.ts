import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiError, ErrorMessages, INT32_MAX } from '@app/platform';
import { CollectionErrors } from '../application/collection-errors.js';
import { MAX_SCOPE_OBJECTS } from './event-bodies.js';
import type { AdHocJobDraft } from '../application/job-commands.js';
import type { CheckIn, JobEnd } from '../application/ports.js';
import { COLLECTION_FLAG_FIELDS, type CollectionFlags } from '../domain/collection.js';
import { CLIENT_END_STATUSES, JobStatus } from '../domain/job-status.js';
import { DOMAIN_RESULT_COUNTS, type DomainResultCount, type NewDomainResult } from '../domain/records.js';

export const MAX_DOMAIN_RESULTS = 1000;
const DOMAIN_CONTROLLER_MAX = 255;
const MAX_OBJECTID_LENGTH = 256;
const OBJECT_IDS = `an array of objectids (non-empty strings of at most ${MAX_OBJECTID_LENGTH} characters)`;

// These bodies are read by hand rather than by class-validator: the client-flow bodies must match keys without
// regard to case, as Go's decoder does (collectors send `Address` or `address`), and each refusal names the field
// it is about. The classes below document the bodies in OpenAPI.

/** POST /api/v2/clients/{client_id}/jobs. */
export class AdHocJobDto {
  @ApiPropertyOptional() session_collection?: boolean;
  @ApiPropertyOptional() local_group_collection?: boolean;
  @ApiPropertyOptional() ad_structure_collection?: boolean;
  @ApiPropertyOptional() cert_services_collection?: boolean;
  @ApiPropertyOptional() ca_registry_collection?: boolean;
  @ApiPropertyOptional() dc_registry_collection?: boolean;
  @ApiPropertyOptional() all_trusted_domains?: boolean;
  @ApiPropertyOptional({ type: [String], description: 'OU objectids (stored upper-cased)' }) ous?: string[];
  @ApiPropertyOptional({ type: [String], description: 'domain objectids (stored upper-cased)' }) domains?: string[];
  @ApiPropertyOptional({ description: 'default (absent, null or ""): the client\'s domain controller' }) domain_controller?: string;
}

/** PUT /api/v2/clients/update; keys match without regard to case. */
export class CheckInDto {
  @ApiPropertyOptional({ description: 'also accepted as ip_address' }) address?: string;
  @ApiPropertyOptional() hostname?: string;
  @ApiPropertyOptional() version?: string;
  @ApiPropertyOptional({ description: 'shown as configured_user' }) username?: string;
  @ApiPropertyOptional({ description: 'also accepted as user_sid; "" clears it' }) usersid?: string;
}

/** POST /api/v2/jobs/start. */
export class StartJobDto {
  @ApiProperty({ format: 'int64', description: 'a READY job of the calling client' }) id: number;
}

export class DomainResultDto {
  @ApiProperty() domain_name: string;
  @ApiPropertyOptional() success?: boolean;
  @ApiPropertyOptional() message?: string;
  @ApiPropertyOptional({ description: 'each *_count: an integer 0..2147483647, default 0' }) user_count?: number;
}

/** POST /api/v2/jobs/end. */
export class EndJobDto {
  @ApiProperty({ description: 'COMPLETE or FAILED (case-insensitive), or 2 / 5' }) status: string;
  @ApiPropertyOptional() message?: string;
  @ApiPropertyOptional() log_path?: string;
  @ApiPropertyOptional({ type: [DomainResultDto], description: `at most ${MAX_DOMAIN_RESULTS} entries` }) domain_results?: DomainResultDto[];
}

type Fields = ReadonlyMap<string, unknown>;

const unmarshal = () => ApiError.badRequest(ErrorMessages.unmarshalJson);

/** The body's fields by exact name; null stands for an absent field (Go's null.X). */
function exactFields(body: unknown): Fields {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw unmarshal();
  return new Map(Object.entries(body).filter(([, value]) => value !== null));
}

/** The body's fields by lower-cased name (Go matches keys without regard to case; the last one given wins). */
function foldedFields(body: unknown): Fields {
  // A client may send no body at all for a check-in that only reports its presence.
  if (body === undefined) return new Map();
  return new Map([...exactFields(body)].map(([key, value]) => [key.toLowerCase(), value]));
}

function text(fields: Fields, name: string, label = name): string | undefined {
  const value = fields.get(name);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw ApiError.badRequest(CollectionErrors.fieldType(label, 'a string'));
  if (value.includes('\u0000')) throw ApiError.badRequest(CollectionErrors.fieldNul(label));
  return value;
}

function flag(fields: Fields, name: string, label = name): boolean | undefined {
  const value = fields.get(name);
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw ApiError.badRequest(CollectionErrors.fieldType(label, 'a boolean'));
  return value;
}

/**
 * Objectids, trimmed and upper-cased as the graph stores them, each once; the limits and messages of event bodies
 * (an ad-hoc job names its scope as an event does).
 */
function objectIds(fields: Fields, name: string): string[] {
  const value = fields.get(name);
  if (value === undefined) return [];
  const refuse = () => ApiError.badRequest(CollectionErrors.fieldType(name, OBJECT_IDS));
  if (!Array.isArray(value)) throw refuse();
  if (value.length > MAX_SCOPE_OBJECTS) throw ApiError.badRequest(CollectionErrors.objectIdsTooMany(name, MAX_SCOPE_OBJECTS));
  const ids = value.map((item) => {
    const id = typeof item === 'string' ? item.trim().toUpperCase() : '';
    if (id === '' || id.length > MAX_OBJECTID_LENGTH || id.includes('\u0000')) throw refuse();
    return id;
  });
  return [...new Set(ids)];
}

/** Reads an ad-hoc job body; JobCommands checks the flags and the scope. */
export function readAdHocJobBody(raw: unknown): AdHocJobDraft {
  const fields = exactFields(raw);
  const flags = { allTrustedDomains: flag(fields, 'all_trusted_domains') ?? false } as CollectionFlags;
  for (const [wire, field] of COLLECTION_FLAG_FIELDS) flags[field] = flag(fields, wire) ?? false;
  const value = fields.get('domain_controller');
  if (value !== undefined && typeof value !== 'string') {
    throw ApiError.badRequest(CollectionErrors.fieldType('domain_controller', 'a string'));
  }
  if (typeof value === 'string' && value.includes('\u0000')) throw ApiError.badRequest(CollectionErrors.domainControllerNul);
  if (typeof value === 'string' && value.length > DOMAIN_CONTROLLER_MAX) {
    throw ApiError.badRequest(CollectionErrors.domainControllerTooLong);
  }
  return {
    ...flags,
    ous: objectIds(fields, 'ous'),
    domains: objectIds(fields, 'domains'),
    domainController: value === undefined || value === '' ? null : value,
  };
}

/** Reads a check-in: address (or ip_address), hostname, version, username, usersid (or user_sid), any case. */
export function readCheckInBody(raw: unknown): CheckIn {
  const fields = foldedFields(raw);
  const report: CheckIn = {};
  // Either spelling of an aliased field; the later one in the body would win in Go, the documented one wins here.
  const ipAddress = text(fields, 'address') ?? text(fields, 'ip_address');
  const hostname = text(fields, 'hostname');
  const version = text(fields, 'version');
  const configuredUser = text(fields, 'username');
  const userSid = text(fields, 'usersid') ?? text(fields, 'user_sid');
  if (ipAddress !== undefined) report.ipAddress = ipAddress;
  if (hostname !== undefined) report.hostname = hostname;
  if (version !== undefined) report.version = version;
  if (configuredUser !== undefined) report.configuredUser = configuredUser;
  // Collectors that cannot tell their user's SID send "": there is none to show.
  if (userSid !== undefined) report.userSid = userSid === '' ? null : userSid;
  return report;
}

/**
 * Reads the id of a job start: an integer, or 400. An id no job can have (not positive, beyond 2^53) reads as null,
 * i.e. "no such job".
 */
export function readStartBody(raw: unknown): number | null {
  const id = foldedFields(raw).get('id');
  if (typeof id !== 'number' || !Number.isInteger(id)) throw ApiError.badRequest(CollectionErrors.startIdRequired);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

/** Reads the end of a job: status COMPLETE or FAILED (any case, or 2 / 5), message, log_path, domain_results. */
export function readEndBody(raw: unknown): JobEnd {
  const fields = foldedFields(raw);
  const results = fields.get('domain_results');
  if (results !== undefined && !Array.isArray(results)) {
    throw ApiError.badRequest(CollectionErrors.fieldType('domain_results', 'an array'));
  }
  if (results !== undefined && results.length > MAX_DOMAIN_RESULTS) {
    throw ApiError.badRequest(CollectionErrors.tooManyDomainResults(MAX_DOMAIN_RESULTS));
  }
  return {
    status: endStatus(fields.get('status')),
    message: text(fields, 'message') ?? '',
    logPath: text(fields, 'log_path') ?? '',
    domainResults: (results ?? []).map(domainResult),
  };
}

function endStatus(value: unknown): JobEnd['status'] {
  if (typeof value === 'string') {
    const status = CLIENT_END_STATUSES[value.trim().toUpperCase() as keyof typeof CLIENT_END_STATUSES];
    if (status !== undefined) return status;
  }
  if (value === JobStatus.Complete || value === JobStatus.Failed) return value;
  throw ApiError.badRequest(CollectionErrors.invalidStatus);
}

function domainResult(raw: unknown, index: number): NewDomainResult {
  const at = (field: string) => `domain_results[${index}].${field}`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw ApiError.badRequest(CollectionErrors.fieldType(`domain_results[${index}]`, 'an object'));
  }
  const fields = foldedFields(raw);
  const domainName = text(fields, 'domain_name', at('domain_name'));
  if (domainName === undefined || domainName.trim() === '') throw ApiError.badRequest(CollectionErrors.domainNameRequired(index));
  const counts = {} as Record<DomainResultCount, number>;
  for (const count of DOMAIN_RESULT_COUNTS) {
    const value = fields.get(count) ?? 0;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > Number(INT32_MAX)) {
      throw ApiError.badRequest(CollectionErrors.fieldType(at(count), `an integer from 0 to ${INT32_MAX}`));
    }
    counts[count] = value;
  }
  return {
    domainName,
    success: flag(fields, 'success', at('success')) ?? false,
    message: text(fields, 'message', at('message')) ?? '',
    counts,
  };
}
