import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiError, BodyReader, INT32_MAX, type BodyReaderOptions } from '@app/platform';
import { CollectionErrors } from '../application/collection-errors.js';
import { DOMAIN_CONTROLLER_MAX } from '../application/domain-controller.js';
import type { AdHocJobDraft } from '../application/job-commands.js';
import type { CheckIn, JobEnd } from '../application/ports.js';
import { COLLECTION_FLAG_FIELDS, type CollectionFlags } from '../domain/collection.js';
import { CLIENT_END_STATUSES, JobStatus } from '../domain/job-status.js';
import { DOMAIN_RESULT_COUNTS, type DomainResultCount, type NewDomainResult } from '../domain/records.js';
import { MAX_SCOPE_OBJECTS, NAMED_FIELDS, objectIdsOf, text } from './bodies.js';

/** A forest has tens of domains: 200 results per run is ample, and bounds what every job listing carries. */
export const MAX_DOMAIN_RESULTS = 200;
/** What a client reports about itself (check-in): names, a version, a SID, an address. */
export const MAX_REPORTED_LENGTH = 255;
/** A job's end message, its log path and a domain result's message. */
export const MAX_MESSAGE_LENGTH = 4096;
/** A domain result's domain name (a DNS name is at most 253 characters). */
export const MAX_DOMAIN_NAME_LENGTH = 255;

// Every job body names the field of a refusal (`<field> must be …`, `<field> is limited to …`); the client-flow
// bodies (check-in, start, end) match keys without regard to case, as Go's decoder does (collectors send `Address`
// or `address`). Client-reported strings are capped: every listing shows them. The classes below document the
// bodies in OpenAPI.

const CLIENT_BODY: BodyReaderOptions = { ...NAMED_FIELDS, foldCase: true };

/** POST /api/v2/clients/{client_id}/jobs. */
export class AdHocJobDto {
  @ApiPropertyOptional() session_collection?: boolean;
  @ApiPropertyOptional() local_group_collection?: boolean;
  @ApiPropertyOptional() ad_structure_collection?: boolean;
  @ApiPropertyOptional() cert_services_collection?: boolean;
  @ApiPropertyOptional() ca_registry_collection?: boolean;
  @ApiPropertyOptional() dc_registry_collection?: boolean;
  @ApiPropertyOptional() all_trusted_domains?: boolean;
  @ApiPropertyOptional({ type: [String], maxItems: MAX_SCOPE_OBJECTS, description: 'OU objectids (stored upper-cased)' }) ous?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: MAX_SCOPE_OBJECTS, description: 'domain objectids (stored upper-cased)' }) domains?: string[];
  @ApiPropertyOptional({
    maxLength: DOMAIN_CONTROLLER_MAX, description: 'trimmed; default (absent, null or blank): the client\'s domain controller',
  })
  domain_controller?: string;
}

/** PUT /api/v2/clients/update; keys match without regard to case. */
export class CheckInDto {
  @ApiPropertyOptional({ maxLength: MAX_REPORTED_LENGTH, description: 'also accepted as ip_address' }) address?: string;
  @ApiPropertyOptional({ maxLength: MAX_REPORTED_LENGTH }) hostname?: string;
  @ApiPropertyOptional({ maxLength: MAX_REPORTED_LENGTH }) version?: string;
  @ApiPropertyOptional({ maxLength: MAX_REPORTED_LENGTH, description: 'shown as configured_user' }) username?: string;
  @ApiPropertyOptional({ maxLength: MAX_REPORTED_LENGTH, description: 'also accepted as user_sid; "" clears it' }) usersid?: string;
}

/** POST /api/v2/jobs/start. */
export class StartJobDto {
  @ApiProperty({ format: 'int64', description: 'a READY job of the calling client' }) id: number;
}

export class DomainResultDto {
  @ApiProperty({ maxLength: MAX_DOMAIN_NAME_LENGTH }) domain_name: string;
  @ApiPropertyOptional() success?: boolean;
  @ApiPropertyOptional({ maxLength: MAX_MESSAGE_LENGTH }) message?: string;
  @ApiPropertyOptional({ description: 'each *_count: an integer 0..2147483647, default 0' }) user_count?: number;
}

