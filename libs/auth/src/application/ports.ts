import type { ListQuery, Principal } from '@app/platform';

/** Stored login sessions (the JWT's `jti`), so logout and disabling a user take effect at once. */
export abstract class SessionStore {
  abstract create(userId: string, expiresAt: Date): Promise<string>;
  /** When the session was issued, if it is live (not revoked or expired); null otherwise. */
  abstract issuedAt(sessionId: string, userId: string): Promise<Date | null>;
  abstract revoke(sessionId: string): Promise<void>;
}

export interface ApiToken {
  id: string;
  userId: string;
  name: string;
  hmacMethod: string;
  lastAccess: Date | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** API tokens; the key is stored encrypted and only decrypted for signature checks. */
export abstract class ApiTokenStore {
  abstract create(input: { userId: string; name: string; encryptedKey: string }): Promise<ApiToken>;
  abstract list(query: ListQuery, ownerId?: string): Promise<ApiToken[]>;
  abstract find(id: string): Promise<ApiToken | null>;
  abstract findEncryptedKey(id: string): Promise<{ userId: string; encryptedKey: string } | null>;
  abstract softDelete(id: string): Promise<void>;
  abstract touch(id: string): Promise<void>;
}

/** Remembers signatures of non-GET requests for the skew window, to refuse replays. */
export abstract class SignatureReplayStore {
  /** Records the signature; false when it was already used. */
  abstract remember(signature: string, expiresAt: Date): Promise<boolean>;
}

/** Signing keys are a platform port: features that issue keys (API tokens here, collection clients) register a source. */
export { SigningKeySource, type SigningKey } from '@app/platform';
