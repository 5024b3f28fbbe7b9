import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, constants, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ANALYSIS_LOCK_KEY, freePort } from '@app/platform';
import { waitingForLock } from './support/lock-waits.js';
import {
  alive, buildService, processGroup, startService, type ServiceProcess,
} from './support/service-process.js';

/**
 * The built service as a process (`node dist/apps/api/src/main.js`, and `npm start`): start-up failures in one
 * line, and stopping on real signals in the middle of real work. The work is held mid-flight by locks this test
 * takes (the analysis lock, the graph tables), so every signal meets it there, whatever the machine's speed.
 */

const ADMIN_PASSWORD = 'Admin-Password-123!';
const STOP_LINE = /^Pathwarden stopped on (SIGINT|SIGTERM|SIGHUP) after \d+ ms$/;
const secrets = () => ({ JWT_SECRET: randomBytes(32).toString('base64'), SECRETS_KEY: randomBytes(32).toString('base64') });

/** One user object, as SharpHound v6 writes it. */
const usersFile = (id: string) => JSON.stringify({
  data: [{ ObjectIdentifier: id, Properties: { domain: 'PHANTOM.CORP', name: `${id}@PHANTOM.CORP` } }],
  meta: { type: 'users', version: 6, count: 1 },
});

/** The service's HTTP API as an administrator. */
class Api {
  private token = '';
  constructor(private readonly base: string) {}

  async login(): Promise<void> {
    const { body } = await this.call('POST', '/api/v2/login', { login_method: 'secret', username: 'admin', secret: ADMIN_PASSWORD });
    this.token = (body as { data: { session_token: string } }).data.session_token;
  }

  /** Starts an upload job, uploads `file`, ends the job; its id. */
  async upload(file: string): Promise<number> {
    const started = await this.call('POST', '/api/v2/file-upload/start');
    const id = (started.body as { data: { id: number } }).data.id;
    expect((await this.call('POST', `/api/v2/file-upload/${id}`, file)).status).toBe(202);
    expect((await this.call('POST', `/api/v2/file-upload/${id}/end`)).status).toBe(200);
    return id;
  }

  async job(id: number): Promise<{ status: number; status_message: string }> {
    const { body } = await this.call('GET', `/api/v2/file-upload?id=eq:${id}`);
    return (body as { data: { status: number; status_message: string }[] }).data[0];
  }

