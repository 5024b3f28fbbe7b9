import { SigningKeyRegistry } from '@app/platform';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { loadConfig, type ListQuery, type Principal } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import type { CredentialCheck, UserAccess } from '@app/identity';
import { ApiTokens } from './api-tokens.js';
import { ApiTokenStore, type ApiToken } from './ports.js';

const OWNER = '6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01';
const OTHER = '0b3f6c1e-6a47-4c0e-9a7e-2f0f4b6f1a11';

class InMemoryTokens extends ApiTokenStore {
  readonly rows = new Map<string, ApiToken & { encryptedKey: string }>();
  async create(input: { userId: string; name: string; encryptedKey: string }): Promise<ApiToken> {
    const now = new Date();
    const row = { id: `00000000-0000-4000-8000-00000000000${this.rows.size}`, userId: input.userId, name: input.name,
      hmacMethod: 'hmac-sha2-256', lastAccess: null, createdAt: now, updatedAt: now, deletedAt: null, encryptedKey: input.encryptedKey };
    this.rows.set(row.id, row);
    return row;
  }
  async list(_query: ListQuery, ownerId?: string): Promise<ApiToken[]> {
    return [...this.rows.values()].filter((t) => !ownerId || t.userId === ownerId);
  }
  async find(id: string): Promise<ApiToken | null> {
    return this.rows.get(id) ?? null;
  }
  async findEncryptedKey(id: string) {
    const row = this.rows.get(id);
    return row ? { userId: row.userId, encryptedKey: row.encryptedKey } : null;
  }
  async softDelete(id: string): Promise<void> {
    this.rows.delete(id);
  }
  async touch(): Promise<void> {}
}

function principal(userId: string, permissions: string[]): Principal {
  return { userId, via: 'session', ssoProviderId: null, permissions: new Set(permissions) };
}

describe('ApiTokens', () => {
  let store: InMemoryTokens;
  let tokens: ApiTokens;
  const owner = principal(OWNER, ['auth:CreateToken']);

  const tokensWith = (secretsKey: string) => {
    const access = (id: string): UserAccess => ({
      id, principalName: id, isDisabled: false, ssoProviderId: null, secretExpiresAt: null, sessionsValidAfter: null, permissions: [],
    });
    const credentials = { access: async (id: string) => access(id) } as unknown as CredentialCheck;
    return new ApiTokens(store, credentials, loadConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: 'j'.repeat(32), SECRETS_KEY: secretsKey }), new SigningKeyRegistry());
  };

  beforeEach(() => {
    store = new InMemoryTokens();
    tokens = tokensWith('k'.repeat(32));
  });

  it('returns a 40-byte base64 key once and stores only its encryption', async () => {
    const { token, key } = await tokens.create(owner, 'ci');
    expect(Buffer.from(key, 'base64')).toHaveLength(40);
    expect(store.rows.get(token.id)!.encryptedKey).not.toContain(key);
    expect((await tokens.find(token.id))!.key).toBe(key);
  });

  it('refuses tokens for another user without auth:ManageUsers', async () => {
    const error = await apiErrorOf(tokens.create(owner, 'x', OTHER));
    expect([error.status, error.messages]).toEqual([403, ['missing permission to create tokens for other users']]);
    await expect(tokens.create(principal(OWNER, ['auth:ManageUsers']), 'x', OTHER)).resolves.toBeDefined();
  });

  it("lists only the caller's own tokens without auth:ManageUsers", async () => {
    await tokens.create(owner, 'mine');
    await tokens.create(principal(OTHER, []), 'theirs');
    expect((await tokens.list(owner, { filters: [], sort: [], skip: 0, limit: 100 })).map((t) => t.name)).toEqual(['mine']);
  });

  it("refuses deleting another user's token, and answers 404 for an unknown one", async () => {
    const { token } = await tokens.create(principal(OTHER, []), 'theirs');
    expect((await apiErrorOf(tokens.delete(owner, token.id))).status).toBe(403);
    expect((await apiErrorOf(tokens.delete(owner, '00000000-0000-4000-8000-0000000000ff'))).status).toBe(404);
  });

  it('treats a key encrypted under another SECRETS_KEY as an unknown token', async () => {
    const { token } = await tokens.create(owner, 'ci');
    expect(await tokensWith('z'.repeat(32)).find(token.id)).toBeNull();
  });
});
