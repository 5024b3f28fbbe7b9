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

/**
 * How a user is shown as the author of a record (created_by, updated_by, certified_by, ...): the email, as the
 * reference shows it, else the principal name (the reference would show an empty string).
 */
export function shownName(user: Pick<User, 'emailAddress' | 'principalName'>): string {
  return user.emailAddress || user.principalName;
}

/** A password has expired when its expiry is in the past; such a user may only manage themselves. */
export function isSecretExpired(secret: Pick<AuthSecret, 'expiresAt'> | null, now = new Date()): boolean {
  return secret !== null && secret.expiresAt.getTime() <= now.getTime();
}
