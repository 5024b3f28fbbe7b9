import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import { bearer, createUser, createUserSession, decodeJwt, roleId, signJwt, USER_PASSWORD } from './support/auth.js';

describe('authentication: sessions', () => {
  let t: TestApp;
  let jwtSecret: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    jwtSecret = process.env.JWT_SECRET!;
    adminToken = await login(t, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  describe('Authorization header errors', () => {
    const self = () => t.http().get('/api/v2/self');

    it('answers 401 not authenticated without the header', async () => {
      expect(errorMessage(await self(), 401)).toBe('not authenticated');
    });

    it('answers 401 not authenticated for an empty header', async () => {
      expect(errorMessage(await self().set('Authorization', ''), 401)).toBe('not authenticated');
    });

    it('answers 400 for "Bearer" alone', async () => {
      expect(errorMessage(await self().set('Authorization', 'Bearer'), 400)).toBe('Expected only two components for the Authorization header.');
    });

    it('answers 400 for three components', async () => {
      const res = await self().set('Authorization', `Bearer ${adminToken} extra`);
      expect(errorMessage(res, 400)).toBe('Expected only two components for the Authorization header.');
    });

    it('answers 400 Unexpected authorization scheme: basic. for Basic', async () => {
      expect(errorMessage(await self().set('Authorization', 'Basic x'), 400)).toBe('Unexpected authorization scheme: basic.');
    });

    it('accepts the Bearer scheme case-insensitively', async () => {
      expect((await self().set('Authorization', `bearer ${adminToken}`)).status).toBe(200);
    });

    it('answers 401 Token Authorization failed. for a garbage JWT', async () => {
      expect(errorMessage(await self().set('Authorization', 'Bearer not.a.jwt'), 401)).toBe('Token Authorization failed.');
    });

    it('answers 401 for a JWT signed with another secret', async () => {
      const { claims } = decodeJwt(adminToken);
      const forged = signJwt(claims, 'another-secret-another-secret-another-secret');
      expect(errorMessage(await self().set('Authorization', bearer(forged)), 401)).toBe('Token Authorization failed.');
    });

    it('answers 401 for an expired JWT of a live session', async () => {
      const { claims } = decodeJwt(adminToken);
      const now = Math.floor(Date.now() / 1000);
      const expired = signJwt({ ...claims, iat: now - 7200, exp: now - 60 }, jwtSecret);
      expect(errorMessage(await self().set('Authorization', bearer(expired)), 401)).toBe('Token Authorization failed.');
    });

    it('accepts a JWT re-signed with the server secret (the test forges tokens correctly)', async () => {
      const { claims } = decodeJwt(adminToken);
      const resigned = signJwt(claims, jwtSecret);
      expect((await self().set('Authorization', bearer(resigned))).status).toBe(200);
    });

    it('answers 401 for a JWT with alg none', async () => {
      const { claims } = decodeJwt(adminToken);
      const [head, body] = signJwt(claims, jwtSecret, { alg: 'none', typ: 'JWT' }).split('.');
      expect(errorMessage(await self().set('Authorization', `Bearer ${head}.${body}.`), 401)).toBe('Token Authorization failed.');
    });

    it('answers 401 for a correctly signed JWT whose session does not exist', async () => {
      const { claims } = decodeJwt(adminToken);
      const token = signJwt({ ...claims, jti: '999999999' }, jwtSecret);
      expect(errorMessage(await self().set('Authorization', bearer(token)), 401)).toBe('Token Authorization failed.');
    });

    it('answers 401 for a correctly signed JWT whose session belongs to another user', async () => {
      const { claims } = decodeJwt(adminToken);
      const other = await createUserSession(t, adminToken, { principal: 'session-owner', role: 'User' });
      const token = signJwt({ ...claims, sub: other.id }, jwtSecret);
      expect(errorMessage(await self().set('Authorization', bearer(token)), 401)).toBe('Token Authorization failed.');
    });

    it('answers 401 (not 500) for a correctly signed JWT with malformed claims', async () => {
      const { claims } = decodeJwt(adminToken);
      for (const bad of [{ sub: 'not-a-uuid' }, { jti: 'abc' }, { sub: 42 }, { jti: undefined }]) {
        const token = signJwt({ ...claims, ...bad }, jwtSecret);
        expect(errorMessage(await self().set('Authorization', bearer(token)), 401)).toBe('Token Authorization failed.');
      }
    });

    it('answers 400 Token ID is malformed. for bhesignature with a non-uuid id', async () => {
      expect(errorMessage(await self().set('Authorization', 'bhesignature not-a-uuid'), 400)).toBe('Token ID is malformed.');
    });
  });

  describe('expired password', () => {
    let id: string;
    let token: string;
    const NEW_PASSWORD = 'Renewed-Password-789!';

    beforeAll(async () => {
      id = await createUser(t, adminToken, { principal: 'expired-user', role: 'User', needsPasswordReset: true });
    });

    it('logs in with auth_expired true', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'expired-user', secret: USER_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        user_id: id, user_name: 'expired-user', auth_expired: true, eula_accepted: false, session_token: expect.any(String),
      });
      token = res.body.data.session_token;
    });

    it('allows routes that need auth:ManageSelf (GET /api/v2/roles)', async () => {
      const res = await t.http().get('/api/v2/roles').set('Authorization', bearer(token));
      expect(res.status).toBe(200);
      expect(res.body.data.roles.length).toBe(6);
    });

    it('allows GET /api/v2/self', async () => {
      const res = await t.http().get('/api/v2/self').set('Authorization', bearer(token));
      expect(res.status).toBe(200);
      expect(res.body.data.id).toBe(id);
    });

    it('refuses everything else the role allows with 403 not authorized', async () => {
      expect(errorMessage(await t.http().get('/api/v2/graph-users-minimal').set('Authorization', bearer(token)), 403)).toBe('not authorized');
      expect(errorMessage(await t.http().get('/api/v2/tokens').set('Authorization', bearer(token)), 403)).toBe('not authorized');
      const create = await t.http().post('/api/v2/tokens').set('Authorization', bearer(token)).send({ token_name: 'x' });
      expect(errorMessage(create, 403)).toBe('not authorized');
    });

    it('refuses to change the secret without the right current secret (403 Invalid current password)', async () => {
      const res = await t.http().put(`/api/v2/bloodhound-users/${id}/secret`).set('Authorization', bearer(token))
        .send({ secret: NEW_PASSWORD, current_secret: 'Wrong-Password-1!' });
      expect(errorMessage(res, 403)).toBe('Invalid current password');
    });

    it('restores the role\'s permissions on the same session once the user changes their secret', async () => {
      const res = await t.http().put(`/api/v2/bloodhound-users/${id}/secret`).set('Authorization', bearer(token))
        .send({ secret: NEW_PASSWORD, current_secret: USER_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect((await t.http().get('/api/v2/graph-users-minimal').set('Authorization', bearer(token))).status).toBe(200);
      expect((await t.http().get('/api/v2/tokens').set('Authorization', bearer(token))).status).toBe(200);
    });

    it('logs in with the new secret and auth_expired false', async () => {
      const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'expired-user', secret: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.data.auth_expired).toBe(false);
      const old = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'expired-user', secret: USER_PASSWORD });
      expect(errorMessage(old, 401)).toBe('authentication is invalid');
    });

    it('expires a password an administrator sets with needs_password_reset', async () => {
      const res = await t.http().put(`/api/v2/bloodhound-users/${id}/secret`).set('Authorization', bearer(adminToken))
        .send({ secret: USER_PASSWORD, needs_password_reset: true });
      expect(res.status).toBe(200);
      // A reset by an administrator also ends the sessions issued before it.
      expect(errorMessage(await t.http().get('/api/v2/self').set('Authorization', bearer(token)), 401)).toBe('Token Authorization failed.');
      const again = await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'expired-user', secret: USER_PASSWORD });
      expect(again.body.data.auth_expired).toBe(true);
      const limited = bearer(again.body.data.session_token);
      expect(errorMessage(await t.http().get('/api/v2/graph-users-minimal').set('Authorization', limited), 403)).toBe('not authorized');
    });
  });

  describe('disabling and deleting a user', () => {
    it('ends the existing session of a user at once when an administrator disables them', async () => {
      const user = await createUserSession(t, adminToken, { principal: 'to-disable', role: 'User' });
      await t.http().get('/api/v2/self').set('Authorization', bearer(user.token)).expect(200);
      const patch = await t.http().patch(`/api/v2/bloodhound-users/${user.id}`).set('Authorization', bearer(adminToken)).send({ is_disabled: true });
      expect(patch.status).toBe(200);
      expect(patch.body.data.is_disabled).toBe(true);
      expect(errorMessage(await t.http().get('/api/v2/self').set('Authorization', bearer(user.token)), 401)).toBe('Token Authorization failed.');
      expect(errorMessage(await t.http().get('/api/v2/roles').set('Authorization', bearer(user.token)), 401)).toBe('Token Authorization failed.');
    });

    it('keeps sessions issued before a disable void after the user is enabled again', async () => {
      const user = await createUserSession(t, adminToken, { principal: 'to-reenable', role: 'User' });
      const patch = (body: object) =>
        t.http().patch(`/api/v2/bloodhound-users/${user.id}`).set('Authorization', bearer(adminToken)).send(body).expect(200);
      await patch({ is_disabled: true });
      await patch({ is_disabled: false });
      expect(errorMessage(await t.http().get('/api/v2/self').set('Authorization', bearer(user.token)), 401)).toBe('Token Authorization failed.');
      const fresh = await login(t, 'to-reenable', USER_PASSWORD);
      expect((await t.http().get('/api/v2/self').set('Authorization', bearer(fresh))).status).toBe(200);
    });

    it('ends the existing session of a user at once when an administrator deletes them', async () => {
      const user = await createUserSession(t, adminToken, { principal: 'to-delete', role: 'User' });
      await t.http().delete(`/api/v2/bloodhound-users/${user.id}`).set('Authorization', bearer(adminToken)).expect(200);
      expect(errorMessage(await t.http().get('/api/v2/self').set('Authorization', bearer(user.token)), 401)).toBe('Token Authorization failed.');
    });

    it('takes a role change into account on the next request', async () => {
      const user = await createUserSession(t, adminToken, { principal: 'to-promote', role: 'Read-Only' });
      expect(errorMessage(await t.http().get('/api/v2/bloodhound-users').set('Authorization', bearer(user.token)), 403)).toBe('not authorized');
      await t.http().patch(`/api/v2/bloodhound-users/${user.id}`).set('Authorization', bearer(adminToken))
        .send({ roles: [roleId('Auditor')] }).expect(200);
      expect((await t.http().get('/api/v2/bloodhound-users').set('Authorization', bearer(user.token))).status).toBe(200);
    });
  });
});
