import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import { bearer, createApiToken, createUserSession } from './support/auth.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const ZERO_TIME = '0001-01-01T00:00:00Z';

describe('API tokens', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: string;
  let user: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await login(t, 'admin', ADMIN_PASSWORD);
    adminId = (await t.http().get('/api/v2/self').set('Authorization', bearer(adminToken))).body.data.id;
    user = await createUserSession(t, adminToken, { principal: 'token-user', role: 'User' });
  });
  afterAll(() => t.close());

  const listTokens = async (session: string, query = '') => {
    const res = await t.http().get(`/api/v2/tokens${query}`).set('Authorization', bearer(session));
    expect(res.status).toBe(200);
    return res.body.data.tokens as Record<string, unknown>[];
  };

  describe('POST /api/v2/tokens', () => {
    it('answers 201 with the Client token, its key shown once (base64 of 40 bytes)', async () => {
      const res = await t.http().post('/api/v2/tokens').set('Authorization', bearer(adminToken)).send({ token_name: 'ci pipeline' });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual(['data']);
      const token = res.body.data;
      expect(Object.keys(token).sort()).toEqual(
        ['created_at', 'deleted_at', 'hmac_method', 'id', 'key', 'last_access', 'name', 'updated_at', 'user_id'],
      );
      expect(token.id).toMatch(UUID);
      expect(token.created_at).toMatch(RFC3339);
      expect(token.updated_at).toMatch(RFC3339);
      expect(token.deleted_at).toEqual({ time: ZERO_TIME, valid: false });
      expect(token.user_id).toEqual({ uuid: adminId, valid: true });
      expect(token.name).toEqual({ string: 'ci pipeline', valid: true });
      expect(token.hmac_method).toBe('hmac-sha2-256');
      expect(token.last_access).toBe(ZERO_TIME);
      expect(token.key).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(Buffer.from(token.key, 'base64')).toHaveLength(40);
      expect(Buffer.from(token.key, 'base64').toString('base64')).toBe(token.key);
    });

    it('gives every token a different key', async () => {
      const a = await createApiToken(t, adminToken, 'a');
      const b = await createApiToken(t, adminToken, 'b');
      expect(a.key).not.toBe(b.key);
    });

    it('stores the key encrypted, never in clear', async () => {
      const token = await createApiToken(t, adminToken, 'stored');
      const db = new Client({ connectionString: t.databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query('SELECT * FROM auth_tokens WHERE id = $1', [token.id]);
        expect(rows).toHaveLength(1);
        const row = JSON.stringify(rows[0]);
        expect(rows[0].key_ciphertext).toMatch(/^v1:/);
        expect(row).not.toContain(token.key);
        expect(row).not.toContain(Buffer.from(token.key, 'base64').toString('hex'));
        expect(row).not.toContain(Buffer.from(token.key, 'base64').toString('base64url'));
      } finally {
        await db.end();
      }
    });

    it('creates a token for another user when the caller holds auth:ManageUsers', async () => {
      const res = await t.http().post('/api/v2/tokens').set('Authorization', bearer(adminToken))
        .send({ token_name: 'for user', user_id: user.id.toUpperCase() });
      expect(res.status).toBe(201);
      expect(res.body.data.user_id).toEqual({ uuid: user.id, valid: true });
    });

    it('answers 403 missing permission to create tokens for other users without auth:ManageUsers', async () => {
      const res = await t.http().post('/api/v2/tokens').set('Authorization', bearer(user.token))
        .send({ token_name: 'for admin', user_id: adminId });
      expect(errorMessage(res, 403)).toBe('missing permission to create tokens for other users');
    });

    it('lets a user without auth:ManageUsers name themselves as the owner', async () => {
      const res = await t.http().post('/api/v2/tokens').set('Authorization', bearer(user.token))
        .send({ token_name: 'own', user_id: user.id });
      expect(res.status).toBe(201);
      expect(res.body.data.user_id).toEqual({ uuid: user.id, valid: true });
    });

    it('answers 404 for an unknown owner', async () => {
      const res = await t.http().post('/api/v2/tokens').set('Authorization', bearer(adminToken))
        .send({ token_name: 'nobody', user_id: '00000000-0000-4000-8000-000000000000' });
      expect(errorMessage(res, 404)).toBe('resource not found');
    });

    it('answers 400 (never 500) for a NUL character in token_name', async () => {
      const res = await t.http().post('/api/v2/tokens').set('Authorization', bearer(adminToken)).send({ token_name: 'a\u0000b' });
      expect(errorMessage(res, 400)).toBe('token_name must not contain NUL characters');
    });

    it('answers 400 without token_name', async () => {
      const res = await t.http().post('/api/v2/tokens').set('Authorization', bearer(adminToken)).send({});
      expect(errorMessage(res, 400)).toBe('token_name must be a string');
    });

    it('answers 400 for a malformed user_id', async () => {
      const res = await t.http().post('/api/v2/tokens').set('Authorization', bearer(adminToken)).send({ token_name: 'x', user_id: 'abc' });
      expect(errorMessage(res, 400)).toBe('user_id must be a UUID');
    });

    it('answers 403 not authorized for a role without auth:CreateToken (Upload-Only)', async () => {
      const uploader = await createUserSession(t, adminToken, { principal: 'uploader', role: 'Upload-Only' });
      const res = await t.http().post('/api/v2/tokens').set('Authorization', bearer(uploader.token)).send({ token_name: 'x' });
      expect(errorMessage(res, 403)).toBe('not authorized');
    });
  });

  describe('GET /api/v2/tokens', () => {
    it('lists tokens with key "" in {"data":{"tokens":[...]}}', async () => {
      const created = await t.http().post('/api/v2/tokens').set('Authorization', bearer(adminToken)).send({ token_name: 'listed' });
      const res = await t.http().get('/api/v2/tokens').set('Authorization', bearer(adminToken));
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['data']);
      expect(Object.keys(res.body.data)).toEqual(['tokens']);
      const listed = res.body.data.tokens.find((tk: { id: string }) => tk.id === created.body.data.id);
      expect(listed).toEqual({ ...created.body.data, key: '' });
      for (const token of res.body.data.tokens) expect(token.key).toBe('');
    });

    it("shows a user only their own tokens, and an administrator everyone's", async () => {
      const own = await listTokens(user.token);
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((tk) => (tk.user_id as { uuid: string }).uuid === user.id)).toBe(true);
      const all = await listTokens(adminToken);
      const owners = new Set(all.map((tk) => (tk.user_id as { uuid: string }).uuid));
      expect(owners).toEqual(new Set([adminId, user.id]));
    });

    it('filters by name and user_id', async () => {
      const byName = await listTokens(adminToken, '?name=eq:listed');
      expect(byName.map((tk) => tk.name)).toEqual([{ string: 'listed', valid: true }]);
      const byUser = await listTokens(adminToken, `?user_id=eq:${user.id}`);
      expect(byUser.length).toBeGreaterThan(0);
      expect(byUser.every((tk) => (tk.user_id as { uuid: string }).uuid === user.id)).toBe(true);
    });
  });

  describe('DELETE /api/v2/tokens/{token_id}', () => {
    it('answers 200 with an empty body and the token disappears', async () => {
      const token = await createApiToken(t, adminToken, 'to delete');
      const res = await t.http().delete(`/api/v2/tokens/${token.id}`).set('Authorization', bearer(adminToken));
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect((await listTokens(adminToken)).some((tk) => tk.id === token.id)).toBe(false);
      const again = await t.http().delete(`/api/v2/tokens/${token.id}`).set('Authorization', bearer(adminToken));
      expect(errorMessage(again, 404)).toBe('resource not found');
    });

    it('answers 404 resource not found for an unknown id', async () => {
      const res = await t.http().delete('/api/v2/tokens/00000000-0000-4000-8000-000000000000').set('Authorization', bearer(adminToken));
      expect(errorMessage(res, 404)).toBe('resource not found');
    });

    it('answers 400 id is malformed for a malformed id', async () => {
      const res = await t.http().delete('/api/v2/tokens/not-a-uuid').set('Authorization', bearer(adminToken));
      expect(errorMessage(res, 400)).toBe('id is malformed');
    });

    it("answers 403 when a user without auth:ManageUsers deletes another user's token", async () => {
      const token = await createApiToken(t, adminToken, 'admin only');
      const res = await t.http().delete(`/api/v2/tokens/${token.id}`).set('Authorization', bearer(user.token));
      expect(errorMessage(res, 403)).toBe('missing permission to delete tokens of other users');
    });

    it("lets an administrator delete another user's token, and a user their own", async () => {
      const a = await createApiToken(t, user.token, 'mine 1');
      const b = await createApiToken(t, user.token, 'mine 2');
      expect((await t.http().delete(`/api/v2/tokens/${a.id}`).set('Authorization', bearer(user.token))).status).toBe(200);
      expect((await t.http().delete(`/api/v2/tokens/${b.id}`).set('Authorization', bearer(adminToken))).status).toBe(200);
    });
  });
});
