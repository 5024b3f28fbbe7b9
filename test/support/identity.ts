import { expect } from '@jest/globals';
import type { Response } from 'supertest';
import { ADMIN_PASSWORD, errorMessage, login, type TestApp } from './test-app.js';

/** An RFC 3339 UTC timestamp as the service writes it. */
export const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ZERO_TIME = '0001-01-01T00:00:00Z';
/** The NullTime of a missing value. */
export const NULL_TIME = { time: ZERO_TIME, valid: false };
/** The user-chosen secret every helper-made user gets. */
export const USER_SECRET = 'User-Secret-123!';

/** Role ids of the seed (compat part 2 §6.3). */
export const Roles = { Administrator: 1, User: 2, ReadOnly: 3, UploadOnly: 4, PowerUser: 5, Auditor: 6 } as const;

/** A caller of the API: requests under /api/v2 with the caller's bearer token (none for an anonymous caller). */
export class Caller {
  constructor(private readonly t: TestApp, readonly token?: string) {}

  get(path: string) {
    return this.auth(this.t.http().get(`/api/v2${path}`));
  }
  post(path: string, body?: unknown) {
    return this.send(this.auth(this.t.http().post(`/api/v2${path}`)), body);
  }
  patch(path: string, body?: unknown) {
    return this.send(this.auth(this.t.http().patch(`/api/v2${path}`)), body);
  }
  put(path: string, body?: unknown) {
    return this.send(this.auth(this.t.http().put(`/api/v2${path}`)), body);
  }
  delete(path: string) {
    return this.auth(this.t.http().delete(`/api/v2${path}`));
  }
  /** A request with a raw body of the given content type (malformed JSON, text, ...). */
  raw(method: 'post' | 'patch' | 'put', path: string, body: string, type = 'application/json') {
    return this.auth(this.t.http()[method](`/api/v2${path}`)).set('Content-Type', type).send(body);
  }

  private auth<T extends { set(name: string, value: string): T }>(req: T): T {
    return this.token === undefined ? req : req.set('Authorization', `Bearer ${this.token}`);
  }

  private send<T extends { send(body: string | object): T }>(req: T, body: unknown): T {
    return body === undefined ? req : req.send(body as object);
  }
}

/** The bootstrap administrator's caller. */
export async function adminCaller(t: TestApp): Promise<Caller> {
  return new Caller(t, await login(t, 'admin', ADMIN_PASSWORD));
}

/** The caller's user id (from GET /self). */
export async function selfId(caller: Caller): Promise<string> {
  const res = await caller.get('/self');
  expect(res.status).toBe(200);
  return res.body.data.id as string;
}

