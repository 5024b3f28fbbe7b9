import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets that must stay usable (HMAC keys of API tokens and collection clients), so they can be
 * encrypted at rest rather than hashed. The key is SHA-256 of SECRETS_KEY; the stored form is `v1:<base64 iv|tag|ct>`.
 */
export class SecretCipher {
  private derivedKey: Buffer | undefined;

  /**
   * `secretsKey` as a function is read at first use, not here: a module built by a process that never encrypts
   * (the CLI builds the collection module) then runs without SECRETS_KEY.
   */
  constructor(private readonly secretsKey: string | (() => string)) {}

  private get key(): Buffer {
    if (!this.derivedKey) {
      const secret = typeof this.secretsKey === 'string' ? this.secretsKey : this.secretsKey();
      this.derivedKey = createHash('sha256').update(secret, 'utf8').digest();
    }
    return this.derivedKey;
  }

  /** Encrypts a UTF-8 secret into its stored form. */
  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: 16 });
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Decrypts a stored form; throws when it was tampered with or encrypted under another key. */
  decrypt(stored: string): string {
    const [version, payload] = stored.split(':', 2);
    if (version !== VERSION || payload === undefined) throw new Error('unknown secret format');
    const raw = Buffer.from(payload, 'base64');
    if (raw.length < 28) throw new Error('stored secret is truncated');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12), { authTagLength: 16 });
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
