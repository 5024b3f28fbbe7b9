import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The compiled service, as `npm start` runs it. */
export const SERVICE_MAIN = 'dist/apps/api/src/main.js';

/** Builds dist/ when it is missing or older than the sources (what `npm start` does first). */
export function buildService(): void {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'pipe' });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A run of the built service: its output as it comes, its exit. */
export interface ServiceProcess {
  readonly pid: number;
  readonly exited: Promise<Exit>;
  stdout(): string;
  stderr(): string;
  /** The first stdout line matching `pattern` (waiting for it); rejects when the process exits first. */
  line(pattern: RegExp): Promise<string>;
  /** Sends `signal` to the process, or to its whole process group (as a terminal's Ctrl-C does). */
  signal(signal: NodeJS.Signals, to: 'process' | 'group'): void;
  /** Test clean-up: kills the group if anything of it still runs. */
  kill(): void;
}

/**
 * Starts `command` (by default `node dist/apps/api/src/main.js`) with only `env` besides PATH and HOME, as the
 * leader of a process group of its own, like a job in a terminal.
 */
export function startService(env: Record<string, string>, command: string[] = [process.execPath, SERVICE_MAIN]): ServiceProcess {
  const child: ChildProcess = spawn(command[0], command.slice(1), {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    for (const waiter of waiters) waiter();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => void (err += chunk));
  const exited = new Promise<Exit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  let running = true;
  void exited.then(() => {
    running = false;
    for (const waiter of waiters) waiter();
  });
  return {
    pid: child.pid!,
    exited,
    stdout: () => out,
    stderr: () => err,
    line(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = out.split('\n').find((line) => pattern.test(line));
          if (found !== undefined) {
            waiters.delete(check);
            resolve(found);
          } else if (!running) {
            waiters.delete(check);
            reject(new Error(`exited before printing ${pattern}:\n${out}\n${err}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    signal(signal, to) {
      process.kill(to === 'group' ? -child.pid! : child.pid!, signal);
    },
    kill() {
      if (!running) return;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    },
  };
}

/** True while a process with this pid runs (an exited one its parent has not reaped yet, a zombie, does not). */
export function alive(pid: number): boolean {
  const state = statField(pid, 0);
  return state !== undefined && state !== 'Z';
}

/** The process group of a running process (Linux /proc). */
export function processGroup(pid: number): number {
  return Number(statField(pid, 2));
}

/** A field of /proc/<pid>/stat after "pid (comm)": 0 is the state, 2 the process group; undefined once it is gone. */
function statField(pid: number, index: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid pgrp ...": comm may hold spaces, so fields count from the last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[index];
}
