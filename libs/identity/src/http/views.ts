import { ApiProperty } from '@nestjs/swagger';
import { NullInt32Schema, NullStringSchema, NullTimeSchema } from '@app/platform';

/** Wire shapes of identity resources (spec §2.2), used by the presenters and the OpenAPI document. */
export class PermissionView {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
  @ApiProperty({ example: 'graphdb' }) authority: string;
  @ApiProperty({ example: 'Read' }) name: string;
}

export class RoleView {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: [PermissionView] }) permissions: PermissionView[];
}

export class AuthSecretView {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
  @ApiProperty({ example: 'argon2id' }) digest_method: string;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty() totp_activated: boolean;
}

export class UserView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
  @ApiProperty({ type: NullInt32Schema }) saml_provider_id: NullInt32Schema;
  @ApiProperty({ type: NullInt32Schema }) sso_provider_id: NullInt32Schema;
  @ApiProperty({ type: AuthSecretView, nullable: true, description: 'Credential metadata; never the digest' })
  AuthSecret: AuthSecretView | null;
  @ApiProperty({ type: [RoleView] }) roles: RoleView[];
  @ApiProperty({ type: NullStringSchema }) first_name: NullStringSchema;
  @ApiProperty({ type: NullStringSchema }) last_name: NullStringSchema;
  @ApiProperty({ type: NullStringSchema }) email_address: NullStringSchema;
  @ApiProperty() principal_name: string;
  @ApiProperty({ format: 'date-time' }) last_login: string;
  @ApiProperty() is_disabled: boolean;
  @ApiProperty() eula_accepted: boolean;
}

export class MinimalUserView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: NullStringSchema }) first_name: NullStringSchema;
  @ApiProperty({ type: NullStringSchema }) last_name: NullStringSchema;
  @ApiProperty() email: string;
}

/** bloodhound-users-minimal: the reference writes the raw strings, a NULL as "". */
export class ActiveUserMinimalView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: '"" when the user has none' }) email: string;
  @ApiProperty({ description: '"" when the user has none' }) first_name: string;
  @ApiProperty({ description: '"" when the user has none' }) last_name: string;
}

export class SamlProviderView {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
  @ApiProperty() name: string;
  @ApiProperty() display_name: string;
  @ApiProperty() idp_issuer_uri: string;
  @ApiProperty() idp_sso_uri: string;
  @ApiProperty({ type: [String], nullable: true }) principal_attribute_mappings: string[] | null;
  @ApiProperty() sp_issuer_uri: string;
  @ApiProperty() sp_sso_uri: string;
  @ApiProperty() sp_metadata_uri: string;
  @ApiProperty() sp_acs_uri: string;
  @ApiProperty({ type: NullInt32Schema }) sso_provider_id: NullInt32Schema;
  @ApiProperty({ example: 2 }) root_uri_version: number;
}

export class AutoProvisionView {
  @ApiProperty() enabled: boolean;
  @ApiProperty() default_role_id: number;
  @ApiProperty() role_provision: boolean;
}

export class SsoProviderConfigView {
  @ApiProperty({ type: AutoProvisionView }) auto_provision: AutoProvisionView;
}

export class SsoProviderView {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty({ enum: ['SAML', 'OIDC'] }) type: 'SAML' | 'OIDC';
  @ApiProperty({ description: 'The SAML provider, or the OIDC {id, client_id, issuer, sso_provider_id, ...}', type: Object })
  details: object;
  @ApiProperty({ type: SsoProviderConfigView }) config: SsoProviderConfigView;
  @ApiProperty() login_uri: string;
  @ApiProperty() callback_uri: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class AffectedUsersView {
  @ApiProperty({ type: [UserView] }) affected_users: UserView[];
}
