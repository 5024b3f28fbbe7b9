import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiError, BodyReader, UUID_PATTERN } from '@app/platform';
import { CollectionErrors } from '../application/collection-errors.js';
import type { EventDraft } from '../application/event-commands.js';
import { COLLECTION_FLAG_FIELDS, type CollectionFlags } from '../domain/collection.js';
import { MAX_SCOPE_OBJECTS, NAMED_FIELDS, objectIdsOf, text } from './bodies.js';

// Event bodies are read by hand rather than by class-validator: every field has its own message naming it, and the
// checks run in a fixed, documented order (the body's fields in the order below, then EventCommands' rules).

export const MAX_TITLE_LENGTH = 1000;

/** POST /api/v2/events and PUT /api/v2/events/{event_id}. */
export class EventBodyDto {
  @ApiProperty({ format: 'uuid', description: 'The client that runs the jobs. Required to create; on PUT, absent keeps the client' })
  client_id: string;
  @ApiPropertyOptional({ maxLength: MAX_TITLE_LENGTH, description: 'Shown on the jobs as event_title (default "")' }) title?: string;
  @ApiPropertyOptional({
    example: 'DTSTART:20240101T090000Z\nRRULE:FREQ=DAILY;INTERVAL=1',
    description: 'RFC 5545 RRULE, optionally after a UTC DTSTART (default: now). HOURLY at the finest; the first occurrence ' +
      'must fall within 5 years. Absent or "" schedules one run now.',
  })
  rrule?: string;
  @ApiPropertyOptional() session_collection?: boolean;
  @ApiPropertyOptional() local_group_collection?: boolean;
  @ApiPropertyOptional() ad_structure_collection?: boolean;
  @ApiPropertyOptional() cert_services_collection?: boolean;
  @ApiPropertyOptional() ca_registry_collection?: boolean;
  @ApiPropertyOptional() dc_registry_collection?: boolean;
  @ApiPropertyOptional({ description: 'Collect every trusted domain (a scope: at most one of ous, domains, all_trusted_domains)' })
  all_trusted_domains?: boolean;
  @ApiPropertyOptional({ type: [String], maxItems: MAX_SCOPE_OBJECTS, description: 'OU objectids (stored upper-cased, without duplicates)' })
  ous?: string[];
  @ApiPropertyOptional({ type: [String], maxItems: MAX_SCOPE_OBJECTS, description: 'Domain objectids (stored upper-cased, without duplicates)' })
  domains?: string[];
}

/**
 * Reads an event body: a JSON object (else `error unmarshalling JSON payload`); each field absent or null means its
 * default (false, "", []); a field of another type is a 400 naming it. client_id: required when `requireClientId`.
 */
export function readEventBody(raw: unknown, requireClientId: boolean): EventDraft {
  const body = BodyReader.of(raw, NAMED_FIELDS);
  const clientId = readClientId(body, requireClientId);
  const title = text(body, 'title', MAX_TITLE_LENGTH) ?? '';
  const rrule = text(body, 'rrule') ?? '';
  const flags = Object.fromEntries(COLLECTION_FLAG_FIELDS.map(([wire, field]) => [field, body.boolean(wire) ?? false]));
  return {
    clientId,
    title,
    rrule,
    ...(flags as Omit<CollectionFlags, 'allTrustedDomains'>),
    allTrustedDomains: body.boolean('all_trusted_domains') ?? false,
    ous: objectIdsOf(body, 'ous'),
    domains: objectIdsOf(body, 'domains'),
  };
}

function readClientId(body: BodyReader, required: boolean): string | undefined {
  const raw = body.value('client_id');
  if (raw === undefined) {
    if (required) throw ApiError.badRequest(CollectionErrors.clientIdRequired);
    return undefined;
  }
  if (typeof raw !== 'string' || !UUID_PATTERN.test(raw)) throw body.wrongType('client_id', 'a uuid');
  return raw.toLowerCase();
}
