import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import {
  bearer, createApiToken, createUser, createUserSession, requestDate, roleId, signatureHeaders, signed, type ApiTokenKey,
} from './support/auth.js';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const ZERO_TIME = '0001-01-01T00:00:00Z';
const SIG = 'unable to validate request signature for client: ';

describe('signed requests (Authorization: bhesignature <token id>)', () => {
  let t: TestApp;
  let adminToken: string;
  let user: { id: string; token: string };
  let token: ApiTokenKey;

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await login(t, 'admin', ADMIN_PASSWORD);
    user = await createUserSession(t, adminToken, { principal: 'token-user', role: 'User' });
    token = await createApiToken(t, user.token, 'signing');
  });
  afterAll(() => t.close());

  const listTokens = async (session: string) => {
    const res = await t.http().get('/api/v2/tokens').set('Authorization', bearer(session));
    expect(res.status).toBe(200);
    return res.body.data.tokens as Record<string, unknown>[];
  };

  const lastAccess = async (id: string) =>
    (await listTokens(adminToken)).find((tk) => tk.id === id)!.last_access as string;

  it('authenticates a valid signed GET as the token owner and records last_access', async () => {
    expect(await lastAccess(token.id)).toBe(ZERO_TIME);
    const res = await signed(t, token, 'GET', '/api/v2/self');
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(user.id);
    expect(res.body.data.principal_name).toBe('token-user');
    const seen = await lastAccess(token.id);
    expect(seen).toMatch(RFC3339);
    expect(seen).not.toBe(ZERO_TIME);
  });

  it('accepts RFC 3339 with an offset and with nanoseconds', async () => {
    const now = new Date();
    const plus = new Date(now.getTime() + 2 * 3600_000).toISOString().replace(/\.\d+Z$/, '+02:00');
    expect((await signed(t, token, 'GET', '/api/v2/self', { date: plus })).status).toBe(200);
    const nanos = now.toISOString().replace(/\.(\d+)Z$/, '.$1456789Z');
    expect((await signed(t, token, 'GET', '/api/v2/self', { date: nanos })).status).toBe(200);
  });

  it('accepts the scheme case-insensitively', async () => {
    const headers = signatureHeaders(token, 'GET', '/api/v2/self');
    const res = await t.http().get('/api/v2/self').set({ ...headers, Authorization: `BHESIGNATURE ${token.id.toUpperCase()}` });
    expect(res.status).toBe(200);
  });

  it('allows a signed GET to be repeated', async () => {
    const headers = signatureHeaders(token, 'GET', '/api/v2/self');
    expect((await t.http().get('/api/v2/self').set(headers)).status).toBe(200);
    expect((await t.http().get('/api/v2/self').set(headers)).status).toBe(200);
  });

  it('signs the path with its query string', async () => {
    const path = '/api/v2/tokens?name=eq:signing';
    const res = await signed(t, token, 'GET', path);
    expect(res.status).toBe(200);
    expect(res.body.data.tokens.map((tk: { id: string }) => tk.id)).toEqual([token.id]);

    const withoutQuery = signatureHeaders(token, 'GET', '/api/v2/tokens');
    const refused = await t.http().get(path).set(withoutQuery);
    expect(errorMessage(refused, 401)).toBe(`${SIG}digest validation failed: signature digest mismatch`);
  });

  it('signs the body: a signed POST /api/v2/tokens creates a token for the owner', async () => {
    const body = JSON.stringify({ token_name: 'made by a signed request' });
    const res = await signed(t, token, 'POST', '/api/v2/tokens', { body });
    expect(res.status).toBe(201);
    expect(res.body.data.user_id).toEqual({ uuid: user.id, valid: true });
    expect(Buffer.from(res.body.data.key, 'base64')).toHaveLength(40);
  });

  it('refuses a body other than the one signed', async () => {
    const headers = signatureHeaders(token, 'POST', '/api/v2/tokens', { body: JSON.stringify({ token_name: 'signed' }) });
    const res = await t.http().post('/api/v2/tokens').set(headers).set('Content-Type', 'application/json')
      .send(JSON.stringify({ token_name: 'tampered' }));
    expect(errorMessage(res, 401)).toBe(`${SIG}digest validation failed: signature digest mismatch`);
  });

  it('refuses a signed request whose body is not JSON: the signature could not cover it', async () => {
    const admin = await createApiToken(t, adminToken, 'admin signing');
    const res = await signed(t, admin, 'POST', '/api/v2/sso-providers/saml')
      .field('name', 'signed-multipart').attach('metadata', Buffer.from('<md:EntityDescriptor/>'), 'metadata.xml');
    expect(errorMessage(res, 401)).toBe(`${SIG}digest validation failed: a body of this content type cannot be verified`);
    const providers = await t.http().get('/api/v2/sso-providers').set('Authorization', bearer(adminToken));
    expect(providers.body.data).toEqual([]);
  });

  it('refuses a signature made for another method', async () => {
    const headers = signatureHeaders(token, 'POST', '/api/v2/self');
    expect(errorMessage(await t.http().get('/api/v2/self').set(headers), 401))
      .toBe(`${SIG}digest validation failed: signature digest mismatch`);
  });

  it('refuses a signature made with another key', async () => {
    const res = await signed(t, { id: token.id, key: Buffer.alloc(40, 7).toString('base64') }, 'GET', '/api/v2/self');
    expect(errorMessage(res, 401)).toBe(`${SIG}digest validation failed: signature digest mismatch`);
  });

  it('refuses a RequestDate whose hour differs from the one signed', async () => {
    const date = requestDate();
    const headers = signatureHeaders(token, 'GET', '/api/v2/self', { date });
    // The neighbouring hour nearest to `date` (always within the 1 h skew): the signed prefix "YYYY-MM-DDTHH" differs.
    const d = new Date(date);
    const hourStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours());
    const otherHour = new Date(d.getUTCMinutes() >= 30 ? hourStart + 3600_000 + 1000 : hourStart - 1000).toISOString();
    const res = await t.http().get('/api/v2/self').set({ ...headers, RequestDate: otherHour });
    expect(errorMessage(res, 401)).toBe(`${SIG}digest validation failed: signature digest mismatch`);
  });

  it('answers 400 without RequestDate', async () => {
    const { RequestDate: _, ...headers } = signatureHeaders(token, 'GET', '/api/v2/self');
    expect(errorMessage(await t.http().get('/api/v2/self').set(headers), 400)).toBe(`${SIG}no request date header`);
  });

  it('answers 400 for a RequestDate that is not RFC 3339', async () => {
    const headers = signatureHeaders(token, 'GET', '/api/v2/self', { date: 'Sun, 22 Nov 2026 10:00:00 GMT' });
    expect(errorMessage(await t.http().get('/api/v2/self').set(headers), 400))
      .toBe(`${SIG}malformed request date: Sun, 22 Nov 2026 10:00:00 GMT`);
  });

  it('answers 400 without Signature', async () => {
    const { Signature: _, ...headers } = signatureHeaders(token, 'GET', '/api/v2/self');
    expect(errorMessage(await t.http().get('/api/v2/self').set(headers), 400)).toBe(`${SIG}no signature header`);
  });

  it('answers 400 for a Signature that is not standard base64', async () => {
    const headers = { ...signatureHeaders(token, 'GET', '/api/v2/self'), Signature: 'not base64!' };
    expect(errorMessage(await t.http().get('/api/v2/self').set(headers), 400)).toBe(`${SIG}malformed signature header: not standard base64`);
  });

  it('answers 401 when RequestDate is more than an hour behind', async () => {
    const date = new Date(Date.now() - 61 * 60_000).toISOString();
    const message = errorMessage(await signed(t, token, 'GET', '/api/v2/self', { date }), 401);
    expect(message).toMatch(new RegExp(`^${SIG}signature too far behind by 6[12] minutes\\. Server time is \\S+Z\\. Client time is ${date}$`));
  });

  it('answers 401 when RequestDate is more than an hour ahead', async () => {
    const date = new Date(Date.now() + 90 * 60_000).toISOString();
    const message = errorMessage(await signed(t, token, 'GET', '/api/v2/self', { date }), 401);
    expect(message).toMatch(new RegExp(`^${SIG}signature too far ahead by (89|90) minutes\\. `));
  });

  it('accepts a RequestDate less than an hour away', async () => {
    const date = new Date(Date.now() - 50 * 60_000).toISOString();
    expect((await signed(t, token, 'GET', '/api/v2/self', { date })).status).toBe(200);
  });

  it('answers 401 signature has already been used when a signed non-GET request is replayed', async () => {
    const body = JSON.stringify({ token_name: 'replayed' });
    const headers = signatureHeaders(token, 'POST', '/api/v2/tokens', { body });
    const first = await t.http().post('/api/v2/tokens').set(headers).set('Content-Type', 'application/json').send(body);
    expect(first.status).toBe(201);
    const second = await t.http().post('/api/v2/tokens').set(headers).set('Content-Type', 'application/json').send(body);
    expect(errorMessage(second, 401)).toBe(`${SIG}signature has already been used`);
  });

  it('refuses the same signed non-GET request under a fresh RequestDate in the same hour (the digest covers the hour)', async () => {
    const body = JSON.stringify({ token_name: 'repeated' });
    const first = await signed(t, token, 'POST', '/api/v2/tokens', { body });
    expect(first.status).toBe(201);
    const again = await signed(t, token, 'POST', '/api/v2/tokens', { body });
    expect(errorMessage(again, 401)).toBe(`${SIG}signature has already been used`);
  });

  it('lets a collection client repeat a request under a fresh RequestDate, and refuses an exact replay', async () => {
    const created = await t.http().post('/api/v2/clients').set('Authorization', bearer(adminToken))
      .send({ name: 'repeating-collector', type: 'sharphound' });
    expect(created.status).toBe(201);
    const client = { id: created.body.data.token.id, key: created.body.data.token.key };
    const body = JSON.stringify({ hostname: 'collector-1' });
    expect((await signed(t, client, 'PUT', '/api/v2/clients/update', { body })).status).toBe(200);
    expect((await signed(t, client, 'PUT', '/api/v2/clients/update', { body })).status).toBe(200);
    const headers = signatureHeaders(client, 'PUT', '/api/v2/clients/update', { body });
    const send = () => t.http().put('/api/v2/clients/update').set(headers).set('Content-Type', 'application/json').send(body);
    expect((await send()).status).toBe(200);
    expect(errorMessage(await send(), 401)).toBe(`${SIG}signature has already been used`);
  });

  it('refuses a replay that spells the same signature differently in base64', async () => {
    const body = JSON.stringify({ token_name: 'replayed twice' });
    const headers = signatureHeaders(token, 'POST', '/api/v2/tokens', { body });
    const first = await t.http().post('/api/v2/tokens').set(headers).set('Content-Type', 'application/json').send(body);
    expect(first.status).toBe(201);
    // A 32-byte digest leaves 2 unused bits in the last base64 character: flipping one keeps the same bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const sig = headers.Signature;
    const respelled = sig.slice(0, 42) + alphabet[alphabet.indexOf(sig[42]) ^ 1] + sig.slice(43);
    expect(respelled).not.toBe(sig);
    expect(Buffer.from(respelled, 'base64')).toEqual(Buffer.from(sig, 'base64'));
    const second = await t.http().post('/api/v2/tokens').set({ ...headers, Signature: respelled })
      .set('Content-Type', 'application/json').send(body);
    expect(errorMessage(second, 401)).toBe(`${SIG}signature has already been used`);
  });

  it('answers 401 resource not found for an unknown token id', async () => {
    const res = await signed(t, { id: '00000000-0000-4000-8000-000000000000', key: token.key }, 'GET', '/api/v2/self');
    expect(errorMessage(res, 401)).toBe(`${SIG}resource not found`);
  });

  it('answers 401 for a deleted token', async () => {
    const doomed = await createApiToken(t, user.token, 'doomed');
    expect((await signed(t, doomed, 'GET', '/api/v2/self')).status).toBe(200);
    await t.http().delete(`/api/v2/tokens/${doomed.id}`).set('Authorization', bearer(user.token)).expect(200);
    expect(errorMessage(await signed(t, doomed, 'GET', '/api/v2/self'), 401)).toBe(`${SIG}resource not found`);
  });

  it('lets a signed request log out harmlessly: the token keeps working', async () => {
    expect((await signed(t, token, 'POST', '/api/v2/logout')).status).toBe(200);
    expect((await signed(t, token, 'GET', '/api/v2/self')).status).toBe(200);
  });

  it('gives the token its owner\'s permissions, following role changes', async () => {
    const owner = await createUserSession(t, adminToken, { principal: 'signing-reader', role: 'Read-Only' });
    const key = await createApiToken(t, owner.token, 'reader key');
    expect((await signed(t, key, 'GET', '/api/v2/graph-users-minimal')).status).toBe(200);
    expect(errorMessage(await signed(t, key, 'GET', '/api/v2/bloodhound-users'), 403)).toBe('not authorized');
    await t.http().patch(`/api/v2/bloodhound-users/${owner.id}`).set('Authorization', bearer(adminToken))
      .send({ roles: [roleId('Administrator')] }).expect(200);
    expect((await signed(t, key, 'GET', '/api/v2/bloodhound-users')).status).toBe(200);
  });

  it('gives the token of a user whose password expired only auth:ManageSelf', async () => {
    const ownerId = await createUser(t, adminToken, { principal: 'signing-expired', role: 'User', needsPasswordReset: true });
    const key = await createApiToken(t, adminToken, 'expired owner key', ownerId);
    expect((await signed(t, key, 'GET', '/api/v2/roles')).status).toBe(200);
    expect(errorMessage(await signed(t, key, 'GET', '/api/v2/graph-users-minimal'), 403)).toBe('not authorized');
  });

  it('answers 403 user disabled while the owner is disabled, and works again once re-enabled', async () => {
    const owner = await createUserSession(t, adminToken, { principal: 'signing-disabled', role: 'User' });
    const key = await createApiToken(t, owner.token, 'disabled owner key');
    await t.http().patch(`/api/v2/bloodhound-users/${owner.id}`).set('Authorization', bearer(adminToken)).send({ is_disabled: true }).expect(200);
    expect(errorMessage(await signed(t, key, 'GET', '/api/v2/self'), 403)).toBe('user disabled');
    await t.http().patch(`/api/v2/bloodhound-users/${owner.id}`).set('Authorization', bearer(adminToken)).send({ is_disabled: false }).expect(200);
    expect((await signed(t, key, 'GET', '/api/v2/self')).status).toBe(200);
  });

  it('checks the signature before saying anything about a disabled owner', async () => {
    const owner = await createUserSession(t, adminToken, { principal: 'signing-disabled-2', role: 'User' });
    const key = await createApiToken(t, owner.token, 'disabled owner key 2');
    await t.http().patch(`/api/v2/bloodhound-users/${owner.id}`).set('Authorization', bearer(adminToken)).send({ is_disabled: true }).expect(200);
    const forged = await signed(t, { id: key.id, key: Buffer.alloc(40, 1).toString('base64') }, 'GET', '/api/v2/self');
    expect(errorMessage(forged, 401)).toBe(`${SIG}digest validation failed: signature digest mismatch`);
  });

  it('answers 401 resource not found once the owner is deleted', async () => {
    const owner = await createUserSession(t, adminToken, { principal: 'signing-deleted', role: 'User' });
    const key = await createApiToken(t, owner.token, 'deleted owner key');
    await t.http().delete(`/api/v2/bloodhound-users/${owner.id}`).set('Authorization', bearer(adminToken)).expect(200);
    expect(errorMessage(await signed(t, key, 'GET', '/api/v2/self'), 401)).toBe(`${SIG}resource not found`);
    expect((await listTokens(adminToken)).some((tk) => tk.id === key.id)).toBe(false);
  });
});