let counter = 0;
/** A principal name no other helper call returns. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

export interface UserFields {
  principal?: string;
  first_name?: string;
  last_name?: string;
  email_address?: string;
  roles?: number[];
  secret?: string;
  needs_password_reset?: boolean;
  sso_provider_id?: number | null;
  is_disabled?: boolean;
}

/** Creates a user through POST /bloodhound-users (201 asserted) and returns the wire User. */
export async function createUser(admin: Caller, fields: UserFields = {}): Promise<WireUser> {
  const res = await admin.post('/bloodhound-users', { principal: uniqueName(), ...fields });
  if (res.status !== 201) throw new Error(`create user: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as WireUser;
}

/** Creates a user with a role and a secret, logs them in, and returns the user and their caller. */
export async function userSession(t: TestApp, admin: Caller, roleId: number, fields: UserFields = {}) {
  const user = await createUser(admin, { roles: [roleId], secret: USER_SECRET, ...fields });
  return { user, caller: new Caller(t, await login(t, user.principal_name, fields.secret ?? USER_SECRET)) };
}

/** A login attempt, whatever its outcome. */
/** The callers the user-administration suites share: the admin, an auditor (auth:ReadUsers) and a plain user. */
export interface UserAdminCallers {
  admin: Caller;
  adminId: string;
  auditor: Caller;
  plainUser: { user: WireUser; caller: Caller };
}

export async function userAdminCallers(t: TestApp): Promise<UserAdminCallers> {
  const admin = await adminCaller(t);
  return {
    admin,
    adminId: await selfId(admin),
    auditor: (await userSession(t, admin, Roles.Auditor)).caller,
    plainUser: await userSession(t, admin, Roles.User),
  };
}

export function attemptLogin(t: TestApp, username: string, secret: string) {
  return t.http().post('/api/v2/login').send({ login_method: 'secret', username, secret });
}

/** Every message of an error answer (the body and RequestID header asserted by errorMessage). */
export function errorMessages(res: Response, status: number): string[] {
  errorMessage(res, status);
  return (res.body as { errors: { message: string }[] }).errors.map((e) => e.message);
}

export interface WireUser {
  id: string;
  principal_name: string;
  [field: string]: unknown;
}

/** Every field of a wire Permission (spec §2.2). */
export function permissionShape(id: number, permission: string) {
  const [authority, name] = permission.split(':');
  return {
    id,
    created_at: expect.stringMatching(RFC3339),
    updated_at: expect.stringMatching(RFC3339),
    deleted_at: NULL_TIME,
    authority,
    name,
  };
}

/** Permission ids of the seed (the reference's insert order). */
export const PERMISSION_IDS: Readonly<Record<string, number>> = {
  'app:ReadAppConfig': 1, 'app:WriteAppConfig': 2, 'risks:GenerateReport': 3, 'risks:ManageRisks': 4,
  'auth:CreateToken': 5, 'auth:ManageProviders': 7, 'auth:ManageSelf': 8, 'auth:ManageUsers': 9,
  'clients:Manage': 10, 'clients:Tasking': 11, 'collection:ManageJobs': 12, 'graphdb:Read': 13, 'graphdb:Write': 14,
  'saved_queries:Read': 15, 'saved_queries:Write': 16, 'clients:Read': 17, 'db:Wipe': 18, 'graphdb:Mutate': 19,
  'graphdb:Ingest': 20, 'auth:ReadUsers': 21, 'audit_log:Read': 22, 'collection:ReadJobs': 23, 'opengraph:Read': 24,
  'opengraph:Write': 25, 'auth:ReadUsersMinimal': 27, 'auth:AcceptEULA': 30,
};

/** Every field of a wire Role with exactly these permissions, ordered by permission id. */
export function roleShape(id: number, name: string, description: string, permissions: readonly string[]) {
  const sorted = [...permissions].sort((a, b) => PERMISSION_IDS[a] - PERMISSION_IDS[b]);
  return {
    id,
    created_at: expect.stringMatching(RFC3339),
    updated_at: expect.stringMatching(RFC3339),
    deleted_at: NULL_TIME,
    name,
    description,
    permissions: sorted.map((p) => permissionShape(PERMISSION_IDS[p], p)),
  };
}

/** The Upload-Only role as the seed defines it (compat part 2 §6.3, after the later migrations). */
export const UPLOAD_ONLY_ROLE = roleShape(
  4, 'Upload-Only', 'Used for data collection clients, can post data but cannot read data',
  ['clients:Tasking', 'graphdb:Ingest'],
);

const ALL_PERMISSIONS = [
  'app:ReadAppConfig', 'app:WriteAppConfig', 'risks:GenerateReport', 'risks:ManageRisks', 'auth:CreateToken',
  'auth:ManageProviders', 'auth:ManageSelf', 'auth:ManageUsers', 'clients:Manage', 'clients:Tasking',
  'collection:ManageJobs', 'graphdb:Read', 'graphdb:Write', 'saved_queries:Read', 'saved_queries:Write', 'clients:Read',
  'db:Wipe', 'graphdb:Mutate', 'graphdb:Ingest', 'auth:ReadUsers', 'audit_log:Read', 'collection:ReadJobs',
  'opengraph:Read', 'opengraph:Write', 'auth:ReadUsersMinimal', 'auth:AcceptEULA',
];

/** The six built-in roles (compat part 2 §6.3 with the later migrations; Auditor as seeded). */
export const SEEDED_ROLES = [
  roleShape(1, 'Administrator', 'Can manage users, clients, and application configuration', ALL_PERMISSIONS),
  roleShape(2, 'User', 'Can read data, modify asset group memberships', [
    'app:ReadAppConfig', 'risks:GenerateReport', 'auth:CreateToken', 'auth:ManageSelf', 'clients:Read',
    'saved_queries:Read', 'saved_queries:Write', 'graphdb:Read', 'auth:ReadUsersMinimal', 'opengraph:Read',
  ]),
  roleShape(3, 'Read-Only', 'Used for integrations', [
    'app:ReadAppConfig', 'risks:GenerateReport', 'auth:ManageSelf', 'auth:CreateToken', 'saved_queries:Read',
    'graphdb:Read', 'auth:ReadUsersMinimal', 'opengraph:Read',
  ]),
  UPLOAD_ONLY_ROLE,
  roleShape(5, 'Power User', 'Can upload data, manage clients, and perform any action a User can', [
    'app:ReadAppConfig', 'app:WriteAppConfig', 'risks:GenerateReport', 'risks:ManageRisks', 'auth:CreateToken',
    'auth:ManageSelf', 'clients:Manage', 'clients:Read', 'clients:Tasking', 'collection:ManageJobs', 'graphdb:Write',
    'graphdb:Read', 'graphdb:Mutate', 'graphdb:Ingest', 'saved_queries:Read', 'saved_queries:Write',
    'auth:ReadUsersMinimal', 'opengraph:Read',
  ]),
  roleShape(6, 'Auditor', 'Can read data and audit logs', [
    'app:ReadAppConfig', 'risks:GenerateReport', 'audit_log:Read', 'auth:CreateToken', 'auth:ManageSelf',
    'auth:ReadUsers', 'auth:ReadUsersMinimal', 'graphdb:Read', 'saved_queries:Read', 'clients:Read',
    'collection:ReadJobs', 'opengraph:Read',
  ]),
];

/** Minimal IdP metadata with a redirect binding. */
export function samlMetadata(entityId = 'https://idp.example.com/entity', location = 'https://idp.example.com/sso') {
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${location}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

/** Creates an OIDC provider (201 asserted) and returns its wire form. */
export async function createOidcProvider(admin: Caller, name = uniqueName('oidc')) {
  const res = await admin.post('/sso-providers/oidc', { name, client_id: 'client', issuer: 'https://login.example.com/' });
  if (res.status !== 201) throw new Error(`create oidc provider: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; name: string; slug: string; [field: string]: unknown };
}

