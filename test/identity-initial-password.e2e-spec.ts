import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCaptured as cli } from '../apps/cli/src/testing/run-captured.js';
import { attemptLogin } from './support/identity.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const NEW_SECRET = 'A-new-Passw0rd!';

/** An app whose administrator gets a generated password (no ADMIN_PASSWORD), and where that password was written. */
async function appWithGeneratedPassword(): Promise<{ t: TestApp; file: string; env: Record<string, string> }> {
  const t = await createTestApp({ env: { ADMIN_PASSWORD: '' } });
  const env = { DATABASE_URL: t.databaseUrl, DATA_DIR: process.env.DATA_DIR! };
  return { t, file: join(env.DATA_DIR, 'initial-admin-password'), env };
}

/** DATA_DIR/initial-admin-password holds the generated password until that password is changed, and no longer. */
describe('the initial admin password file', () => {
  beforeAll(() => {
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterAll(() => {
    jest.restoreAllMocks();
  });

  describe('changed through PUT /api/v2/bloodhound-users/{id}/secret', () => {
    let app: Awaited<ReturnType<typeof appWithGeneratedPassword>>;
    let generated: string;
    beforeAll(async () => {
      app = await appWithGeneratedPassword();
      generated = readFileSync(app.file, 'utf8').trim();
    });
    afterAll(() => app.t.close());

    it('holds the generated password, which logs in and must be changed', async () => {
      const res = await attemptLogin(app.t, 'admin', generated);
      expect(res.status).toBe(200);
      expect(res.body.data.auth_expired).toBe(true);
    });

    it("stays when another user's password is set", async () => {
      const created = await cli(['user', 'create', '--principal', 'frank', '--role', 'User', '--password-stdin'], {
        stdin: 'First-Password-1!', env: app.env,
      });
      expect(created.code).toBe(0);
      const reset = await cli(['user', 'reset-password', '--principal', 'frank', '--password-stdin'], {
        stdin: 'Second-Password-2!', env: app.env,
      });
      expect(reset.code).toBe(0);
      expect(readFileSync(app.file, 'utf8').trim()).toBe(generated);
    });

    it('is removed once the administrator sets a new password (200), which then logs in', async () => {
      const session = (await attemptLogin(app.t, 'admin', generated)).body.data;
      const res = await app.t.http().put(`/api/v2/bloodhound-users/${session.user_id}/secret`)
        .set('Authorization', `Bearer ${session.session_token}`)
        .send({ current_secret: generated, secret: NEW_SECRET });
      expect(res.status).toBe(200);
      expect(existsSync(app.file)).toBe(false);
      const again = await attemptLogin(app.t, 'admin', NEW_SECRET);
      expect([again.status, again.body.data.auth_expired]).toEqual([200, false]);
    });
  });

  describe('reset with the CLI', () => {
    let app: Awaited<ReturnType<typeof appWithGeneratedPassword>>;
    beforeAll(async () => {
      app = await appWithGeneratedPassword();
    });
    afterAll(() => app.t.close());

    it('is removed by `user reset-password --principal admin`', async () => {
      expect(existsSync(app.file)).toBe(true);
      const run = await cli(['user', 'reset-password', '--principal', 'admin', '--password-stdin'], {
        stdin: NEW_SECRET, env: app.env,
      });
      expect(run).toEqual({ code: 0, stdout: 'Set a new password for admin; it must be changed at the next login.\n', stderr: '' });
      expect(existsSync(app.file)).toBe(false);
    });
  });
});
