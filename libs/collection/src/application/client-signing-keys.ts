import { Injectable, Logger } from '@nestjs/common';
import {
  AppConfig, Clock, Permissions, type Principal, SecretCipher, type SigningKey, SigningKeyRegistry, SigningKeySource,
} from '@app/platform';
import { ClientStore } from './ports.js';

/**
 * The signing keys of collection clients: a live token of a live client signs requests as that client, whose only
 * permission is clients:Tasking. A deleted client's token is unknown (401), like a revoked one.
 */
@Injectable()
export class ClientSigningKeys extends SigningKeySource {
  private readonly cipher: SecretCipher;
  private readonly logger = new Logger('ClientSigningKeys');
  /** Tokens whose key could not be decrypted, so a client retrying every few seconds is logged once, not each time. */
  private readonly undecryptable = new Set<string>();

  constructor(private readonly store: ClientStore, private readonly clock: Clock, config: AppConfig, keys: SigningKeyRegistry) {
    super();
    // Read at first use: the CLI builds this module (ingest depends on it) and runs without SECRETS_KEY.
    this.cipher = new SecretCipher(() => config.secret('SECRETS_KEY'));
    keys.register(this);
  }

  async find(tokenId: string): Promise<SigningKey | null> {
    const stored = await this.store.findSigningKey(tokenId);
    if (!stored) return null;
    let key: string;
    try {
      key = this.cipher.decrypt(stored.encryptedKey);
    } catch {
      // Encrypted under another SECRETS_KEY (or damaged): unusable, so treated as unknown.
      if (!this.undecryptable.has(tokenId)) {
        this.undecryptable.add(tokenId);
        this.logger.error({ token_id: tokenId, client_id: stored.clientId }, 'client token key cannot be decrypted: was SECRETS_KEY changed?');
      }
      return null;
    }
    const principal: Principal = {
      userId: stored.clientId,
      via: 'client',
      clientId: stored.clientId,
      tokenId,
      ssoProviderId: null,
      permissions: new Set([Permissions.ClientsTasking]),
    };
    return {
      key,
      principal: async () => principal,
      touch: () => this.store.touchToken(tokenId, this.clock.now()),
      // Collectors send the same check-in and job-end bodies again within the hour (see SigningKey.repeatable).
      repeatable: true,
    };
  }
}
