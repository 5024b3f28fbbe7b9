import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray, IsBoolean, IsEmail, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, IsUrl, Max, MaxLength,
  Min, ValidateIf, ValidateNested,
} from 'class-validator';
import { ArrayCap, NoNul } from '@app/platform';
import { IdentityErrors } from '../application/identity-errors.js';
import { MAX_USER_TEXT_LENGTH } from '../application/user-rules.js';

// class-validator reports a property's failures in the reverse of the decorators' source order, so each property
// lists its type check last: "x must be a string" then comes first. A user's text limits are the use case's
// (user-rules.ts); the decorators restate them so the API answers with class-validator's messages, in its order.

/** The limit of a user's text fields and secrets. */
const UserTextLimit = () => MaxLength(MAX_USER_TEXT_LENGTH);

/** Ids in bodies are int32 columns: larger values are refused before they reach the database. */
const INT32_MAX = 2_147_483_647;

/** Most role ids a body may list before validation stops looking (a user has one). */
const MAX_ROLES = 64;

/** Optional, but never null: the column behind it is NOT NULL. */
const OptionalNotNull = () => ValidateIf((_, value) => value !== undefined);

class UserFieldsDto {
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @NoNul() @UserTextLimit() @IsString()
  first_name?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @NoNul() @UserTextLimit() @IsString()
  last_name?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @UserTextLimit() @IsEmail()
  email_address?: string | null;
  // "At most one role" is the use case's rule (IdentityErrors.oneRole), not a shape check here; the size cap only
  // keeps validation from walking a huge array (the pipe stops at MAX_ROLES + 1 items), with the same message.
  @ApiPropertyOptional({ type: [Number], description: 'Role ids (at most one)' })
  @IsOptional() @Max(INT32_MAX, { each: true }) @Min(1, { each: true }) @IsInt({ each: true })
  @ArrayCap(MAX_ROLES, { message: IdentityErrors.oneRole }) @IsArray()
  roles?: number[];
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Max(INT32_MAX) @Min(1) @IsInt()
  sso_provider_id?: number | null;
  @ApiPropertyOptional() @OptionalNotNull() @IsBoolean() is_disabled?: boolean;
}

/** POST /api/v2/bloodhound-users. */
export class CreateUserDto extends UserFieldsDto {
  @ApiProperty({ example: 'jdoe' }) @NoNul() @UserTextLimit() @IsNotEmpty() @IsString() principal: string;
  @ApiPropertyOptional({ description: 'Initial password (users without an SSO provider)' })
  @IsOptional() @UserTextLimit() @IsString() secret?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() needs_password_reset?: boolean;
}

/** PATCH /api/v2/bloodhound-users/{id}: only the fields given change; null clears a name or the SSO provider. */
export class UpdateUserDto extends UserFieldsDto {
  @ApiPropertyOptional() @OptionalNotNull() @NoNul() @UserTextLimit() @IsNotEmpty() @IsString() principal?: string;
}

/** PUT /api/v2/bloodhound-users/{id}/secret. */
export class SetSecretDto {
  @ApiProperty() @UserTextLimit() @IsNotEmpty() @IsString() secret: string;
  @ApiPropertyOptional({ description: "Required when changing one's own secret" })
  @IsOptional() @UserTextLimit() @IsString() current_secret?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() needs_password_reset?: boolean;
}

export class AutoProvisionDto {
  @ApiProperty() @IsBoolean() enabled: boolean;
  @ApiProperty() @Max(INT32_MAX) @Min(1) @IsInt() default_role_id: number;
  @ApiProperty() @IsBoolean() role_provision: boolean;
}

export class SsoConfigDto {
  @ApiProperty({ type: AutoProvisionDto }) @ValidateNested() @Type(() => AutoProvisionDto) @IsObject()
  auto_provision: AutoProvisionDto;
}

/** POST /api/v2/sso-providers/oidc. */
export class CreateOidcProviderDto {
  @ApiProperty() @NoNul() @MaxLength(200) @IsNotEmpty() @IsString() name: string;
  @ApiProperty() @NoNul() @MaxLength(1000) @IsNotEmpty() @IsString() client_id: string;
  @ApiProperty({ example: 'https://login.example.com/' })
  @MaxLength(2000)
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['https', 'http'] }, { message: 'issuer must be a URL' })
  issuer: string;
  @ApiPropertyOptional({ type: SsoConfigDto }) @IsOptional() @ValidateNested() @Type(() => SsoConfigDto) @IsObject()
  config?: SsoConfigDto;
}

/** POST /api/v2/sso-providers/saml: multipart (`name`, file `metadata`) or JSON with the XML as a string. */
export class CreateSamlProviderDto {
  @ApiProperty() @NoNul() @MaxLength(200) @IsNotEmpty() @IsString() name: string;
  @ApiPropertyOptional({ description: 'IdP metadata XML (JSON form); multipart sends it as the file `metadata`' })
  @IsOptional() @IsString() metadata?: string;
}
