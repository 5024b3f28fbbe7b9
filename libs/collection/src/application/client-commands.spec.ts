import { beforeEach, describe, expect, it } from '@jest/globals';
import { ApiError, Clock, loadConfig, SecretCipher, type ListQuery } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import type { Client, ClientToken } from '../domain/records.js';
import { ClientCommands, type ClientDraft } from './client-commands.js';
import { CollectionErrors } from './collection-errors.js';
import { ClientStore, type CheckIn, type ClientPatch, type NewClient, type Page } from './ports.js';

const SECRETS_KEY = 's'.repeat(32);
const AT = new Date('2025-01-02T03:04:05.678Z');

/** Clients in memory, with encrypted keys kept per token; names unique among live clients, case-insensitively. */
class InMemoryClients extends ClientStore {
  readonly rows = new Map<string, Client>();
  readonly keys = new Map<string, { clientId: string; encryptedKey: string; live: boolean }>();
  readonly touched: { tokenId: string; at: Date }[] = [];
  private serial = 0;

  private nextId(): string {
    this.serial += 1;
    return `00000000-0000-4000-8000-${String(this.serial).padStart(12, '0')}`;
  }

  private token(clientId: string, encryptedKey: string): ClientToken {
    const id = this.nextId();
    this.keys.set(id, { clientId, encryptedKey, live: true });
    return { id, hmacMethod: 'hmac-sha2-256', lastAccess: null, createdAt: AT, updatedAt: AT, deletedAt: null };
  }

  private checkUnique(name: string, except?: string): void {
    for (const row of this.rows.values()) {
      if (row.id !== except && row.deletedAt === null && row.name.toLowerCase() === name.toLowerCase()) {
        throw ApiError.conflict(CollectionErrors.clientNameUnique);
      }
    }
  }

  async create(input: NewClient): Promise<Client> {
    this.checkUnique(input.name);
    const id = this.nextId();
    const client: Client = {
      id, name: input.name, type: input.type, ipAddress: '', hostname: '', configuredUser: '', version: '', userSid: null,
      domainController: input.domainController, issuerAddress: input.issuerAddress,
      issuerAddressOverride: input.issuerAddressOverride, lastCheckin: null, createdAt: AT, updatedAt: AT, deletedAt: null,
      currentJobId: null, currentTaskId: null, completedJobCount: 0, completedTaskCount: 0,
      token: this.token(id, input.encryptedKey),
    };
    this.rows.set(id, client);
    return client;
  }

  async list(_query: ListQuery): Promise<Page<Client>> {
    const items = [...this.rows.values()].filter((row) => row.deletedAt === null);
    return { items, count: items.length };
  }

  async find(id: string): Promise<Client | null> {
    const row = this.rows.get(id);
    return row && row.deletedAt === null ? row : null;
  }

  async update(id: string, patch: ClientPatch): Promise<Client | null> {
    const row = await this.find(id);
    if (!row) return null;
    if (patch.name !== undefined) this.checkUnique(patch.name, id);
    Object.assign(row, patch);
    return row;
  }

  async softDelete(id: string, _at: Date): Promise<boolean> {
    const row = await this.find(id);
    if (!row) return false;
    row.deletedAt = AT;
    for (const key of this.keys.values()) if (key.clientId === id) key.live = false;
    return true;
  }

  async rotateToken(id: string, encryptedKey: string): Promise<ClientToken | null> {
    const row = await this.find(id);
    if (!row) return null;
    for (const key of this.keys.values()) if (key.clientId === id) key.live = false;
    row.token = this.token(id, encryptedKey);
    return row.token;
  }

  async findSigningKey(tokenId: string): Promise<{ clientId: string; encryptedKey: string } | null> {
    const key = this.keys.get(tokenId);
    if (!key?.live || !(await this.find(key.clientId))) return null;
    return { clientId: key.clientId, encryptedKey: key.encryptedKey };
  }

  async touchToken(tokenId: string, at: Date): Promise<void> {
    this.touched.push({ tokenId, at });
  }

  async checkIn(id: string, report: CheckIn, at: Date): Promise<Client | null> {
    const row = await this.find(id);
    if (!row) return null;
    Object.assign(row, Object.fromEntries(Object.entries(report).filter(([, value]) => value !== undefined)), { lastCheckin: at });
    return row;
  }
}

const testConfig = (secretsKey = SECRETS_KEY) =>
  loadConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: 'j'.repeat(32), SECRETS_KEY: secretsKey });

const draft = (fields: Partial<ClientDraft> = {}) =>
  ({ name: 'collector-1', type: 'sharphound', domainController: undefined, ...fields });

async function badRequest(promise: Promise<unknown>): Promise<readonly string[]> {
  const error = await apiErrorOf(promise);
  expect(error.status).toBe(400);
  return error.messages;
}