const nullString = (value: string | null | undefined) =>
  value === null || value === undefined ? { string: '', valid: false } : { string: value, valid: true };
const nullInt32 = (value: number | null | undefined) =>
  value === null || value === undefined ? { int32: 0, valid: false } : { int32: value, valid: true };

export interface ExpectedUser {
  id?: string;
  principal_name: string;
  first_name?: string | null;
  last_name?: string | null;
  email_address?: string | null;
  roles?: number[];
  sso_provider_id?: number | null;
  saml_provider_id?: number | null;
  /** Whether the user has a secret; `expires_at` when it matters. */
  secret?: false | { expires_at?: string };
  is_disabled?: boolean;
  logged_in?: boolean;
}

/** Every field of a wire User (spec §2.2): wrappers with zero values when invalid, AuthSecret without any digest. */
export function userShape(u: ExpectedUser) {
  const timestamp = expect.stringMatching(RFC3339);
  return {
    id: u.id ?? expect.stringMatching(UUID),
    created_at: timestamp,
    updated_at: timestamp,
    deleted_at: NULL_TIME,
    saml_provider_id: nullInt32(u.saml_provider_id),
    sso_provider_id: nullInt32(u.sso_provider_id),
    AuthSecret: u.secret
      ? {
          id: expect.any(Number),
          created_at: timestamp,
          updated_at: timestamp,
          deleted_at: NULL_TIME,
          digest_method: 'argon2id',
          expires_at: u.secret.expires_at ?? timestamp,
          totp_activated: false,
        }
      : null,
    roles: (u.roles ?? []).map((id) => SEEDED_ROLES[id - 1]),
    first_name: nullString(u.first_name),
    last_name: nullString(u.last_name),
    email_address: nullString(u.email_address),
    principal_name: u.principal_name,
    last_login: u.logged_in ? timestamp : ZERO_TIME,
    is_disabled: u.is_disabled ?? false,
    eula_accepted: false,
  };
}
