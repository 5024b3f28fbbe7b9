import { describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Clock, loadConfig, SecretCipher, SigningKeyRegistry } from '@app/platform';
import { ClientSigningKeys } from './client-signing-keys.js';
import type { ClientStore } from './ports.js';

const CLIENT = '6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01';
const TOKEN = '0b3f6c1e-6a47-4c0e-9a7e-2f0f4b6f1a11';
const NOW = new Date('2025-03-04T05:06:07.089Z');

const config = (secretsKey: string) => loadConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: 'j'.repeat(32), SECRETS_KEY: secretsKey });

/** The two store calls signing keys make: the encrypted key of a live token, and touching it. */
function storeWith(encryptedKey: string | null) {
  const touched: [string, Date][] = [];
  const lookups: string[] = [];
  const store = {
    findSigningKey: async (id: string) => {
      lookups.push(id);
      return encryptedKey === null ? null : { clientId: CLIENT, encryptedKey };
    },
    touchToken: async (id: string, at: Date) => void touched.push([id, at]),
  } as unknown as ClientStore;
  return { store, touched, lookups };
}

const fixedClock = { now: () => NOW } as Clock;

describe('ClientSigningKeys', () => {
  it('is built without SECRETS_KEY (the CLI builds this module)', () => {
    const registry = new SigningKeyRegistry();
    const keys = new ClientSigningKeys(storeWith(null).store, fixedClock, loadConfig({ DATABASE_URL: 'postgres://h/db' }), registry);
    expect(registry.sources).toEqual([keys]);
  });

  it('registers itself with the signing-key registry', () => {
    const registry = new SigningKeyRegistry();
    const keys = new ClientSigningKeys(storeWith(null).store, fixedClock, config('k'.repeat(32)), registry);
    expect(registry.sources).toEqual([keys]);
  });

  it('answers the decrypted key, a client principal holding only clients:Tasking, and touches with the clock', async () => {
    const { store, touched } = storeWith(new SecretCipher('k'.repeat(32)).encrypt('the-key'));
    const keys = new ClientSigningKeys(store, fixedClock, config('k'.repeat(32)), new SigningKeyRegistry());
    const found = (await keys.find(TOKEN))!;
    expect(found.key).toBe('the-key');
    expect(await found.principal()).toEqual({
      userId: CLIENT, via: 'client', clientId: CLIENT, tokenId: TOKEN, ssoProviderId: null, permissions: new Set(['clients:Tasking']),
    });
    await found.touch();
    expect(touched).toEqual([[TOKEN, NOW]]);
  });

  it('answers null for a token the store does not know (revoked, or its client deleted)', async () => {
    const keys = new ClientSigningKeys(storeWith(null).store, fixedClock, config('k'.repeat(32)), new SigningKeyRegistry());
    expect(await keys.find(TOKEN)).toBeNull();
  });

  it('treats a key encrypted under another SECRETS_KEY as unknown, and logs it once per token', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const { store } = storeWith(new SecretCipher('other'.repeat(8)).encrypt('the-key'));
      const keys = new ClientSigningKeys(store, fixedClock, config('k'.repeat(32)), new SigningKeyRegistry());
      expect(await keys.find(TOKEN)).toBeNull();
      expect(await keys.find(TOKEN)).toBeNull();
      expect(error).toHaveBeenCalledTimes(1);
      expect(JSON.stringify(error.mock.calls[0])).not.toContain('the-key');
    } finally {
      error.mockRestore();
    }
  });
});
