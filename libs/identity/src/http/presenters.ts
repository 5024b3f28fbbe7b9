import { nullInt32, nullString, nullTime, timestamp } from '@app/platform';
import type { PermissionRecord, Role } from '../domain/role.js';
import type { SamlProvider, SsoProvider } from '../domain/sso-provider.js';
import type { User } from '../domain/user.js';
import type { MinimalUser } from '../application/ports.js';
import type {
  ActiveUserMinimalView, MinimalUserView, PermissionView, RoleView, SamlProviderView, SsoProviderView, UserView,
} from './views.js';

export function presentPermission(p: PermissionRecord): PermissionView {
  return {
    id: p.id, created_at: timestamp(p.createdAt), updated_at: timestamp(p.updatedAt), deleted_at: nullTime(p.deletedAt),
    authority: p.authority, name: p.name,
  };
}

export function presentRole(r: Role): RoleView {
  return {
    id: r.id, created_at: timestamp(r.createdAt), updated_at: timestamp(r.updatedAt), deleted_at: nullTime(r.deletedAt),
    name: r.name, description: r.description, permissions: r.permissions.map(presentPermission),
  };
}

export function presentUser(u: User): UserView {
  const s = u.authSecret;
  return {
    id: u.id,
    created_at: timestamp(u.createdAt),
    updated_at: timestamp(u.updatedAt),
    deleted_at: nullTime(u.deletedAt),
    saml_provider_id: nullInt32(u.samlProviderId),
    sso_provider_id: nullInt32(u.ssoProviderId),
    AuthSecret: s && {
      id: s.id, created_at: timestamp(s.createdAt), updated_at: timestamp(s.updatedAt), deleted_at: nullTime(null),
      digest_method: s.digestMethod, expires_at: timestamp(s.expiresAt), totp_activated: s.totpActivated,
    },
    roles: u.roles.map(presentRole),
    first_name: nullString(u.firstName),
    last_name: nullString(u.lastName),
    email_address: nullString(u.emailAddress),
    principal_name: u.principalName,
    last_login: timestamp(u.lastLogin),
    is_disabled: u.isDisabled,
    eula_accepted: u.eulaAccepted,
  };
}

export function presentMinimalUser(u: MinimalUser): MinimalUserView {
  return { id: u.id, first_name: nullString(u.firstName), last_name: nullString(u.lastName), email: u.emailAddress ?? '' };
}

export function presentActiveUserMinimal(u: MinimalUser): ActiveUserMinimalView {
  return { id: u.id, email: u.emailAddress ?? '', first_name: u.firstName ?? '', last_name: u.lastName ?? '' };
}

/** SP endpoints are derived from ROOT_URL and the provider name (the reference's version-2 layout). */
export function presentSamlProvider(p: SamlProvider, rootUrl: string): SamlProviderView {
  const root = `${rootUrl}/api/v2/sso/${encodeURIComponent(p.name)}`;
  return {
    id: p.id, created_at: timestamp(p.createdAt), updated_at: timestamp(p.updatedAt), deleted_at: nullTime(p.deletedAt),
    name: p.name, display_name: p.displayName, idp_issuer_uri: p.idpIssuerUri, idp_sso_uri: p.idpSsoUri,
    principal_attribute_mappings: p.principalAttributeMappings,
    sp_issuer_uri: root, sp_sso_uri: `${root}/login`, sp_metadata_uri: `${root}/metadata`, sp_acs_uri: `${root}/callback`,
    sso_provider_id: nullInt32(p.ssoProviderId), root_uri_version: 2,
  };
}

export function presentSsoProvider(p: SsoProvider, rootUrl: string): SsoProviderView {
  const d = p.details;
  const details = p.type === 'SAML'
    ? presentSamlProvider(d as SamlProvider, rootUrl)
    : {
        id: d.id, client_id: (d as { clientId: string }).clientId, issuer: (d as { issuer: string }).issuer,
        sso_provider_id: d.ssoProviderId, created_at: timestamp(d.createdAt), updated_at: timestamp(d.updatedAt),
        deleted_at: nullTime(d.deletedAt),
      };
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    type: p.type,
    details,
    config: { auto_provision: { enabled: p.config.enabled, default_role_id: p.config.defaultRoleId, role_provision: p.config.roleProvision } },
    login_uri: `${rootUrl}/api/v2/sso/${p.slug}/login`,
    callback_uri: `${rootUrl}/api/v2/sso/${p.slug}/callback`,
    created_at: timestamp(p.createdAt),
    updated_at: timestamp(p.updatedAt),
  };
}
