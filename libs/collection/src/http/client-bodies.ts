import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ClientDraft } from '../application/client-commands.js';
import { DOMAIN_CONTROLLER_MAX } from '../application/domain-controller.js';
import { BodyFields, type BodyOptions, type StringOptions } from './body-fields.js';

// Client bodies are read as Go decodes them: a body that is not a JSON object, or a field of the wrong JSON type, is
// `error unmarshalling JSON payload`. The values, NUL included, are then checked by ClientCommands with their own
// messages, in its order (name, type, domain_controller). Unknown fields are ignored. The classes below document the
// bodies in OpenAPI.

const CLIENT_BODY: BodyOptions = { wrongType: 'unmarshal' };
const VALUE: StringOptions = { allowNul: true };

/** POST /api/v2/clients. */
export class CreateClientDto {
  @ApiProperty({ maxLength: 250, description: 'trimmed; unique among live clients, case-insensitively' }) name: string;
  @ApiProperty({ enum: ['sharphound', 'azurehound'] }) type: string;
  @ApiPropertyOptional({ nullable: true, maxLength: DOMAIN_CONTROLLER_MAX, description: 'trimmed; blank or null means none' })
  domain_controller?: string | null;
}

/** PUT /api/v2/clients/{client_id}: only the fields given change. */
export class UpdateClientDto {
  @ApiPropertyOptional({ maxLength: 250 }) name?: string;
  @ApiPropertyOptional({ nullable: true, maxLength: DOMAIN_CONTROLLER_MAX, description: 'blank or null clears it' })
  domain_controller?: string | null;
}

export function readCreateClientBody(raw: unknown): ClientDraft {
  const fields = BodyFields.of(raw, CLIENT_BODY);
  // domain_controller: null says "none", which an update tells from absent ("unchanged").
  return {
    name: fields.string('name', VALUE),
    type: fields.string('type', VALUE),
    domainController: fields.nullableString('domain_controller', VALUE),
  };
}

export function readUpdateClientBody(raw: unknown): { name?: string; domainController?: string | null } {
  const fields = BodyFields.of(raw, CLIENT_BODY);
  return { name: fields.string('name', VALUE), domainController: fields.nullableString('domain_controller', VALUE) };
}