  /** Waits until the job has `status` (the datapipe ticks every second). */
  async jobReaches(id: number, status: number): Promise<{ status: number; status_message: string }> {
    for (;;) {
      const job = await this.job(id);
      if (job.status === status) return job;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  private async call(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(this.base + path, { method, headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return { status: res.status, body: await res.json().catch(() => null) as unknown };
  }
}

/** The service's stdout lines after the one saying it listens. */
function linesAfterStart(service: ServiceProcess): string[] {
  const lines = service.stdout().split('\n').filter(Boolean);
  return lines.slice(lines.findIndex((line) => line.startsWith('Pathwarden listening on')) + 1);
}

/** The pid of the postmaster running on the embedded cluster under `dataDir`. */
const postmasterOf = (dataDir: string) => Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Waits until the process `pid` is gone (a postmaster sent SIGINT by an exiting process stops in its own time). */
async function gone(pid: number): Promise<void> {
  while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Lines at warning level or above among the JSON log lines. */
const complaints = (lines: string[]) => lines.filter((line) => line.startsWith('{') && JSON.parse(line).level >= 40);

describe('the service as a process', () => {
  const services: ServiceProcess[] = [];
  const run = (env: Record<string, string>, command?: string[]) => {
    const service = startService(env, command);
    services.push(service);
    return service;
  };
  const adminUrl = () => new URL(process.env.TEST_PG_ADMIN_URL!);

  beforeAll(() => buildService(), 600_000);
  afterEach(() => {
    for (const service of services.splice(0)) service.kill();
  });

  describe('start-up failures: one line on stderr, exit code 1', () => {
    it("stops on a bad variable of a library's slice before anything starts: a fresh DATA_DIR gets no cluster", async () => {
      const dataDir = join(mkdtempSync(join(tmpdir(), 'pathwarden-config-')), 'data');
      const service = run({ DATA_DIR: dataDir, PORT: String(await freePort()), INGEST_WRITERS: '17' });
      expect(await service.exited).toEqual({ code: 1, signal: null });
      expect(service.stderr()).toBe('Configuration error: INGEST_WRITERS must be an integer from 1 to 16, got "17"\n');
      expect(service.stdout()).toBe('');
      expect(existsSync(join(dataDir, 'pg'))).toBe(false);
    }, 90_000);

    it('retries an unreachable database briefly, printing nothing but JSON meanwhile, then says so', async () => {
      const service = run({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x', ...secrets() });
      expect(await service.exited).toEqual({ code: 1, signal: null });
      expect(service.stderr()).toBe('Cannot reach the database (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:1\n');
      for (const line of service.stdout().split('\n').filter(Boolean)) expect(JSON.parse(line)).toHaveProperty('msg');
    }, 90_000);

    it('names an unknown database at once, without retrying', async () => {
      const url = adminUrl();
      const name = `t_missing_${randomBytes(6).toString('hex')}`;
      url.pathname = `/${name}`;
      const service = run({ DATABASE_URL: url.toString(), ...secrets() });
      expect(await service.exited).toEqual({ code: 1, signal: null });
      expect(service.stderr()).toBe(`The database refused the connection (DATABASE_URL): database "${name}" does not exist\n`);
      expect(service.stdout()).toBe('');
    }, 90_000);

    it('stops on a port in use before anything starts: a fresh DATA_DIR gets no cluster and no administrator', async () => {
      const port = await freePort();
      const occupant: Server = createServer();
      await new Promise<void>((resolve) => occupant.listen(port, '127.0.0.1', resolve));
      const dataDir = join(mkdtempSync(join(tmpdir(), 'pathwarden-port-')), 'data');
      try {
        const service = run({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SAMPLE_DATA: 'false' });
        expect(await service.exited).toEqual({ code: 1, signal: null });
        expect(service.stderr()).toBe(`Cannot listen: port ${port} on 127.0.0.1 is already in use (set PORT, or stop what uses it)\n`);
        expect(service.stdout()).toBe('');
        expect(existsSync(join(dataDir, 'pg'))).toBe(false);
        expect(existsSync(join(dataDir, 'initial-admin-password'))).toBe(false);
      } finally {
        await new Promise((resolve) => occupant.close(resolve));
      }
    }, 90_000);

    it('stops on a METRICS_PORT in use before anything starts too: a fresh DATA_DIR gets no cluster and no administrator', async () => {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const occupant: Server = createServer();
      await new Promise<void>((resolve) => occupant.listen(metricsPort, '127.0.0.1', resolve));
      const folder = mkdtempSync(join(tmpdir(), 'pathwarden-metrics-port-'));
      const dataDir = join(folder, 'data');
      try {
        const service = run({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(metricsPort), SAMPLE_DATA: 'false' });
        expect(await service.exited).toEqual({ code: 1, signal: null });
        expect(service.stderr())
          .toBe(`Cannot listen: port ${metricsPort} on 127.0.0.1 is already in use (set METRICS_PORT, or stop what uses it)\n`);
        expect(service.stdout()).toBe('');
        expect(existsSync(join(dataDir, 'pg'))).toBe(false);
        expect(existsSync(join(dataDir, 'initial-admin-password'))).toBe(false);
      } finally {
        await new Promise((resolve) => occupant.close(resolve));
        rmSync(folder, { recursive: true, force: true });
      }
    }, 90_000);
  });

  describe('stopping', () => {
    it('Ctrl-C (SIGINT to the process group) mid-analysis on the embedded PostgreSQL: exit 0, one line, the database stopped last, the job taken over at once by the next start', async () => {
      const dataDir = join(mkdtempSync(join(tmpdir(), 'pathwarden-stop-')), 'data');
      const port = await freePort();
      // INGEST_TASK_LEASE of an hour: whatever resumes below does so without waiting for a lease.
      const env = {
        DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SAMPLE_DATA: 'false', ADMIN_PASSWORD,
        DATAPIPE_INTERVAL: '1', INGEST_TASK_LEASE: '3600',
      };
      let postmaster = 0;
      try {
        const first = run(env);
        await first.line(/^Pathwarden listening on/);
        const [pid, , , pgPort] = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
        postmaster = Number(pid);
        expect(processGroup(postmaster)).not.toBe(processGroup(first.pid));

        const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
        const holder = new Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/pathwarden` });
        holder.on('error', () => undefined); // its session ends when the database stops
        await holder.connect();
        // Another "instance" analyses: the job is claimed (Analyzing) and waits for the analysis lock.
        await holder.query('SELECT pg_advisory_lock($1::bigint)', [ANALYSIS_LOCK_KEY]);
        const api = new Api(`http://127.0.0.1:${port}`);
        await api.login();
        const id = await api.upload(usersFile('S-1-5-21-9-1001'));
        await api.jobReaches(id, 7);
        await waitingForLock(holder, 'advisory');
        // Its turn comes with the graph locked: post-processing starts and waits inside its transaction.
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE node, edge IN ACCESS EXCLUSIVE MODE');
        await holder.query('SELECT pg_advisory_unlock($1::bigint)', [ANALYSIS_LOCK_KEY]);
        await waitingForLock(holder, 'relation');

        first.signal('SIGINT', 'group');
        expect(await first.exited).toEqual({ code: 0, signal: null });
        const after = linesAfterStart(first);
        expect(after.filter((line) => STOP_LINE.test(line))).toHaveLength(1);
        expect(after.at(-1)).toMatch(STOP_LINE);
        expect(complaints(after)).toEqual([]);
        expect(first.stderr()).toBe('');
        expect(first.stdout()).not.toContain('terminating connection');
        expect(alive(postmaster)).toBe(false);
        expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
        await holder.end().catch(() => undefined);

        const second = run(env);
        await second.line(/^Pathwarden listening on/);
        postmaster = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
        const again = new Api(`http://127.0.0.1:${port}`);
        await again.login();
        expect(await again.jobReaches(id, 2)).toMatchObject({ status: 2, status_message: 'Complete' });
        second.signal('SIGTERM', 'process');
        expect(await second.exited).toEqual({ code: 0, signal: null });
        expect(alive(postmaster)).toBe(false);
      } finally {
        if (postmaster && alive(postmaster)) process.kill(postmaster, 'SIGINT');
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 240_000);

    it('SIGTERM to `npm start` mid-ingest (DATABASE_URL): npm hands it to node, which exits 0 and hands the upload back to the queue untried', async () => {
      const name = `t_stop_${randomBytes(6).toString('hex')}`;
      const admin = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = adminUrl();
      url.pathname = `/${name}`;
      const port = await freePort();
      const env = {
        DATABASE_URL: url.toString(), ...secrets(), PORT: String(port), HOST: '127.0.0.1', SAMPLE_DATA: 'false',
        ADMIN_PASSWORD, DATAPIPE_INTERVAL: '1', INGEST_TASK_LEASE: '3600',
      };
      const holder = new Client({ connectionString: url.toString() });
      try {
        // --ignore-scripts: `start` without its prestart build check (built above).
        const npm = run(env, ['npm', 'start', '--ignore-scripts']);
        await npm.line(/^Pathwarden listening on/);
        const node = Number(JSON.parse(npm.stdout().split('\n').find((line) => line.startsWith('{'))!).pid);
        expect(node).not.toBe(npm.pid);
        await holder.connect();
        // The graph is locked: the stored upload is claimed, and its first batch waits to be written.
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE node IN ACCESS EXCLUSIVE MODE');
        const api = new Api(`http://127.0.0.1:${port}`);
        await api.login();
        const id = await api.upload(usersFile('S-1-5-21-9-2001'));
        await waitingForLock(holder, 'relation');

        npm.signal('SIGTERM', 'process');
        expect(await npm.exited).toEqual({ code: 0, signal: null });
        expect(alive(node)).toBe(false);
        const after = linesAfterStart(npm);
        expect(after.filter((line) => STOP_LINE.test(line))).toEqual([expect.stringMatching(/^Pathwarden stopped on SIGTERM/)]);
        expect(complaints(after)).toEqual([]);
        await holder.query('ROLLBACK');
        const { rows } = await holder.query('SELECT claimed_at, claimed_by, attempts FROM ingest_tasks WHERE job_id = $1', [id]);
        expect(rows).toEqual([{ claimed_at: null, claimed_by: null, attempts: 0 }]);

        const second = run(env);
        await second.line(/^Pathwarden listening on/);
        const again = new Api(`http://127.0.0.1:${port}`);
        await again.login();
        expect(await again.jobReaches(id, 2)).toMatchObject({ status: 2, status_message: 'Complete' });
        second.signal('SIGINT', 'group');
        expect(await second.exited).toEqual({ code: 0, signal: null });
      } finally {
        await holder.end().catch(() => undefined);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }, 240_000);

    it('SIGHUP (the terminal closing) on the first start of an embedded cluster: exit 0, one line, the database stopped', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'pathwarden-hup-'));
      const dataDir = join(folder, 'data');
      const port = await freePort();
      let postmaster = 0;
      try {
        const service = run({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SAMPLE_DATA: 'false' });
        await service.line(/^Pathwarden listening on/);
        postmaster = postmasterOf(dataDir);

        service.signal('SIGHUP', 'process');
        expect(await service.exited).toEqual({ code: 0, signal: null });
        expect(linesAfterStart(service).at(-1)).toMatch(/^Pathwarden stopped on SIGHUP after \d+ ms$/);
        expect(service.stderr()).toBe('');
        expect(alive(postmaster)).toBe(false);
      } finally {
        if (postmaster && alive(postmaster)) process.kill(postmaster, 'SIGINT');
        rmSync(folder, { recursive: true, force: true });
      }
    }, 120_000);
  });

  describe('the CLI as a process', () => {
    const CLI_MAIN = 'dist/apps/cli/src/main.js';

    it('Ctrl-C (SIGINT to its process group) mid-ingest on the embedded PostgreSQL: exit 130, one line, the database it started stopped', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'pathwarden-cli-stop-'));
      const dataDir = join(folder, 'data');
      // A named pipe as the file to ingest: the command waits in the middle of its work, database running, until
      // something is written.
      const fifo = join(folder, 'users.json');
      execFileSync('mkfifo', [fifo]);
      let writer: number | undefined;
      let postmaster = 0;
      try {
        const cli = run({ DATA_DIR: dataDir }, [process.execPath, CLI_MAIN, 'ingest', '--no-analyze', fifo]);
        // Opening the pipe's write end without blocking succeeds once the command has opened it for reading.
        while (writer === undefined) {
          try {
            writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
        postmaster = postmasterOf(dataDir);
        expect(processGroup(postmaster)).not.toBe(processGroup(cli.pid));

        cli.signal('SIGINT', 'group');
        expect(await cli.exited).toEqual({ code: 130, signal: null });
        expect(cli.stderr()).toBe('error: stopped by SIGINT before the command finished\n');
        await gone(postmaster);
        expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      } finally {
        if (writer !== undefined) closeSync(writer);
        if (postmaster && alive(postmaster)) process.kill(postmaster, 'SIGINT');
        rmSync(folder, { recursive: true, force: true });
      }
    }, 120_000);
  });

  afterAll(() => {
    for (const service of services) service.kill();
  });
});
