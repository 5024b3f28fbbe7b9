import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ApiError, AppConfig, Database, ErrorMessages, type Principal, UUID_PATTERN } from '@app/platform';
import { CredentialCheck } from '@app/identity';
import { AuthConfig } from '../auth-config.js';
import { SessionStore } from './ports.js';
import { principalOf } from './principals.js';

/** The login answer: the reference's three fields and the two BHE adds (user_name, eula_accepted). */
export interface LoginResult {
  user_id: string;
  user_name: string;
  auth_expired: boolean;
  eula_accepted: boolean;
  session_token: string;
}

interface SessionClaims {
  sub: string;
  jti: string;
}

/** Secret login, JWT sessions bound to a stored session row, and logout. */
@Injectable()
export class Sessions {
  constructor(
    private readonly credentials: CredentialCheck,
    private readonly store: SessionStore,
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    private readonly auth: AuthConfig,
    private readonly db: Database,
  ) {}

  async login(username: string, secret: string): Promise<LoginResult> {
    const { userId, principalName, eulaAccepted, authExpired } = await this.credentials.verify(username, secret);
    const ttlSeconds = this.auth.sessionTtlHours * 3600;
    const sessionId = await this.store.create(userId, new Date(Date.now() + ttlSeconds * 1000));
    const token = await this.jwt.signAsync(
      { sub: userId, jti: sessionId },
      { expiresIn: ttlSeconds, issuer: new URL(this.config.rootUrl).host },
    );
    return {
      user_id: userId, user_name: principalName, auth_expired: authExpired, eula_accepted: eulaAccepted, session_token: token,
    };
  }

  /** Resolves a bearer JWT to its principal: signature, stored session and a live user, else 401. */
  async authenticate(token: string): Promise<Principal> {
    const failed = () => ApiError.unauthorized(ErrorMessages.tokenAuthFailed);
    let claims: SessionClaims;
    try {
      claims = await this.jwt.verifyAsync<SessionClaims>(token, { algorithms: ['HS256'] });
    } catch {
      throw failed();
    }
    // Claims are checked before they reach SQL: a mistyped one must be a 401, never a database error (500).
    if (typeof claims.sub !== 'string' || !UUID_PATTERN.test(claims.sub)) throw failed();
    if (typeof claims.jti !== 'string' || !/^\d{1,18}$/.test(claims.jti)) throw failed();
    // One unit of work (one transaction) for both look-ups: this runs on every authenticated request.
    const session = await this.db.transaction(async () => {
      const issuedAt = await this.store.issuedAt(claims.jti, claims.sub);
      return issuedAt && { issuedAt, access: await this.credentials.access(claims.sub) };
    });
    const access = session?.access;
    if (!access || access.isDisabled) throw failed();
    if (access.sessionsValidAfter && session.issuedAt <= access.sessionsValidAfter) throw failed();
    return principalOf(access, 'session', { sessionId: claims.jti });
  }

  logout(principal: Principal): Promise<void> {
    return principal.sessionId ? this.store.revoke(principal.sessionId) : Promise.resolve();
  }
}
