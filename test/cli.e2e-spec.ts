import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { platformMigrations } from '@app/platform';
import { migrations } from '../apps/api/src/migrations.js';
import { runCaptured as cli } from '../apps/cli/src/testing/run-captured.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './support/test-app.js';

/**
 * The operator CLI, run in-process through the same entry point as `npm run cli` (runCli, which main.ts calls with
 * process.argv), with its standard streams captured, against the database of a real API app.
 */

/** POST /api/v2/login, answering the status and the body's data. */
async function tryLogin(t: TestApp, username: string, secret: string) {
  const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username, secret });
  return { status: res.status, data: res.body.data as { user_id: string; auth_expired: boolean; session_token: string } };
}

const STRONG = 'Correct-Horse-42!';
const WEAK_MESSAGE =
  'error: Secret: must have at least 12 characters; Secret: must have at least 1 uppercase characters; ' +
  'Secret: must have at least 1 special characters; Secret: must have at least 1 numeric characters\n';

describe('operator CLI', () => {
  let t: TestApp;
  let query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  let pg: Client;

  beforeAll(async () => {
    t = await createTestApp();
    pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
    query = async (sql, params = []) => (await pg.query(sql, params)).rows;
  });
  afterAll(async () => {
    await pg.end();
    await t.close();
  });

  describe('migrate', () => {
    const names = [...platformMigrations, ...migrations].map((M) => (new M() as { name: string }).name);
    const database = `t_cli_${randomBytes(6).toString('hex')}`;
    let env: Record<string, string>;

    beforeAll(async () => {
      const admin = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      const url = new URL(process.env.TEST_PG_ADMIN_URL!);
      url.pathname = `/${database}`;
      env = { DATABASE_URL: url.toString() };
    });
    afterAll(async () => {
      const admin = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    });

    it('runs every migration on a fresh database and lists them in order', async () => {
      const run = await cli(['migrate'], { env });
      expect(run).toEqual({
        code: 0,
        stdout: `Ran ${names.length} migrations:\n${names.map((name) => `  ${name}\n`).join('')}`,
        stderr: '',
      });
    });

    it('runs nothing the second time and says the schema is up to date', async () => {
      const run = await cli(['migrate'], { env });
      expect(run).toEqual({
        code: 0,
        stdout: `No pending migrations: the database schema is up to date (${names.length} applied).\n`,
        stderr: '',
      });
      const client = new Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query('SELECT name FROM migrations ORDER BY id');
      await client.end();
      expect(rows.map((row) => row.name)).toEqual(names);
    });
  });

  describe('user create', () => {
    it('creates a user with a password from stdin who then logs in through the API', async () => {
      const run = await cli(
        ['user', 'create', '--principal', 'alice', '--role', 'read-only', '--email', 'alice@example.com',
          '--first-name', 'Alice', '--last-name', 'Liddell', '--password-stdin'],
        { stdin: `${STRONG}\n` },
      );
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      const [created, idLine, ...rest] = run.stdout.split('\n');
      expect(created).toBe('Created user alice with role Read-Only.');
      expect(idLine).toMatch(/^User id: [0-9a-f-]{36}$/);
      expect(rest).toEqual(['']);

      const session = await tryLogin(t, 'alice', STRONG);
      expect(session.status).toBe(200);
      expect(session.data.user_id).toBe(idLine.slice('User id: '.length));
      expect(session.data.auth_expired).toBe(false);
      const self = await t.http().get('/api/v2/self').set('Authorization', `Bearer ${session.data.session_token}`);
      expect(self.status).toBe(200);
      expect(self.body.data).toMatchObject({
        principal_name: 'alice',
        email_address: { string: 'alice@example.com', valid: true },
        first_name: { string: 'Alice', valid: true },
        last_name: { string: 'Liddell', valid: true },
      });
      expect(self.body.data.roles.map((role: { name: string }) => role.name)).toEqual(['Read-Only']);
    });

    it('takes a role id, and prints a generated password once that must be changed at first login', async () => {
      const run = await cli(['user', 'create', '--principal', 'bob', '--role', '2', '--generate-password', '--needs-password-reset']);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      const lines = run.stdout.split('\n');
      expect(lines[0]).toBe('Created user bob with role User; the password must be changed at first login.');
      expect(lines[1]).toMatch(/^User id: [0-9a-f-]{36}$/);
      expect(lines[2]).toMatch(/^Generated password \(shown only this once\): \S{36}$/);
      expect(lines.slice(3)).toEqual(['']);

      const session = await tryLogin(t, 'bob', lines[2].split(': ')[1]);
      expect(session.status).toBe(200);
      expect(session.data.auth_expired).toBe(true);
    });

    it('exits 1 on an unknown role name, listing the built-in roles', async () => {
      const run = await cli(['user', 'create', '--principal', 'carol', '--role', 'Wizard', '--generate-password']);
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: unknown role "Wizard": use a role id or one of Administrator, User, Read-Only, Upload-Only, Power User, Auditor\n',
      });
    });

    it('exits 1 with "role id is invalid" on an unknown role id', async () => {
      const run = await cli(['user', 'create', '--principal', 'carol', '--role', '99', '--generate-password']);
      expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: role id is invalid\n' });
      expect(await query("SELECT 1 FROM users WHERE principal_name = 'carol'")).toEqual([]);
    });

    it('exits 1 when the principal name is taken, whatever its case', async () => {
      const run = await cli(['user', 'create', '--principal', 'ALICE', '--role', 'User', '--generate-password']);
      expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: principal name must be unique\n' });
    });

    it('exits 1 with the password policy messages on a weak password, creating nothing', async () => {
      const run = await cli(['user', 'create', '--principal', 'dave', '--role', 'User', '--password-stdin'], { stdin: 'weakpass\n' });
      expect(run).toEqual({ code: 1, stdout: '', stderr: WEAK_MESSAGE });
      expect(await query("SELECT 1 FROM users WHERE principal_name = 'dave'")).toEqual([]);
    });

    it('exits 1 on an invalid email address', async () => {
      const run = await cli(['user', 'create', '--principal', 'erin', '--role', 'User', '--email', 'erin', '--generate-password']);
      expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: --email "erin" is not an email address\n' });
    });

    it('exits 1 when no password option is given', async () => {
      const run = await cli(['user', 'create', '--principal', 'erin', '--role', 'User']);
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: give the password with --password-stdin, or use --generate-password\n',
      });
    });

    it('exits 1 when both password options are given', async () => {
      const run = await cli(['user', 'create', '--principal', 'erin', '--role', 'User', '--password-stdin', '--generate-password']);
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr: "error: option '--password-stdin' cannot be used with option '--generate-password'\n(add --help for usage)\n",
      });
    });

    it('exits 1 on an empty password on stdin', async () => {
      const run = await cli(['user', 'create', '--principal', 'erin', '--role', 'User', '--password-stdin'], { stdin: '\n' });
      expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: no password on standard input\n' });
    });

    it('exits 1 naming the missing option when --role is left out', async () => {
      const run = await cli(['user', 'create', '--principal', 'erin', '--generate-password']);
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr: "error: required option '--role <role>' not specified\n(add --help for usage)\n",
      });
    });
  });

  describe('user reset-password', () => {
    const first = 'First-Password-1!';

    beforeAll(async () => {
      const run = await cli(['user', 'create', '--principal', 'frank', '--role', 'User', '--password-stdin'], { stdin: first });
      expect(run.code).toBe(0);
    });

    it('sets a password from stdin that must be changed at the next login', async () => {
      const next = 'Second-Password-2!';
      const run = await cli(['user', 'reset-password', '--principal', 'Frank', '--password-stdin'], { stdin: `${next}\n` });
      expect(run).toEqual({ code: 0, stdout: 'Set a new password for Frank; it must be changed at the next login.\n', stderr: '' });
      expect((await tryLogin(t, 'frank', first)).status).toBe(401);
      const session = await tryLogin(t, 'frank', next);
      expect(session.status).toBe(200);
      expect(session.data.auth_expired).toBe(true);
    });

    it('keeps the new password valid with --no-expire', async () => {
      const next = 'Third-Password-3!';
      const run = await cli(['user', 'reset-password', '--principal', 'frank', '--password-stdin', '--no-expire'], { stdin: next });
      expect(run).toEqual({ code: 0, stdout: 'Set a new password for frank.\n', stderr: '' });
      const session = await tryLogin(t, 'frank', next);
      expect(session.status).toBe(200);
      expect(session.data.auth_expired).toBe(false);
    });

    it('prints a generated password once, which logs in', async () => {
      const run = await cli(['user', 'reset-password', '--principal', 'admin', '--generate-password']);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      const lines = run.stdout.split('\n');
      expect(lines[0]).toBe('Set a new password for admin; it must be changed at the next login.');
      expect(lines[1]).toMatch(/^Generated password \(shown only this once\): \S{36}$/);
      expect(lines.slice(2)).toEqual(['']);
      expect((await tryLogin(t, 'admin', ADMIN_PASSWORD)).status).toBe(401);
      const session = await tryLogin(t, 'admin', lines[1].split(': ')[1]);
      expect(session.status).toBe(200);
      expect(session.data.auth_expired).toBe(true);
    });

    it('exits 1 with the password policy messages on a weak password, keeping the old one', async () => {
      const before = await query("SELECT s.digest FROM auth_secrets s JOIN users u ON u.id = s.user_id WHERE u.principal_name = 'frank'");
      const run = await cli(['user', 'reset-password', '--principal', 'frank', '--password-stdin'], { stdin: 'weakpass' });
      expect(run).toEqual({ code: 1, stdout: '', stderr: WEAK_MESSAGE });
      const after = await query("SELECT s.digest FROM auth_secrets s JOIN users u ON u.id = s.user_id WHERE u.principal_name = 'frank'");
      expect(after).toEqual(before);
    });

    it('exits 1 for an unknown principal', async () => {
      const run = await cli(['user', 'reset-password', '--principal', 'ghost', '--generate-password']);
      expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: no user with principal name "ghost"\n' });
    });
  });

  describe('configuration and usage', () => {
    it('exits 1 on a bad DATABASE_URL with the configuration message and no stack trace', async () => {
      const run = await cli(['migrate'], { env: { DATABASE_URL: 'mysql://db/pathwarden' } });
      expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: DATABASE_URL must be a postgres:// or postgresql:// URL\n' });
    });

    it('creates users and sets passwords on DATABASE_URL without JWT_SECRET and SECRETS_KEY, which they never use', async () => {
      const env = { JWT_SECRET: undefined, SECRETS_KEY: undefined };
      const created = await cli(['user', 'create', '--principal', 'nosecrets', '--role', 'User', '--password-stdin'], { stdin: STRONG, env });
      expect([created.code, created.stderr]).toEqual([0, '']);
      expect(created.stdout).toMatch(/^Created user nosecrets with role User\.\nUser id: [0-9a-f-]{36}\n$/);
      const next = 'Another-Passw0rd!';
      const reset = await cli(['user', 'reset-password', '--principal', 'nosecrets', '--password-stdin', '--no-expire'], { stdin: next, env });
      expect(reset).toEqual({ code: 0, stdout: 'Set a new password for nosecrets.\n', stderr: '' });
      expect((await tryLogin(t, 'nosecrets', next)).status).toBe(200);
    });

    it('exits 1 naming the server when the database cannot be reached', async () => {
      const run = await cli(['migrate'], { env: { DATABASE_URL: 'postgres://pathwarden:secret@127.0.0.1:1/pathwarden' } });
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: cannot connect to the database at 127.0.0.1:1/pathwarden: connect ECONNREFUSED 127.0.0.1:1\n',
      });
    });

    it('prints the usage with --help and exits 0', async () => {
      const run = await cli(['--help']);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/^Usage: pathwarden <command> \[options\]\n/);
      expect(run.stdout).toMatch(/^ {2}migrate +run the pending database migrations and list the\s+ones that ran\n/m);
      expect(run.stdout).toMatch(/^ {2}ingest \[options\] <paths\.\.\.> +ingest collector files/m);
      expect(run.stdout).toMatch(/^ {2}analyze +analyse the graph now/m);
      expect(run.stdout).toMatch(/^ {2}user +manage users\n/m);
    });

    it('exits 1 on an unknown command', async () => {
      const run = await cli(['bogus']);
      expect(run).toEqual({ code: 1, stdout: '', stderr: "error: unknown command 'bogus'\n(add --help for usage)\n" });
    });
  });

});
