import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiError, ErrorMessages } from '@app/platform';
import type { ClientDraft } from '../application/client-commands.js';

// Client bodies are read by hand, as Go decodes them: a body that is not a JSON object, or a field of the wrong JSON
// type, is `error unmarshalling JSON payload`; the values are then checked by ClientCommands with their own messages.
// Unknown fields are ignored. The classes below document the bodies in OpenAPI.

/** POST /api/v2/clients. */
export class CreateClientDto {
  @ApiProperty({ maxLength: 250, description: 'trimmed; unique among live clients, case-insensitively' }) name: string;
  @ApiProperty({ enum: ['sharphound', 'azurehound'] }) type: string;
  @ApiPropertyOptional({ nullable: true, description: 'trimmed; "" or null means none' }) domain_controller?: string | null;
}

/** PUT /api/v2/clients/{client_id}: only the fields given change. */
export class UpdateClientDto {
  @ApiPropertyOptional({ maxLength: 250 }) name?: string;
  @ApiPropertyOptional({ nullable: true, description: '"" or null clears it' }) domain_controller?: string | null;
}

type Body = Record<string, unknown>;

const unmarshal = () => ApiError.badRequest(ErrorMessages.unmarshalJson);

function objectBody(body: unknown): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw unmarshal();
  return body as Body;
}

/** A string field: absent (or null, as Go reads null into a string) is undefined; any other JSON type is refused. */
function stringField(body: Body, name: string): string | undefined {
  const value = Object.hasOwn(body, name) ? body[name] : undefined;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw unmarshal();
  return value;
}

/** domain_controller: a string, or null to say "none" (distinct from absent in an update). */
function domainControllerField(body: Body): string | null | undefined {
  if (!Object.hasOwn(body, 'domain_controller') || body.domain_controller === undefined) return undefined;
  if (body.domain_controller === null) return null;
  if (typeof body.domain_controller !== 'string') throw unmarshal();
  return body.domain_controller;
}

export function readCreateClientBody(raw: unknown): ClientDraft {
  const body = objectBody(raw);
  return { name: stringField(body, 'name'), type: stringField(body, 'type'), domainController: domainControllerField(body) };
}

export function readUpdateClientBody(raw: unknown): { name?: string; domainController?: string | null } {
  const body = objectBody(raw);
  return { name: stringField(body, 'name'), domainController: domainControllerField(body) };
}
