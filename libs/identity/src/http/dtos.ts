import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, MaxLength,
  Min, ValidateIf, ValidateNested,
} from 'class-validator';

class UserFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) first_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) last_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsEmail() @MaxLength(1000) email_address?: string;
  @ApiPropertyOptional({ type: [Number], description: 'Role ids (at most one)' })
  @IsOptional() @IsArray() @ArrayMaxSize(1, { message: 'a user can only have one role' }) @IsInt({ each: true }) @Min(1, { each: true })
  roles?: number[];
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @ValidateIf((_, v) => v !== null) @IsInt() @Min(1)
  sso_provider_id?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() is_disabled?: boolean;
}

/** POST /api/v2/bloodhound-users. */
export class CreateUserDto extends UserFieldsDto {
  @ApiProperty({ example: 'jdoe' }) @IsString() @IsNotEmpty() @MaxLength(1000) principal: string;
  @ApiPropertyOptional({ description: 'Initial password (users without an SSO provider)' })
  @IsOptional() @IsString() @MaxLength(1000) secret?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() needs_password_reset?: boolean;
}

/** PATCH /api/v2/bloodhound-users/{id}: only the fields given change. */
export class UpdateUserDto extends UserFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(1000) principal?: string;
}

/** PUT /api/v2/bloodhound-users/{id}/secret. */
export class SetSecretDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(1000) secret: string;
  @ApiPropertyOptional({ description: "Required when changing one's own secret" })
  @IsOptional() @IsString() @MaxLength(1000) current_secret?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() needs_password_reset?: boolean;
}

export class AutoProvisionDto {
  @ApiProperty() @IsBoolean() enabled: boolean;
  @ApiProperty() @IsInt() @Min(1) default_role_id: number;
  @ApiProperty() @IsBoolean() role_provision: boolean;
}

export class SsoConfigDto {
  @ApiProperty({ type: AutoProvisionDto }) @ValidateNested() @Type(() => AutoProvisionDto) auto_provision: AutoProvisionDto;
}

/** POST /api/v2/sso-providers/oidc. */
export class CreateOidcProviderDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(200) name: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(1000) client_id: string;
  @ApiProperty({ example: 'https://login.example.com/' })
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['https', 'http'] }, { message: 'issuer must be a URL' })
  @MaxLength(2000)
  issuer: string;
  @ApiPropertyOptional({ type: SsoConfigDto }) @IsOptional() @ValidateNested() @Type(() => SsoConfigDto) config?: SsoConfigDto;
}

/** POST /api/v2/sso-providers/saml: multipart (`name`, file `metadata`) or JSON with the XML as a string. */
export class CreateSamlProviderDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(200) name: string;
  @ApiPropertyOptional({ description: 'IdP metadata XML (JSON form); multipart sends it as the file `metadata`' })
  @IsOptional() @IsString() metadata?: string;
}
