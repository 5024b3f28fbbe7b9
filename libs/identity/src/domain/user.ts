import type { Role } from './role.js';

/** The credential record of a user with a password (the wire's `AuthSecret`, never its digest). */
export interface AuthSecret {
  id: number;
  digestMethod: string;
  expiresAt: Date;
  totpActivated: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface User {
  id: string;
  principalName: string;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  ssoProviderId: number | null;
  samlProviderId: number | null;
  isDisabled: boolean;
  eulaAccepted: boolean;
  lastLogin: Date | null;
  authSecret: AuthSecret | null;
  roles: Role[];
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** A password has expired when its expiry is in the past; such a user may only manage themselves. */
export function isSecretExpired(secret: Pick<AuthSecret, 'expiresAt'> | null, now = new Date()): boolean {
  return secret !== null && secret.expiresAt.getTime() <= now.getTime();
}
