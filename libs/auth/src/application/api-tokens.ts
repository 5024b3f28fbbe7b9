import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import {
  ApiError, AppConfig, type ListQuery, Permissions, type Principal, SecretCipher, SigningKeyRegistry,
} from '@app/platform';
import { CredentialCheck } from '@app/identity';
import { AuthErrors } from './auth-errors.js';
import { ApiTokenStore, SigningKeySource, type ApiToken, type SigningKey } from './ports.js';
import { principalOf } from './principals.js';

/** API tokens: HMAC keys shown once at creation, encrypted at rest, usable for signed requests. */
@Injectable()
export class ApiTokens extends SigningKeySource {
  private readonly cipher: SecretCipher;
  private readonly logger = new Logger('ApiTokens');

  constructor(
    private readonly store: ApiTokenStore, private readonly credentials: CredentialCheck, config: AppConfig, keys: SigningKeyRegistry,
  ) {
    super();
    this.cipher = new SecretCipher(config.secret('SECRETS_KEY'));
    keys.register(this);
  }

  /** Creates a token for the caller (or, with auth:ManageUsers, for another user); the key is in the answer only. */
  async create(actor: Principal, name: string, userId = actor.userId): Promise<{ token: ApiToken; key: string }> {
    if (userId !== actor.userId && !actor.permissions.has(Permissions.AuthManageUsers)) {
      throw ApiError.forbidden(AuthErrors.tokensForOthers);
    }
    if (!(await this.credentials.access(userId))) throw ApiError.notFound();
    const key = randomBytes(40).toString('base64');
    const token = await this.store.create({ userId, name, encryptedKey: this.cipher.encrypt(key) });
    return { token, key };
  }

  /** Without auth:ManageUsers a caller sees only their own tokens. */
  list(actor: Principal, query: ListQuery): Promise<ApiToken[]> {
    const everyone = actor.permissions.has(Permissions.AuthManageUsers);
    return this.store.list(query, everyone ? undefined : actor.userId);
  }

  async delete(actor: Principal, id: string): Promise<void> {
    const token = await this.store.find(id);
    if (!token) throw ApiError.notFound();
    if (token.userId !== actor.userId && !actor.permissions.has(Permissions.AuthManageUsers)) {
      throw ApiError.forbidden(AuthErrors.deleteOthersToken);
    }
    await this.store.softDelete(id);
  }

  async find(id: string): Promise<SigningKey | null> {
    const stored = await this.store.findEncryptedKey(id);
    if (!stored) return null;
    // A token whose owner was deleted is as good as deleted.
    const access = await this.credentials.access(stored.userId);
    if (!access) return null;
    let key: string;
    try {
      key = this.cipher.decrypt(stored.encryptedKey);
    } catch {
      // Encrypted under another SECRETS_KEY (or damaged): unusable, so treated as unknown, and said once in the log.
      this.logger.error({ token_id: id }, 'API token key cannot be decrypted: was SECRETS_KEY changed?');
      return null;
    }
    return {
      key,
      principal: async () => (access.isDisabled ? 'disabled' : principalOf(access, 'token', { tokenId: id })),
      touch: () => this.store.touch(id),
    };
  }
}
