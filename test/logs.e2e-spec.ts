import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { captureStdout, type StdoutCapture } from './support/stdout-capture.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './support/test-app.js';
import { bearer, signatureHeaders, type ApiTokenKey } from './support/auth.js';

const WRONG_PASSWORD = 'Wrong-Password-For-Logs-1!';

/** Everything written to process.stdout (where the structured log goes) from start-up to the last request. */
describe('logs keep credentials out', () => {
  let t: TestApp;
  let stdout: StdoutCapture;
  let sessionToken: string;
  let token: ApiTokenKey;
  let signature: string;
  let authorizationValues: string[];

  beforeAll(async () => {
    stdout = captureStdout();
    t = await createTestApp({ env: { LOG_LEVEL: 'info' } });

    await t.http().post('/api/v2/login').send({ login_method: 'secret', username: 'admin', secret: WRONG_PASSWORD }).expect(401);
    const login = await t.http().post('/api/v2/login?secret=in-query').send({ login_method: 'secret', username: 'admin', secret: ADMIN_PASSWORD });
    sessionToken = login.body.data.session_token;
    const created = await t.http().post('/api/v2/tokens').set('Authorization', bearer(sessionToken)).send({ token_name: 'logged' });
    token = { id: created.body.data.id, key: created.body.data.key };
    const headers = signatureHeaders(token, 'GET', '/api/v2/self');
    signature = headers.Signature;
    authorizationValues = [bearer(sessionToken), headers.Authorization];
    await t.http().get('/api/v2/self').set(headers).expect(200);
    // The signature again, refused (a digest mismatch on another path), so failures are logged too.
    await t.http().get('/api/v2/roles').set(headers).expect(401);

    // pino-http writes its line when the response finishes; wait (bounded) until the last one has arrived.
    for (let i = 0; i < 100 && !stdout.text().includes('"/api/v2/roles"'); i++) await new Promise((r) => setTimeout(r, 10));
  });
  afterAll(async () => {
    stdout.restore();
    await t.close();
  });

  const requestLines = () => stdout.lines().filter((entry) => entry.req && entry.res);

  it('captures the request log lines (so the checks below mean something)', () => {
    const lines = requestLines();
    const seen = lines.map((l) => `${l.req.method} ${l.req.url} ${l.res.status}`);
    expect(seen).toEqual(expect.arrayContaining([
      'POST /api/v2/login 401', 'POST /api/v2/login 200', 'POST /api/v2/tokens 201', 'GET /api/v2/self 200', 'GET /api/v2/roles 401',
    ]));
    for (const line of lines) expect(line.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never contains a password, right or wrong', () => {
    expect(stdout.text()).not.toContain(ADMIN_PASSWORD);
    expect(stdout.text()).not.toContain(WRONG_PASSWORD);
    expect(stdout.text()).not.toContain('in-query');
  });

  it('never contains the session JWT or its signature', () => {
    expect(stdout.text()).not.toContain(sessionToken);
    expect(stdout.text()).not.toContain(sessionToken.split('.')[2]);
  });

  it('never contains the API token key, in any encoding', () => {
    expect(stdout.text()).not.toContain(token.key);
    expect(stdout.text()).not.toContain(Buffer.from(token.key, 'base64').toString('hex'));
    expect(stdout.text()).not.toContain(Buffer.from(token.key, 'base64').toString('base64url'));
  });

  it('never contains an Authorization or Signature header value', () => {
    for (const value of authorizationValues) expect(stdout.text()).not.toContain(value);
    expect(stdout.text()).not.toContain(signature);
    expect(stdout.text().toLowerCase()).not.toContain('bhesignature');
  });
});
