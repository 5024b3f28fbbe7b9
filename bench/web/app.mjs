// The built app for the explorer's bench and screenshot: a fresh database (`database`, on DATABASE_URL's server or an
// embedded PostgreSQL), migrated, `seed(url)` run on it before the app boots, then `node dist/apps/api/src/main.js`
// with SAMPLE_DATA=true on a loopback port; resolves once the sample data is ingested and analysed.
import pg from 'pg';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { migrateDatabase } from '../graph/load.mjs';
import { benchAppEnv, freePort } from '../app-env.mjs';


async function databaseServer(dist) {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => undefined };
  const { startEmbeddedPostgres } = await import(`${dist}/libs/platform/src/database/embedded-postgres.js`);
  const folder = mkdtempSync(join(tmpdir(), 'pathwarden-bench-web-pg-'));
  const handle = await startEmbeddedPostgres(folder, () => undefined);
  return {
    adminUrl: handle.url,
    stop: async () => {
      await handle.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function adminQuery(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Starts the app; returns its origin, the admin's password and session token, `api(path, init)` (JSON, as the
 * admin) and `stop()` (stops the app, drops the database).
 */
export async function startWebApp({ dist, database, seed = async () => undefined }) {
  const server = await databaseServer(dist);
  await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await adminQuery(server.adminUrl, `CREATE DATABASE ${database}`);
  const url = new URL(server.adminUrl);
  url.pathname = `/${database}`;
  await migrateDatabase(dist, url.toString());
  await seed(url.toString());

  const password = `Bench-${randomBytes(12).toString('base64url')}-9a!`;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pathwarden-bench-web-'));
  // The app serves the explorer from dist/web under its working folder.
  const app = spawn(process.execPath, [join(dist, 'apps/api/src/main.js')], {
    cwd: dirname(dist),
    env: {
      ...process.env,
      ...benchAppEnv(url.toString(), dataDir, {
        ADMIN_PASSWORD: password,
        PORT: String(port),
        HOST: '127.0.0.1',
        EDITION: 'enterprise',
        LOG_LEVEL: 'warn',
        // Every measured run signs in afresh.
        LOGIN_THROTTLE_LIMIT: '1000000',
        SAMPLE_DATA: 'true',
        SCHEDULER_INTERVAL: '0',
      }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (app.exitCode === null) {
      const exited = new Promise((ok) => app.once('exit', ok));
      app.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await server.stop();
  };
  try {
    let output = '';
    await new Promise((ok, fail) => {
      app.stdout.on('data', (chunk) => {
        output = (output + String(chunk)).slice(-20_000);
        if (output.includes('Pathwarden listening')) ok();
      });
      app.once('exit', (code) => fail(new Error(`the app exited with ${code} before it listened:\n${output}`)));
    });
    const origin = `http://127.0.0.1:${port}`;
    let token;
    const api = async (path, init = {}) => {
      const res = await fetch(`${origin}${path}`, {
        ...init,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...init.headers },
      });
      return { status: res.status, body: await res.json().catch(() => undefined) };
    };
    const login = await api('/api/v2/login', { method: 'POST', body: JSON.stringify({ login_method: 'secret', username: 'admin', secret: password }) });
    if (login.status !== 200) throw new Error(`admin login answered ${login.status}`);
    token = login.body.data.session_token;
    // The sample data loads and is analysed in the background after start.
    for (let deadline = Date.now() + 600_000; ; await new Promise((ok) => setTimeout(ok, 500))) {
      const status = (await api('/api/v2/datapipe/status')).body?.data;
      if (status?.status === 'idle' && status.last_complete_analysis_at && !status.last_complete_analysis_at.startsWith('0001')) break;
      if (Date.now() > deadline) throw new Error(`the sample data was not analysed in 10 minutes: ${JSON.stringify(status)}`);
    }
    return { origin, password, token, api, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
