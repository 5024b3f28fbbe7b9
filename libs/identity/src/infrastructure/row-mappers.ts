import type { PermissionRecord, Role } from '../domain/role.js';
import type { User } from '../domain/user.js';

type Json = Record<string, unknown>;

const date = (value: unknown): Date => new Date(value as string | Date);
const optionalDate = (value: unknown): Date | null => (value === null || value === undefined ? null : date(value));

/** jsonb permission → domain. */
export function toPermission(row: Json): PermissionRecord {
  return {
    id: Number(row.id),
    authority: String(row.authority),
    name: String(row.name),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
  };
}

/** jsonb role (ROLE_JSON) → domain. */
export function toRole(row: Json): Role {
  return {
    id: Number(row.id),
    name: String(row.name),
    description: String(row.description),
    permissions: (row.permissions as Json[]).map(toPermission),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
  };
}

/** USERS_VIEW row → domain. */
export function toUser(row: Json): User {
  const secret = row.auth_secret as Json | null;
  return {
    id: String(row.id),
    principalName: String(row.principal_name),
    firstName: (row.first_name as string | null) ?? null,
    lastName: (row.last_name as string | null) ?? null,
    emailAddress: (row.email_address as string | null) ?? null,
    ssoProviderId: row.sso_provider_id === null ? null : Number(row.sso_provider_id),
    samlProviderId: row.saml_provider_id === null ? null : Number(row.saml_provider_id),
    isDisabled: Boolean(row.is_disabled),
    eulaAccepted: Boolean(row.eula_accepted),
    lastLogin: optionalDate(row.last_login),
    authSecret: secret && {
      id: Number(secret.id),
      digestMethod: String(secret.digest_method),
      expiresAt: date(secret.expires_at),
      totpActivated: Boolean(secret.totp_activated),
      createdAt: date(secret.created_at),
      updatedAt: date(secret.updated_at),
    },
    roles: (row.roles as Json[]).map(toRole),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
  };
}
