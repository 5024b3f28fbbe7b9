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

/** A key a signed request may name in `Authorization: bhesignature <id>`. */
export interface SigningKey {
  key: string;
  /** The caller the key stands for; 'disabled' when its owner is disabled. */
  principal(): Promise<Principal | 'disabled'>;
  /** Records use (last_access). */
  touch(): Promise<void>;
}

/**
 * Where signed-request keys come from: API tokens now, collection clients later. The sources are listed in
 * AuthModule's SIGNING_KEY_SOURCES factory and asked in turn; a new source is added there.
 */
export abstract class SigningKeySource {
  abstract find(id: string): Promise<SigningKey | null>;
}
