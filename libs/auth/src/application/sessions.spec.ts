import { beforeEach, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { loadConfig, type Database } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import type { CredentialCheck, UserAccess } from '@app/identity';
import { authConfigSlice } from '../auth-config.js';
import { SessionStore } from './ports.js';
import { Sessions } from './sessions.js';

const USER_ID = '6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01';
const SECRET = 's'.repeat(48);

class InMemorySessions extends SessionStore {
  readonly sessions = new Map<string, { userId: string; issuedAt: Date; revoked: boolean }>();
  async create(userId: string): Promise<string> {
    const id = String(this.sessions.size + 1);
    this.sessions.set(id, { userId, issuedAt: new Date(), revoked: false });
    return id;
  }
  async issuedAt(sessionId: string, userId: string): Promise<Date | null> {
    const session = this.sessions.get(sessionId);
    return session && !session.revoked && session.userId === userId ? session.issuedAt : null;
  }
  async revoke(sessionId: string): Promise<void> {
    this.sessions.get(sessionId)!.revoked = true;
  }
}

describe('Sessions', () => {
  let store: InMemorySessions;
  let access: UserAccess;
  let sessions: Sessions;
  const jwt = new JwtService({ secret: SECRET, signOptions: { algorithm: 'HS256' } });

  beforeEach(() => {
    store = new InMemorySessions();
    access = {
      id: USER_ID, principalName: 'jdoe', isDisabled: false, ssoProviderId: null,
      secretExpiresAt: new Date('9999-01-01T00:00:00Z'), sessionsValidAfter: null, permissions: ['graphdb:Read', 'auth:ManageSelf'],
    };
    const credentials = {
      verify: async () => ({ userId: USER_ID, principalName: 'jdoe', eulaAccepted: false, authExpired: false }),
      access: async () => access,
    } as unknown as CredentialCheck;
    const db = { transaction: <T>(work: () => Promise<T>) => work() } as unknown as Database;
    const config = loadConfig({ JWT_SECRET: SECRET, SECRETS_KEY: SECRET, DATABASE_URL: 'postgres://h/db', ROOT_URL: 'https://pw.example.com' });
    sessions = new Sessions(credentials, store, jwt, config, authConfigSlice.read({}), db);
  });

  it('issues an HS256 JWT bound to a stored session, with the root URL host as issuer', async () => {
    const { session_token: token, ...answer } = await sessions.login('jdoe', 'x');
    const claims = jwt.decode(token) as Record<string, unknown>;
    expect(answer).toEqual({ user_id: USER_ID, user_name: 'jdoe', auth_expired: false, eula_accepted: false });
    expect(claims).toMatchObject({ sub: USER_ID, jti: '1', iss: 'pw.example.com' });
    expect((claims.exp as number) - (claims.iat as number)).toBe(8 * 3600);
  });

  it("resolves a live session to the user's permissions", async () => {
    const { session_token: token } = await sessions.login('jdoe', 'x');
    const principal = await sessions.authenticate(token);
    expect(principal).toMatchObject({ userId: USER_ID, via: 'session', sessionId: '1' });
    expect([...principal.permissions]).toEqual(['graphdb:Read', 'auth:ManageSelf']);
  });

  it('limits a user with an expired password to auth:ManageSelf', async () => {
    access.secretExpiresAt = new Date(0);
    const principal = await sessions.authenticate((await sessions.login('jdoe', 'x')).session_token);
    expect([...principal.permissions]).toEqual(['auth:ManageSelf']);
  });

  type Case = (context: { token: string; store: InMemorySessions; access: UserAccess }) => Promise<string>;
  const cases: [string, Case][] = [
    ['a revoked session', async ({ token, store }) => (await store.revoke('1'), token)],
    ['a session issued before the user was disabled', async ({ token, access }) => {
      access.sessionsValidAfter = new Date(Date.now() + 1000);
      return token;
    }],
    ['a token signed with another secret', () => new JwtService({ secret: 'o'.repeat(48) }).signAsync({ sub: USER_ID, jti: '1' })],
    ['a subject that is not a uuid', () => jwt.signAsync({ sub: "x' OR 1=1", jti: '1' })],
    ['a session id that is not a number', () => jwt.signAsync({ sub: USER_ID, jti: 'abc' })],
  ];

  it.each(cases)('answers 401 Token Authorization failed. for %s', async (_name, tokenFor) => {
    const { session_token: token } = await sessions.login('jdoe', 'x');
    const error = await apiErrorOf(sessions.authenticate(await tokenFor({ token, store, access })));
    expect([error.status, error.messages]).toEqual([401, ['Token Authorization failed.']]);
  });

  it('revokes only the current session on logout', async () => {
    const first = await sessions.authenticate((await sessions.login('jdoe', 'x')).session_token);
    await sessions.login('jdoe', 'x');
    await sessions.logout(first);
    expect(store.sessions.get('1')!.revoked).toBe(true);
    expect(store.sessions.get('2')!.revoked).toBe(false);
  });
});
