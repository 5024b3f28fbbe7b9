import { createHmac } from 'node:crypto';
import type { Test } from 'supertest';
import { requestDigest } from '@app/auth';
import { ROLE_SEEDS } from '@app/identity';
import { login, type TestApp } from './test-app.js';

/** A password that satisfies the password policy, used for the users the tests create. */
export const USER_PASSWORD = 'User-Password-456!';

export function bearer(token: string): string {
  return `Bearer ${token}`;
}

/** The seeded id of a built-in role, by name. */
export function roleId(name: string): number {
  const role = ROLE_SEEDS.find((r) => r.name === name);
  if (!role) throw new Error(`no built-in role ${name}`);
  return role.id;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A supertest request of the given method. */
export function send(t: TestApp, method: HttpMethod, path: string): Test {
  const agent = t.http();
  switch (method) {
    case 'GET': return agent.get(path);
    case 'POST': return agent.post(path);
    case 'PUT': return agent.put(path);
    case 'PATCH': return agent.patch(path);
    case 'DELETE': return agent.delete(path);
  }
}

export interface NewUser {
  principal: string;
  role?: string;
  secret?: string;
  needsPasswordReset?: boolean;
}

/** Creates a user through POST /api/v2/bloodhound-users as the given (admin) session; returns its id. */
export async function createUser(t: TestApp, adminToken: string, user: NewUser): Promise<string> {
  const res = await t.http().post('/api/v2/bloodhound-users').set('Authorization', bearer(adminToken)).send({
    principal: user.principal,
    secret: user.secret ?? USER_PASSWORD,
    roles: user.role ? [roleId(user.role)] : [],
    needs_password_reset: user.needsPasswordReset ?? false,
  });
  if (res.status !== 201) throw new Error(`creating ${user.principal} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
}

/** Creates a user and logs them in. */
export async function createUserSession(t: TestApp, adminToken: string, user: NewUser): Promise<{ id: string; token: string }> {
  const id = await createUser(t, adminToken, user);
  return { id, token: await login(t, user.principal, user.secret ?? USER_PASSWORD) };
}

export interface ApiTokenKey {
  id: string;
  key: string;
}

/** Creates an API token as the given session (for `userId` when given); returns its id and key. */
export async function createApiToken(t: TestApp, sessionToken: string, name = 'test token', userId?: string): Promise<ApiTokenKey> {
  const res = await t.http().post('/api/v2/tokens').set('Authorization', bearer(sessionToken))
    .send(userId ? { token_name: name, user_id: userId } : { token_name: name });
  if (res.status !== 201) throw new Error(`creating token ${name} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id as string, key: res.body.data.key as string };
}

let lastDate = 0;

/** A fresh RFC 3339 RequestDate, distinct from every earlier one (a collection client's repeat is told from a replay by it). */
export function requestDate(at = Date.now()): string {
  lastDate = Math.max(at, lastDate + 1);
  return new Date(lastDate).toISOString();
}

export interface SignOptions {
  /** The JSON body to send (signed as these exact bytes). */
  body?: string;
  /** RequestDate to send and sign with (default: now). */
  date?: string;
}

/** The headers of a signed request: Authorization, RequestDate, Signature. */
export function signatureHeaders(token: ApiTokenKey, method: HttpMethod, pathWithQuery: string, options: SignOptions = {}) {
  const date = options.date ?? requestDate();
  const digest = requestDigest(token.key, method, pathWithQuery, date, Buffer.from(options.body ?? '', 'utf8'));
  return { Authorization: `bhesignature ${token.id}`, RequestDate: date, Signature: digest.toString('base64') };
}

/** A signed request over HTTP, the body (if any) sent as JSON exactly as signed. */
export function signed(t: TestApp, token: ApiTokenKey, method: HttpMethod, pathWithQuery: string, options: SignOptions = {}): Test {
  const req = send(t, method, pathWithQuery).set(signatureHeaders(token, method, pathWithQuery, options));
  return options.body === undefined ? req : req.set('Content-Type', 'application/json').send(options.body);
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** An HS256 JWT with the given claims, signed with `secret` (for forged or expired tokens). */
export function signJwt(claims: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${unsigned}.${base64url(createHmac('sha256', secret).update(unsigned).digest())}`;
}

/** The header and claims of a JWT, without verification. */
export function decodeJwt(token: string): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [header, claims] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>,
  };
}

/** A raw body signed with the token, exactly as sent (uploads: POST /api/v2/ingest, /api/v2/file-upload/{id}). */
export function signedUpload(t: TestApp, token: ApiTokenKey, path: string, body: Buffer, headers: Record<string, string>): Test {
  const date = requestDate();
  const signature = requestDigest(token.key, 'POST', path, date, body).toString('base64');
  const req = t.http().post(path).set({ Authorization: `bhesignature ${token.id}`, RequestDate: date, Signature: signature, ...headers });
  // Sent as the bytes signed: superagent would JSON-encode a Buffer under a JSON content type.
  return req.serialize((raw: unknown) => raw as string).send(body);
}
