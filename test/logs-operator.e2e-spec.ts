import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorMessages } from '@app/platform';
import { captureStdout, type StdoutCapture } from './support/stdout-capture.js';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import { bearer, createApiToken, createUserSession, signed, type ApiTokenKey } from './support/auth.js';

// Its own file: pino's root logger is created once per module registry (Jest gives each file its own), so this
// app's LOG_LEVEL=debug holds only in a file of its own (test/logs.e2e-spec.ts captures at info).
/** What an operator reads: one line per request, why a request was refused and whom, a start-up without the route listing. */
describe('request and start-up log lines', () => {
  let t: TestApp;
  let stdout: StdoutCapture;
  let adminToken: string;
  let adminId: string;
  let reader: { id: string; token: string };
  let adminApiToken: ApiTokenKey;

  /** The request-completed lines of one request, found by the RequestID it answered. */
  const linesOf = (res: { headers: Record<string, string> }) => stdout.lines().filter((l) => l.req && l.res && l.request_id === res.headers['requestid']);
  /** pino-http writes its line when the response finishes; wait (bounded) until the request's line has arrived. */
  async function logged(res: { headers: Record<string, string> }) {
    for (let i = 0; i < 100 && linesOf(res).length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    return linesOf(res);
  }

  beforeAll(async () => {
    stdout = captureStdout();
    // debug: the route listing is still logged, one level down.
    t = await createTestApp({ env: { LOG_LEVEL: 'debug' } });
    adminToken = await login(t, 'admin', ADMIN_PASSWORD);
    adminId = (await t.http().get('/api/v2/self').set('Authorization', bearer(adminToken))).body.data.id;
    reader = await createUserSession(t, adminToken, { principal: 'log-reader', role: 'Read-Only' });
    adminApiToken = await createApiToken(t, adminToken, 'logged admin token');
  });
  afterAll(async () => {
    stdout.restore();
    await t.close();
  });

  it('logs GET /health once, with its request id', async () => {
    const res = await t.http().get('/health').expect(200);
    const found = await logged(res);
    await new Promise((r) => setTimeout(r, 50));
    expect(linesOf(res)).toHaveLength(1);
    expect(found[0]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/health' }, res: { status: 200 } });
  });

  it('gives a 401 its reason, with no principal (none was authenticated)', async () => {
    const res = await t.http().get('/api/v2/self').set('Authorization', 'Bearer not-a-jwt');
    const message = errorMessage(res, 401);
    const [line] = await logged(res);
    expect(line).toMatchObject({ res: { status: 401 }, errors: [message] });
    expect(line.principal).toBeUndefined();
  });

  it("gives a 403 its reason and the session's user", async () => {
    const res = await t.http().post('/api/v2/bloodhound-users').set('Authorization', bearer(reader.token)).send({});
    expect(errorMessage(res, 403)).toBe(ErrorMessages.notAuthorized);
    const [line] = await logged(res);
    expect(line).toMatchObject({ res: { status: 403 }, errors: [ErrorMessages.notAuthorized], principal: { via: 'session', user_id: reader.id } });
  });

  it('gives a 404 of an authenticated request its reason and the API token (by id) and its user', async () => {
    const res = await signed(t, adminApiToken, 'GET', '/api/v2/clients/00000000-0000-4000-8000-000000000000');
    const message = errorMessage(res, 404);
    const [line] = await logged(res);
    expect(line).toMatchObject({
      res: { status: 404 }, errors: [message], principal: { via: 'token', user_id: adminId, token_id: adminApiToken.id },
    });
    expect(stdout.text()).not.toContain(adminApiToken.key);
  });

  it('gives a 400 every message it answered', async () => {
    const res = await t.http().get('/api/v2/bloodhound-users?principal_name=zz:x&sort_by=nope').set('Authorization', bearer(adminToken));
    expect(res.status).toBe(400);
    const [line] = await logged(res);
    expect(line).toMatchObject({ res: { status: 400 }, principal: { via: 'session', user_id: adminId } });
    expect(line.errors).toEqual(res.body.errors.map((e: { message: string }) => e.message));
  });

  it.each([
    ['a malformed Prefer header', () => t.http().get('/api/v2/self').set('Prefer', 'wait=soon'), 400],
    ['an unknown API path', () => t.http().get('/api/no-such-page'), 404],
    ['a JSON body over the limit', () => t.http().post('/api/v2/login').set('Content-Type', 'application/json')
      .send(`{"secret":"${'x'.repeat(10 * 1024 * 1024)}"}`), 413],
  ] as const)('logs a request refused before routing (%s) once, with its reason', async (_case, send, status) => {
    const res = await send();
    const message = errorMessage(res, status);
    const found = await logged(res);
    await new Promise((r) => setTimeout(r, 50));
    expect(linesOf(res)).toHaveLength(1);
    expect(found[0]).toMatchObject({ msg: 'request completed', res: { status }, errors: [message] });
  });

  it('names the principal on a success line too, with no errors', async () => {
    const res = await t.http().get('/api/v2/self').set('Authorization', bearer(adminToken)).expect(200);
    const [line] = await logged(res);
    expect(line).toMatchObject({ res: { status: 200 }, principal: { via: 'session', user_id: adminId } });
    expect(line.errors).toBeUndefined();
    expect(stdout.text()).not.toContain(adminToken);
  });

  it("logs Nest's start-up listing of controllers and routes at debug, not info", () => {
    const listing = stdout.lines().filter((l) => l.context === 'RoutesResolver' || l.context === 'RouterExplorer');
    expect(listing.filter((l) => l.context === 'RouterExplorer').length).toBeGreaterThan(80);
    expect(listing.filter((l) => l.level !== 20)).toEqual([]);
    expect(stdout.lines().find((l) => l.msg === 'Nest application successfully started')).toMatchObject({ level: 30 });
  });
});
