import { dateOf, optionalDate, optionalNumber, type Row } from '@app/platform';
import type { PermissionRecord, Role } from '../domain/role.js';
import type { User } from '../domain/user.js';

/** jsonb permission → domain. */
export function toPermission(row: Row): PermissionRecord {
  return {
    id: Number(row.id),
    authority: String(row.authority),
    name: String(row.name),
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
  };
}

/** jsonb role (ROLE_JSON) → domain. */
export function toRole(row: Row): Role {
  return {
    id: Number(row.id),
    name: String(row.name),
    description: String(row.description),
    permissions: (row.permissions as Row[]).map(toPermission),
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
  };
}

/** USERS_VIEW row → domain. */
export function toUser(row: Row): User {
  const secret = row.auth_secret as Row | null;
  return {
    id: String(row.id),
    principalName: String(row.principal_name),
    firstName: (row.first_name as string | null) ?? null,
    lastName: (row.last_name as string | null) ?? null,
    emailAddress: (row.email_address as string | null) ?? null,
    ssoProviderId: optionalNumber(row.sso_provider_id),
    samlProviderId: optionalNumber(row.saml_provider_id),
    isDisabled: Boolean(row.is_disabled),
    eulaAccepted: Boolean(row.eula_accepted),
    lastLogin: optionalDate(row.last_login),
    authSecret: secret && {
      id: Number(secret.id),
      digestMethod: String(secret.digest_method),
      expiresAt: dateOf(secret.expires_at),
      totpActivated: Boolean(secret.totp_activated),
      createdAt: dateOf(secret.created_at),
      updatedAt: dateOf(secret.updated_at),
    },
    roles: (row.roles as Row[]).map(toRole),
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
  };
}
