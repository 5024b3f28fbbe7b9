import { ApiProperty } from '@nestjs/swagger';
import { NullStringSchema, NullTimeSchema, NullUUIDSchema, nullString, nullTime, nullUuid, timestamp } from '@app/platform';
import type { ApiToken } from '../application/ports.js';

export class LoginView {
  @ApiProperty({ format: 'uuid' }) user_id: string;
  @ApiProperty({ description: 'the principal name' }) user_name: string;
  @ApiProperty({ description: 'True when the password has expired: only auth:ManageSelf until it is changed' })
  auth_expired: boolean;
  @ApiProperty({ description: 'whether the user accepted the EULA (PUT /api/v2/accept-eula); nothing is gated on it' })
  eula_accepted: boolean;
  @ApiProperty({ description: 'JWT (HS256) for `Authorization: Bearer`' }) session_token: string;
}

/** The spec's Client token: `key` is the secret on creation and "" everywhere else. */
export class TokenView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
  @ApiProperty({ type: NullUUIDSchema }) user_id: NullUUIDSchema;
  @ApiProperty({ type: NullStringSchema }) name: NullStringSchema;
  @ApiProperty({ description: 'HMAC key, shown only when the token is created' }) key: string;
  @ApiProperty({ example: 'hmac-sha2-256' }) hmac_method: string;
  @ApiProperty({ format: 'date-time' }) last_access: string;
}

export function presentToken(token: ApiToken, key = ''): TokenView {
  return {
    id: token.id,
    created_at: timestamp(token.createdAt),
    updated_at: timestamp(token.updatedAt),
    deleted_at: nullTime(token.deletedAt),
    user_id: nullUuid(token.userId),
    name: nullString(token.name),
    key,
    hmac_method: token.hmacMethod,
    last_access: timestamp(token.lastAccess),
  };
}
