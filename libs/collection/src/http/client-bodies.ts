import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BodyReader } from '@app/platform';
import type { ClientChanges, ClientDraft } from '../application/client-commands.js';
import { DOMAIN_CONTROLLER_MAX } from '../application/domain-controller.js';

// Client bodies are read as Go decodes them: a body that is not a JSON object, or a field of the wrong JSON type, is
// `error unmarshalling JSON payload`. The values, NUL included, are then checked by ClientCommands with their own
// messages, in its order (name, type, domain_controller). Unknown fields are ignored. The classes below document the
// bodies in OpenAPI.

/** POST /api/v2/clients. */
export class CreateClientDto {
  @ApiProperty({ maxLength: 250, description: 'trimmed; unique among live clients, case-insensitively' }) name: string;
  @ApiProperty({ enum: ['sharphound', 'azurehound'] }) type: string;
  @ApiPropertyOptional({ nullable: true, maxLength: DOMAIN_CONTROLLER_MAX, description: 'trimmed; blank or null means none' })
  domain_controller?: string | null;
  @ApiPropertyOptional({ nullable: true, maxLength: 2048, description: 'trimmed; blank or null means none' })
  issuer_address?: string | null;
  @ApiPropertyOptional({ nullable: true, maxLength: 2048, description: 'trimmed; blank or null means none' })
  issuer_address_override?: string | null;
}

/** PUT /api/v2/clients/{client_id}: only the fields given change. */
export class UpdateClientDto {
  @ApiPropertyOptional({ maxLength: 250 }) name?: string;
  @ApiPropertyOptional({ nullable: true, maxLength: DOMAIN_CONTROLLER_MAX, description: 'blank or null clears it' })
  domain_controller?: string | null;
  @ApiPropertyOptional({ nullable: true, maxLength: 2048, description: 'blank or null clears it' })
  issuer_address?: string | null;
  @ApiPropertyOptional({ nullable: true, maxLength: 2048, description: 'blank or null clears it' })
  issuer_address_override?: string | null;
}

export function readCreateClientBody(raw: unknown): ClientDraft {
  const body = BodyReader.of(raw);
  // domain_controller: null says "none", which an update tells from absent ("unchanged").
  return {
    name: body.string('name'),
    type: body.string('type'),
    domainController: body.nullableString('domain_controller'),
    issuerAddress: body.nullableString('issuer_address'),
    issuerAddressOverride: body.nullableString('issuer_address_override'),
  };
}

export function readUpdateClientBody(raw: unknown): ClientChanges {
  const body = BodyReader.of(raw);
  return {
    name: body.string('name'),
    domainController: body.nullableString('domain_controller'),
    issuerAddress: body.nullableString('issuer_address'),
    issuerAddressOverride: body.nullableString('issuer_address_override'),
  };
}
