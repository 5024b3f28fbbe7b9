import type { Principal } from '@app/platform';
import { Permissions } from '@app/platform';
import { isSecretExpired, type UserAccess } from '@app/identity';

/**
 * The principal of a user's access: a user whose password has expired holds only auth:ManageSelf until they
 * change it.
 */
export function principalOf(access: UserAccess, via: Principal['via'], ids: { sessionId?: string; tokenId?: string }): Principal {
  const expired = isSecretExpired(access.secretExpiresAt ? { expiresAt: access.secretExpiresAt } : null);
  return {
    userId: access.id,
    via,
    ...ids,
    ssoProviderId: access.ssoProviderId,
    permissions: new Set(expired ? [Permissions.AuthManageSelf] : access.permissions),
  };
}
