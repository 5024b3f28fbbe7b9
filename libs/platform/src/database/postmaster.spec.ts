import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostmaster } from './postmaster.js';

/**
 * startPostmaster against stand-ins for the `postgres` binary: shell scripts that say what postgres says and, on
 * SIGINT (postgres' fast shutdown), leave a `stopped` file in the data folder (-D) and exit.
 */
const READY = 'LOG:  database system is ready to accept connections';
/**
 * A script that says `words` on stderr and then waits for SIGINT. The trap is set before it says anything: a SIGINT
 * sent as soon as it says it is ready would otherwise kill it without the `stopped` file (seen under load).
 */
const stopsOnSigint = (words: string) => `dir="$2"\ntrap 'kill $sleeper; echo SIGINT > "$dir/stopped"; exit 0' INT\n`
  + `echo "${words}" >&2\nsleep 600 & sleeper=$!\nwait $sleeper\n`;

const folders: string[] = [];
/** A folder holding a `postgres` script with `body`; it doubles as the data folder. */
function fakePostgres(body: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fake-postgres-'));
  folders.push(dir);
  writeFileSync(join(dir, 'postgres'), `#!/bin/sh\n${body}`, { mode: 0o755 });
  return dir;
}
const start = (dir: string, readyTimeoutMs?: number) =>
  startPostmaster({ binDir: dir, databaseDir: dir, port: 1, flags: [], readyTimeoutMs });

/** Waits for `condition` (the scripts react to signals in their own time). */
async function eventually(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}
const exitListeners = () => process.listeners('exit');

describe('startPostmaster', () => {
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('stops the server (SIGINT) when this process exits without stopping it, from an exit listener', async () => {
    const dir = fakePostgres(stopsOnSigint(READY));
    const before = exitListeners();
    const postmaster = await start(dir);
    const added = exitListeners().filter((listener) => !before.includes(listener));
    expect(added).toHaveLength(1);

    added[0](0); // what process.exit() runs
    await eventually(() => existsSync(join(dir, 'stopped')));
    await postmaster.stop();
    expect(exitListeners()).toEqual(before);
  });

  it('stops once however often it is asked, and no longer listens for the exit then', async () => {
    const dir = fakePostgres(stopsOnSigint(READY));
    const before = exitListeners();
    const postmaster = await start(dir);
    const first = postmaster.stop();
    expect(postmaster.stop()).toBe(first);
    await first;
    expect(existsSync(join(dir, 'stopped'))).toBe(true);
    expect(exitListeners()).toEqual(before);
  });

  it('gives up on a server not ready in time, in one line with its last words, and stops it', async () => {
    const dir = fakePostgres(stopsOnSigint('LOG:  database system was interrupted; last known up at 2026-01-01'));
    const before = exitListeners();
    await expect(start(dir, 100)).rejects.toThrow(
      'postgres did not accept connections within 0.1 s: LOG:  database system was interrupted; last known up at 2026-01-01',
    );
    await eventually(() => existsSync(join(dir, 'stopped')));
    await eventually(() => exitListeners().length === before.length);
    expect(exitListeners()).toEqual(before);
  });

  it('rejects with postgres\' fatal words when it exits before accepting connections', async () => {
    const dir = fakePostgres('echo "LOG:  starting PostgreSQL" >&2\necho "FATAL:  lock file \\"postmaster.pid\\" already exists" >&2\nexit 1\n');
    const before = exitListeners();
    await expect(start(dir)).rejects.toThrow('postgres exited (code 1) before accepting connections: FATAL:  lock file "postmaster.pid" already exists');
    expect(exitListeners()).toEqual(before);
  });
});
