import type { ListQuery, ListSpec } from '@app/platform';
import type { PermissionRecord, Role } from '../domain/role.js';
import type { User } from '../domain/user.js';
import type { AutoProvisionConfig, SamlProvider, SsoProvider } from '../domain/sso-provider.js';

export interface MinimalUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
}

/** What authentication needs to know about a user on every request. */
export interface UserAccess {
  id: string;
  principalName: string;
  isDisabled: boolean;
  ssoProviderId: number | null;
  secretExpiresAt: Date | null;
  /** Sessions issued at or before this instant are void (the user was disabled since). */
  sessionsValidAfter: Date | null;
  permissions: string[];
}

export interface StoredCredentials {
  userId: string;
  principalName: string;
  isDisabled: boolean;
  eulaAccepted: boolean;
  digest: string | null;
  expiresAt: Date | null;
}

export interface NewUser {
  principalName: string;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  ssoProviderId: number | null;
  isDisabled: boolean;
  roleIds: number[];
  secret: { digest: string; digestMethod: string; expiresAt: Date } | null;
}

/** The fields to change; binding the user to an SSO provider also removes their secret. */
export type UserPatch = Partial<Omit<NewUser, 'secret'>>;

export interface Page<T> {
  items: T[];
  count: number;
}

/** Users and their credentials. */
export abstract class UserStore {
  abstract list(query: ListQuery): Promise<Page<User>>;
  /** Live users that are not disabled, filtered and sorted by `spec` (the minimal listings differ in columns). */
  abstract listMinimal(spec: ListSpec, query: ListQuery): Promise<MinimalUser[]>;
  abstract findById(id: string): Promise<User | null>;
  abstract findByIds(ids: string[]): Promise<User[]>;
  abstract findAccess(id: string): Promise<UserAccess | null>;
  abstract findCredentials(principalName: string): Promise<StoredCredentials | null>;
  /** Creates the user; `onConflict: 'ignore'` returns null when the principal already exists. */
  abstract create(user: NewUser, onConflict?: 'fail' | 'ignore'): Promise<string | null>;
  abstract update(id: string, patch: UserPatch): Promise<void>;
  abstract softDelete(id: string): Promise<void>;
  /** Replaces the secret; `voidSessions` also ends every session issued so far (a reset by someone else). */
  abstract setSecret(
    id: string, secret: { digest: string; digestMethod: string; expiresAt: Date }, options?: { voidSessions?: boolean },
  ): Promise<void>;
  /** Sets the expiry of the user's secret (the user keeps it, but may only manage themselves until it is changed). */
  abstract expireSecret(id: string, at: Date): Promise<void>;
  abstract recordLogin(id: string): Promise<void>;
  abstract acceptEula(id: string): Promise<void>;
}

/** Built-in roles and their permissions. */
export abstract class RoleStore {
  abstract list(query: ListQuery): Promise<Role[]>;
  abstract find(id: number): Promise<Role | null>;
  /** The subset of `ids` that name existing roles. */
  abstract existing(ids: number[]): Promise<number[]>;
}

/** The seeded permissions (read-only). */
export abstract class PermissionStore {
  abstract list(query: ListQuery): Promise<PermissionRecord[]>;
  abstract find(id: number): Promise<PermissionRecord | null>;
}

export interface NewSamlProvider {
  name: string;
  displayName: string;
  idpIssuerUri: string;
  idpSsoUri: string;
  metadataXml: string;
  config: AutoProvisionConfig;
}

/** SSO provider configuration (the service makes no outbound request). */
export abstract class SsoProviderStore {
  abstract list(): Promise<SsoProvider[]>;
  abstract listSaml(): Promise<SamlProvider[]>;
  abstract find(id: number): Promise<SsoProvider | null>;
  abstract createOidc(input: { name: string; clientId: string; issuer: string; config: AutoProvisionConfig }): Promise<number>;
  abstract createSaml(input: NewSamlProvider): Promise<number>;
  /** Deletes the provider and unbinds its users; returns the ids of the users that were bound to it. */
  abstract delete(id: number): Promise<string[]>;
}

export interface SamlIdpMetadata {
  entityId: string;
  ssoUrl: string;
}

/** Reads an IdP's SAML metadata document (400 on anything unsafe or unusable). */
export abstract class SamlMetadataReader {
  abstract read(xml: string): SamlIdpMetadata;
}

/** One-way password hashing. */
export abstract class PasswordHasher {
  abstract readonly method: string;
  abstract hash(secret: string): Promise<string>;
  abstract verify(digest: string, secret: string): Promise<boolean>;
}

/** Hands a generated bootstrap password to the operator (once), and takes it back once it no longer logs in. */
export abstract class InitialPasswordNotice {
  abstract announce(principalName: string, password: string): void;
  /** This principal's password was changed: whatever announce left for them is stale (nothing for anyone else). */
  abstract withdraw(principalName: string): void;
}
