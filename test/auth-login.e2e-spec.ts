import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import { bearer, createUser, decodeJwt, USER_PASSWORD } from './support/auth.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('authentication: login, logout, self', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'admin', secret: ADMIN_PASSWORD });
    adminToken = res.body.data.session_token;
    adminId = res.body.data.user_id;
  });
  afterAll(() => t.close());

  describe('POST /api/v2/login', () => {
    it('answers 200 with user_id, user_name, auth_expired, eula_accepted and session_token', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'admin', secret: ADMIN_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['requestid']).toMatch(UUID);
      expect(Object.keys(res.body)).toEqual(['data']);
      expect(Object.keys(res.body.data).sort()).toEqual(['auth_expired', 'eula_accepted', 'session_token', 'user_id', 'user_name']);
      expect(res.body.data.user_id).toMatch(UUID);
      expect(res.body.data.user_name).toBe('admin');
      expect(res.body.data.auth_expired).toBe(false);
      expect(typeof res.body.data.eula_accepted).toBe('boolean');
      expect(typeof res.body.data.session_token).toBe('string');
    });

    it('issues an HS256 JWT with sub, jti, iat, exp (8 hours later) and iss', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'admin', secret: ADMIN_PASSWORD });
      const { header, claims } = decodeJwt(res.body.data.session_token);
      expect(header.alg).toBe('HS256');
      expect(claims.sub).toBe(res.body.data.user_id);
      expect(claims.jti).toMatch(/^\d+$/);
      expect(typeof claims.iat).toBe('number');
      expect(claims.exp).toBe((claims.iat as number) + 8 * 3600);
      expect(claims.iss).toBe('localhost:8080');
      expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'iss', 'jti', 'sub']);
    });

    it('gives every login its own session id', async () => {
      const a = decodeJwt(await login(t, 'admin', ADMIN_PASSWORD)).claims.jti;
      const b = decodeJwt(await login(t, 'admin', ADMIN_PASSWORD)).claims.jti;
      expect(a).not.toBe(b);
    });

    it('compares login_method case-insensitively', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'SECRET', username: 'admin', secret: ADMIN_PASSWORD });
      expect(res.status).toBe(200);
    });

    it('answers 401 authentication is invalid for a wrong password', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'admin', secret: 'Wrong-Password-1!' });
      expect(errorMessage(res, 401)).toBe('authentication is invalid');
    });

    it('answers 401 authentication is invalid for an unknown user', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'nobody', secret: ADMIN_PASSWORD });
      expect(errorMessage(res, 401)).toBe('authentication is invalid');
    });

    it('answers 403 user disabled for a disabled user with the right password', async () => {
      const id = await createUser(t, adminToken, { principal: 'disabled-at-login', role: 'User' });
      await t.http().patch(`/api/v2/bloodhound-users/${id}`).set('Authorization', bearer(adminToken)).send({ is_disabled: true }).expect(200);
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'disabled-at-login', secret: USER_PASSWORD });
      expect(errorMessage(res, 403)).toBe('user disabled');
    });

    it('answers 401 (not 403) for a disabled user with a wrong password', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'disabled-at-login', secret: 'Wrong-Password-1!' });
      expect(errorMessage(res, 401)).toBe('authentication is invalid');
    });

    it('answers 400 Login method <x> is not supported. for another login method', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'ldap', username: 'admin', secret: ADMIN_PASSWORD });
      expect(errorMessage(res, 400)).toBe('Login method ldap is not supported.');
    });

    it('answers 400 error unmarshalling JSON payload for malformed JSON', async () => {
      const res = await t.http().post('/api/v2/login').set('Content-Type', 'application/json').send('{"login_method": "secret",');
      expect(errorMessage(res, 400)).toBe('error unmarshalling JSON payload');
    });

    it('answers 400 naming the field when username is missing', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', secret: ADMIN_PASSWORD });
      expect(errorMessage(res, 400)).toBe('username must be a string');
    });

    it('answers 400 naming the field when secret is missing', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'admin' });
      expect(errorMessage(res, 400)).toBe('secret must be a string');
    });

    it('answers 400 when secret is not a string', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'admin', secret: 12345 });
      expect(errorMessage(res, 400)).toBe('secret must be a string');
    });

    it('answers 400 when username is empty', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: '', secret: ADMIN_PASSWORD });
      expect(errorMessage(res, 400)).toBe('username should not be empty');
    });

    it('answers 400 (never 500) for a NUL character in the username', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'ad\u0000min', secret: ADMIN_PASSWORD });
      expect(errorMessage(res, 400)).toBe('username must not contain NUL characters');
    });

    it('answers 400 Login method  is not supported. without a body (an absent method reads as "")', async () => {
      expect(errorMessage(await t.http().post('/api/v2/login'), 400)).toBe('Login method  is not supported.');
      const empty = await t.http().post('/api/v2/login').send({ username: 'admin', secret: ADMIN_PASSWORD });
      expect(errorMessage(empty, 400)).toBe('Login method  is not supported.');
    });

    it('ignores the Authorization header (login is public)', async () => {
      const res = await t.http().post('/api/v2/login').set('Authorization', 'Bearer garbage')
        .send({ login_method: 'secret', username: 'admin', secret: ADMIN_PASSWORD });
      expect(res.status).toBe(200);
    });
  });

  describe('POST /api/v2/logout and GET /api/v2/self', () => {
    it('returns the caller as a User from GET /api/v2/self', async () => {
      const res = await t.http().get('/api/v2/self').set('Authorization', bearer(adminToken));
      expect(res.status).toBe(200);
      const user = res.body.data;
      expect(Object.keys(user).sort()).toEqual([
        'AuthSecret', 'created_at', 'deleted_at', 'email_address', 'eula_accepted', 'first_name', 'id', 'is_disabled',
        'last_login', 'last_name', 'principal_name', 'roles', 'saml_provider_id', 'sso_provider_id', 'updated_at',
      ]);
      expect(user.id).toBe(adminId);
      expect(user.principal_name).toBe('admin');
      expect(user.created_at).toMatch(RFC3339);
      expect(user.updated_at).toMatch(RFC3339);
      expect(user.last_login).toMatch(RFC3339);
      expect(user.last_login).not.toBe('0001-01-01T00:00:00Z');
      expect(user.deleted_at).toEqual({ time: '0001-01-01T00:00:00Z', valid: false });
      expect(user.saml_provider_id).toEqual({ int32: 0, valid: false });
      expect(user.sso_provider_id).toEqual({ int32: 0, valid: false });
      expect(user.is_disabled).toBe(false);
      expect(typeof user.eula_accepted).toBe('boolean');
      for (const field of ['first_name', 'last_name', 'email_address']) {
        expect(Object.keys(user[field]).sort()).toEqual(['string', 'valid']);
      }
      expect(Object.keys(user.AuthSecret).sort()).toEqual(
        ['created_at', 'deleted_at', 'digest_method', 'expires_at', 'id', 'totp_activated', 'updated_at'],
      );
      expect(user.AuthSecret.totp_activated).toBe(false);
      expect(user.roles.map((r: { name: string }) => r.name)).toEqual(['Administrator']);
      expect(Object.keys(user.roles[0]).sort()).toEqual(['created_at', 'deleted_at', 'description', 'id', 'name', 'permissions', 'updated_at']);
      expect(JSON.stringify(res.body)).not.toMatch(/\$argon2|"digest"|"secret"/);
    });

    it('revokes the session on logout: the same token then gets 401 Token Authorization failed.', async () => {
      const token = await login(t, 'admin', ADMIN_PASSWORD);
      await t.http().get('/api/v2/self').set('Authorization', bearer(token)).expect(200);
      const res = await t.http().post('/api/v2/logout').set('Authorization', bearer(token));
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(errorMessage(await t.http().get('/api/v2/self').set('Authorization', bearer(token)), 401)).toBe('Token Authorization failed.');
      expect(errorMessage(await t.http().post('/api/v2/logout').set('Authorization', bearer(token)), 401)).toBe('Token Authorization failed.');
    });

    it('leaves the other sessions of the same user alive on logout', async () => {
      const a = await login(t, 'admin', ADMIN_PASSWORD);
      const b = await login(t, 'admin', ADMIN_PASSWORD);
      await t.http().post('/api/v2/logout').set('Authorization', bearer(a)).expect(200);
      await t.http().get('/api/v2/self').set('Authorization', bearer(b)).expect(200);
    });

    it('answers 401 not authenticated for logout without credentials', async () => {
      expect(errorMessage(await t.http().post('/api/v2/logout'), 401)).toBe('not authenticated');
    });
  });
});

describe('authentication: login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_THROTTLE_LIMIT: '2' } });
  });
  afterAll(() => t.close());

  it('answers 429 too many requests, try again later after LOGIN_THROTTLE_LIMIT attempts, failed ones included', async () => {
    const wrong = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'admin', secret: 'Wrong-Password-1!' });
    expect(errorMessage(wrong, 401)).toBe('authentication is invalid');
    const right = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'admin', secret: ADMIN_PASSWORD });
    expect(right.status).toBe(200);
    const third = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'admin', secret: ADMIN_PASSWORD });
    expect(errorMessage(third, 429)).toBe('too many requests, try again later');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(60);
    const session = right.body.data.session_token as string;
    expect((await t.http().get('/api/v2/self').set('Authorization', bearer(session))).status).toBe(200);
  });

  it('keeps answering 429 for the rest of the window', async () => {
    const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'admin', secret: ADMIN_PASSWORD });
    expect(errorMessage(res, 429)).toBe('too many requests, try again later');
  });
});