describe('ClientCommands', () => {
  let store: InMemoryClients;
  let commands: ClientCommands;

  beforeEach(() => {
    store = new InMemoryClients();
    commands = new ClientCommands(store, testConfig(), new Clock());
  });

  it('is built without SECRETS_KEY (the CLI builds this module), and names it when a key is to be encrypted', async () => {
    const unkeyed = new ClientCommands(store, loadConfig({ DATABASE_URL: 'postgres://h/db' }), new Clock());
    await expect(unkeyed.create(draft())).rejects.toThrow(/^SECRETS_KEY must be set when DATABASE_URL is set/);
  });

  it('creates a client with a 40-byte base64 key, stored only encrypted under SECRETS_KEY', async () => {
    const { value, key } = await commands.create(draft({ name: '  collector-1  ', domainController: ' dc01.corp.local ' }));
    expect([value.name, value.type, value.domainController]).toEqual(['collector-1', 'sharphound', 'dc01.corp.local']);
    expect(Buffer.from(key, 'base64')).toHaveLength(40);
    const stored = store.keys.get(value.token!.id)!;
    expect(stored.encryptedKey).not.toContain(key);
    expect(new SecretCipher(SECRETS_KEY).decrypt(stored.encryptedKey)).toBe(key);
  });

  it('gives every client a different key', async () => {
    const a = await commands.create(draft({ name: 'a' }));
    const b = await commands.create(draft({ name: 'b' }));
    expect(a.key).not.toBe(b.key);
  });

  it('reads an absent, null or blank domain_controller as none', async () => {
    for (const [name, domainController] of [['a', undefined], ['b', null], ['c', '   ']] as const) {
      expect((await commands.create(draft({ name, domainController }))).value.domainController).toBeNull();
    }
  });

  it('keeps issuer addresses trimmed, blank or null as none; an update changes only those given', async () => {
    const { value } = await commands.create(draft({ issuerAddress: ' https://issuer.example.com ', issuerAddressOverride: '  ' }));
    expect([value.issuerAddress, value.issuerAddressOverride]).toEqual(['https://issuer.example.com', null]);
    const updated = await commands.update(value.id, { issuerAddressOverride: 'https://override.example.com' });
    expect([updated.issuerAddress, updated.issuerAddressOverride]).toEqual(['https://issuer.example.com', 'https://override.example.com']);
    const cleared = await commands.update(value.id, { issuerAddress: null });
    expect([cleared.issuerAddress, cleared.issuerAddressOverride]).toEqual([null, 'https://override.example.com']);
  });

  it.each([
    ['a missing name', { name: undefined }, CollectionErrors.clientNameRequired],
    ['a blank name', { name: ' \t ' }, CollectionErrors.clientNameRequired],
    ['a name over 250 characters', { name: 'n'.repeat(251) }, CollectionErrors.clientNameTooLong],
    ['a name with NUL', { name: 'a\0b' }, CollectionErrors.clientNameNul],
    ['a missing type', { type: undefined }, CollectionErrors.clientTypeInvalid],
    ['an unknown type', { type: 'openhound' }, CollectionErrors.clientTypeInvalid],
    ['a type in another case', { type: 'SharpHound' }, CollectionErrors.clientTypeInvalid],
    ['a domain_controller over 255 characters', { domainController: 'd'.repeat(256) }, CollectionErrors.domainControllerTooLong],
    ['a domain_controller with NUL', { domainController: 'dc\0' }, CollectionErrors.domainControllerNul],
    ['an issuer_address over 2048 characters', { issuerAddress: 'a'.repeat(2049) }, CollectionErrors.fieldTooLong('issuer_address', 2048)],
    ['an issuer_address_override with NUL', { issuerAddressOverride: 'x\0' }, CollectionErrors.fieldNul('issuer_address_override')],
  ])('refuses %s', async (_case, fields, message) => {
    expect(await badRequest(commands.create({ ...draft(), ...fields }))).toEqual([message]);
    expect(store.rows.size).toBe(0);
  });

  it('accepts a name of exactly 250 characters, counted as characters rather than UTF-16 units', async () => {
    await expect(commands.create(draft({ name: 'n'.repeat(250) }))).resolves.toBeDefined();
    await expect(commands.create(draft({ name: '🦴'.repeat(250), type: 'azurehound' }))).resolves.toBeDefined();
  });

  it('checks the name before the type', async () => {
    expect(await badRequest(commands.create({ name: '', type: 'x', domainController: undefined }))).toEqual([CollectionErrors.clientNameRequired]);
  });

  it('updates only the fields given, with the same checks', async () => {
    const { value } = await commands.create(draft({ domainController: 'dc01' }));
    expect((await commands.update(value.id, { name: ' renamed ' })).domainController).toBe('dc01');
    expect((await commands.update(value.id, { domainController: null })).name).toBe('renamed');
    expect((await commands.update(value.id, {})).name).toBe('renamed');
    expect(await badRequest(commands.update(value.id, { name: '' }))).toEqual([CollectionErrors.clientNameRequired]);
  });

  it('answers 404 for updating, deleting or rotating an unknown or deleted client', async () => {
    const { value } = await commands.create(draft());
    await commands.delete(value.id);
    for (const attempt of [commands.update(value.id, { name: 'x' }), commands.delete(value.id), commands.rotateToken(value.id)]) {
      expect((await apiErrorOf(attempt)).status).toBe(404);
    }
  });

  it('rotates the token: a new key, and the old token is no longer live', async () => {
    const created = await commands.create(draft());
    const oldTokenId = created.value.token!.id;
    const rotated = await commands.rotateToken(created.value.id);
    expect(rotated.key).not.toBe(created.key);
    expect(rotated.value.clientName).toBe('collector-1');
    expect(rotated.value.token.id).not.toBe(oldTokenId);
    expect(await store.findSigningKey(oldTokenId)).toBeNull();
    expect(new SecretCipher(SECRETS_KEY).decrypt((await store.findSigningKey(rotated.value.token.id))!.encryptedKey)).toBe(rotated.key);
  });
});
