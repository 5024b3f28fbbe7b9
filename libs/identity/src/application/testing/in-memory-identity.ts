import { randomUUID } from 'node:crypto';
import type { ListQuery, ListSpec } from '@app/platform';
import type { Role } from '../../domain/role.js';
import type { SamlProvider, SsoProvider } from '../../domain/sso-provider.js';
import type { User } from '../../domain/user.js';
import {
  InitialPasswordNotice, PasswordHasher, RoleStore, SsoProviderStore, UserStore, type MinimalUser, type NewSamlProvider,
  type NewUser, type Page, type StoredCredentials, type UserAccess, type UserPatch,
} from '../ports.js';

/** In-memory fakes of the identity ports for unit tests of the use cases (list filters are not interpreted). */
export class InMemoryRoles extends RoleStore {
  constructor(readonly roles: Role[] = [1, 2, 3].map((id) => ({
    id, name: `role-${id}`, description: '', permissions: [], createdAt: new Date(), updatedAt: new Date(), deletedAt: null,
  }))) {
    super();
  }
  async list(_query: ListQuery): Promise<Role[]> {
    return this.roles;
  }
  async find(id: number): Promise<Role | null> {
    return this.roles.find((r) => r.id === id) ?? null;
  }
  async existing(ids: number[]): Promise<number[]> {
    return ids.filter((id) => this.roles.some((r) => r.id === id));
  }
}

export class InMemoryUsers extends UserStore {
  readonly users = new Map<string, { user: User; digest: string | null }>();

  constructor(private readonly roles: InMemoryRoles) {
    super();
  }
  async list(_query: ListQuery): Promise<Page<User>> {
    const items = [...this.users.values()].map((u) => u.user);
    return { items, count: items.length };
  }
  async listMinimal(_spec: ListSpec, _query: ListQuery): Promise<MinimalUser[]> {
    return [...this.users.values()].map(({ user }) => ({ id: user.id, firstName: user.firstName, lastName: user.lastName, emailAddress: user.emailAddress }));
  }
  async findById(id: string): Promise<User | null> {
    return this.users.get(id)?.user ?? null;
  }
  async findByIds(ids: string[]): Promise<User[]> {
    return ids.flatMap((id) => this.users.get(id)?.user ?? []);
  }
  async findAccess(id: string): Promise<UserAccess | null> {
    const user = this.users.get(id)?.user;
    if (!user) return null;
    return {
      id, principalName: user.principalName, isDisabled: user.isDisabled, ssoProviderId: user.ssoProviderId,
      secretExpiresAt: user.authSecret?.expiresAt ?? null,
      sessionsValidAfter: null,
      permissions: user.roles.flatMap((r) => r.permissions.map((p) => `${p.authority}:${p.name}`)),
    };
  }
  async findCredentials(principalName: string): Promise<StoredCredentials | null> {
    const entry = [...this.users.values()].find((u) => u.user.principalName.toLowerCase() === principalName.toLowerCase());
    if (!entry) return null;
    const { user } = entry;
    return {
      userId: user.id, principalName: user.principalName, isDisabled: user.isDisabled, eulaAccepted: user.eulaAccepted,
      digest: entry.digest, expiresAt: user.authSecret?.expiresAt ?? null,
    };
  }
  async create(input: NewUser, onConflict: 'fail' | 'ignore' = 'fail'): Promise<string | null> {
    if (await this.findCredentials(input.principalName)) {
      if (onConflict === 'ignore') return null;
      throw new Error('principal name must be unique');
    }
    const id = randomUUID();
    const now = new Date();
    this.users.set(id, {
      digest: input.secret?.digest ?? null,
      user: {
        id, principalName: input.principalName, firstName: input.firstName, lastName: input.lastName,
        emailAddress: input.emailAddress, ssoProviderId: input.ssoProviderId, samlProviderId: null,
        isDisabled: input.isDisabled, eulaAccepted: false, lastLogin: null,
        authSecret: input.secret && { id: 1, digestMethod: input.secret.digestMethod, expiresAt: input.secret.expiresAt, totpActivated: false, createdAt: now, updatedAt: now },
        roles: this.roles.roles.filter((r) => input.roleIds.includes(r.id)),
        createdAt: now, updatedAt: now, deletedAt: null,
      },
    });
    return id;
  }
  async update(id: string, patch: UserPatch): Promise<void> {
    const entry = this.users.get(id)!;
    const { roleIds, ...fields } = patch;
    Object.assign(entry.user, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
    if (roleIds) entry.user.roles = this.roles.roles.filter((r) => roleIds.includes(r.id));
    if (typeof patch.ssoProviderId === 'number') {
      entry.digest = null;
      entry.user.authSecret = null;
    }
  }
  async softDelete(id: string): Promise<void> {
    this.users.delete(id);
  }
  async setSecret(id: string, secret: { digest: string; digestMethod: string; expiresAt: Date }): Promise<void> {
    const entry = this.users.get(id)!;
    entry.digest = secret.digest;
    const now = new Date();
    entry.user.authSecret = { id: 1, digestMethod: secret.digestMethod, expiresAt: secret.expiresAt, totpActivated: false, createdAt: now, updatedAt: now };
  }
  async expireSecret(id: string, at: Date): Promise<void> {
    const secret = this.users.get(id)!.user.authSecret;
    if (secret) secret.expiresAt = at;
  }
  async recordLogin(id: string): Promise<void> {
    this.users.get(id)!.user.lastLogin = new Date();
  }
  async acceptEula(id: string): Promise<void> {
    this.users.get(id)!.user.eulaAccepted = true;
  }
}

export class InMemorySsoProviders extends SsoProviderStore {
  readonly providers: SsoProvider[] = [];
  async list(): Promise<SsoProvider[]> {
    return this.providers;
  }
  async listSaml(): Promise<SamlProvider[]> {
    return this.providers.filter((p) => p.type === 'SAML').map((p) => p.details as SamlProvider);
  }
  async find(id: number): Promise<SsoProvider | null> {
    return this.providers.find((p) => p.id === id) ?? null;
  }
  async createOidc(): Promise<number> {
    throw new Error('not used by these tests');
  }
  async createSaml(_input: NewSamlProvider): Promise<number> {
    throw new Error('not used by these tests');
  }
  async delete(id: number): Promise<string[]> {
    this.providers.splice(this.providers.findIndex((p) => p.id === id), 1);
    return [];
  }
}

/** Reversible "hash" so tests run fast; never used outside tests. */
export class PlainTextHasher extends PasswordHasher {
  readonly method = 'plain';
  async hash(secret: string): Promise<string> {
    return `plain:${secret}`;
  }
  async verify(digest: string, secret: string): Promise<boolean> {
    return digest === `plain:${secret}`;
  }
}

/** Records what the use cases announce and withdraw. */
export class RecordedPasswordNotices extends InitialPasswordNotice {
  readonly announced: string[] = [];
  readonly withdrawn: string[] = [];
  announce(principalName: string): void {
    this.announced.push(principalName);
  }
  withdraw(principalName: string): void {
    this.withdrawn.push(principalName);
  }
}