/** POST /api/v2/jobs/end. */
export class EndJobDto {
  @ApiProperty({ description: 'COMPLETE or FAILED (case-insensitive), or 2 / 5' }) status: string;
  @ApiPropertyOptional({ maxLength: MAX_MESSAGE_LENGTH }) message?: string;
  @ApiPropertyOptional({ maxLength: MAX_MESSAGE_LENGTH }) log_path?: string;
  @ApiPropertyOptional({ type: [DomainResultDto], maxItems: MAX_DOMAIN_RESULTS }) domain_results?: DomainResultDto[];
}

/** Reads an ad-hoc job body; JobCommands checks the domain controller, the flags and the scope. */
export function readAdHocJobBody(raw: unknown): AdHocJobDraft {
  const body = BodyReader.of(raw, NAMED_FIELDS);
  const flags = { allTrustedDomains: body.boolean('all_trusted_domains') ?? false } as CollectionFlags;
  for (const [wire, field] of COLLECTION_FLAG_FIELDS) flags[field] = body.boolean(wire) ?? false;
  return {
    ...flags,
    ous: objectIdsOf(body, 'ous'),
    domains: objectIdsOf(body, 'domains'),
    domainController: text(body, 'domain_controller') ?? null,
  };
}

/** A client-flow body: a client may send none at all (a check-in that only reports its presence). */
const clientBody = (raw: unknown) => BodyReader.of(raw === undefined ? {} : raw, CLIENT_BODY);

/** Reads a check-in: address (or ip_address), hostname, version, username, usersid (or user_sid), any case. */
export function readCheckInBody(raw: unknown): CheckIn {
  const body = clientBody(raw);
  const reported = (name: string) => text(body, name, MAX_REPORTED_LENGTH);
  const report: CheckIn = {};
  // Either spelling of an aliased field; the later one in the body would win in Go, the documented one wins here.
  const ipAddress = reported('address') ?? reported('ip_address');
  const hostname = reported('hostname');
  const version = reported('version');
  const configuredUser = reported('username');
  const userSid = reported('usersid') ?? reported('user_sid');
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
  const id = clientBody(raw).value('id');
  if (typeof id !== 'number' || !Number.isInteger(id)) throw ApiError.badRequest(CollectionErrors.startIdRequired);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

/** Reads the end of a job: status COMPLETE or FAILED (any case, or 2 / 5), message, log_path, domain_results. */
export function readEndBody(raw: unknown): JobEnd {
  const body = clientBody(raw);
  const results = body.array('domain_results');
  if (results !== undefined && results.length > MAX_DOMAIN_RESULTS) {
    throw ApiError.badRequest(CollectionErrors.tooManyDomainResults(MAX_DOMAIN_RESULTS));
  }
  return {
    status: endStatus(body.value('status')),
    message: text(body, 'message', MAX_MESSAGE_LENGTH) ?? '',
    logPath: text(body, 'log_path', MAX_MESSAGE_LENGTH) ?? '',
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
  const path = `domain_results[${index}]`;
  const notObject = () => ApiError.badRequest(CollectionErrors.fieldType(path, 'an object'));
  const body = BodyReader.of(raw, { ...CLIENT_BODY, prefix: `${path}.`, notObject });
  const domainName = text(body, 'domain_name', MAX_DOMAIN_NAME_LENGTH);
  if (domainName === undefined || domainName.trim() === '') throw ApiError.badRequest(CollectionErrors.domainNameRequired(index));
  const counts = {} as Record<DomainResultCount, number>;
  for (const count of DOMAIN_RESULT_COUNTS) {
    const value = body.value(count) ?? 0;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > Number(INT32_MAX)) {
      throw body.wrongType(count, `an integer from 0 to ${INT32_MAX}`);
    }
    counts[count] = value;
  }
  return {
    domainName,
    success: body.boolean('success') ?? false,
    message: text(body, 'message', MAX_MESSAGE_LENGTH) ?? '',
    counts,
  };
}
