import { Injectable } from '@nestjs/common';
import { ApiError, ErrorMessages } from '@app/platform';
import { isSecretExpired } from '../domain/user.js';
import { PasswordHasher, UserStore, type UserAccess } from './ports.js';

/** Who logged in, as the login answer shows them. */
export interface VerifiedLogin {
  userId: string;
  principalName: string;
  eulaAccepted: boolean;
  authExpired: boolean;
}

/** What authentication asks of identity: checking a secret at login, and a user's access on each request. */
@Injectable()
export class CredentialCheck {
  private decoy: Promise<string> | undefined;

  constructor(private readonly users: UserStore, private readonly hasher: PasswordHasher) {}

  /** Verifies a principal's secret: 401 when it does not match (or no such user), 403 when the user is disabled. */
  async verify(principalName: string, secret: string): Promise<VerifiedLogin> {
    const stored = await this.users.findCredentials(principalName);
    // Hash against a decoy when there is nothing to compare, so timing does not tell which users exist.
    this.decoy ??= this.hasher.hash('decoy-secret-for-timing');
    const matches = await this.hasher.verify(stored?.digest ?? (await this.decoy), secret);
    if (!stored || !stored.digest || !matches) throw ApiError.unauthorized(ErrorMessages.authInvalid);
    if (stored.isDisabled) throw ApiError.forbidden(ErrorMessages.userDisabled);
    await this.users.recordLogin(stored.userId);
    return {
      userId: stored.userId,
      principalName: stored.principalName,
      eulaAccepted: stored.eulaAccepted,
      authExpired: isSecretExpired(stored.expiresAt ? { expiresAt: stored.expiresAt } : null),
    };
  }

  /** The user's current access, or null when the user no longer exists. */
  access(userId: string): Promise<UserAccess | null> {
    return this.users.findAccess(userId);
  }
}
