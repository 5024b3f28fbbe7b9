import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import { stopStartedPostgres } from '@app/platform';

/** A terminal's Ctrl-C (which reaches npm and node alike), `kill` or a container stop, the terminal closing. */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** A signal this soon after the last one honoured is the same request again: npm forwards the Ctrl-C node got. */
export const REPEAT_WINDOW_MS = 1000;

/** What a stop does besides closing the app; the process's own by default, fakes in tests. */
export interface StopEffects {
  say(line: string): void;
  complain(line: string): void;
  now(): number;
  /** Stops the embedded PostgreSQL this process started, if any (and still running). */
  stopDatabase(): Promise<void>;
  exit(code: number): void;
}

const processEffects: StopEffects = {
  say: (line) => console.log(line),
  complain: (line) => console.error(line),
  now: () => Date.now(),
  stopDatabase: stopStartedPostgres,
  exit: (code) => process.exit(code),
};

/**
 * SIGINT, SIGTERM and SIGHUP stop the service: the app closes (background work abandoned and handed back, the HTTP
 * server after its requests in flight, the database connections, the embedded PostgreSQL last), one line says so,
 * and the process exits 0. A signal during start-up stops the service as soon as it is up. A close that fails still
 * stops the embedded PostgreSQL (Nest runs no shutdown hook after a failing one) and exits 1.
 *
 * A repeat within REPEAT_WINDOW_MS is ignored (npm forwards the Ctrl-C node has received already); a later one
 * forces the stop: connections cut, the embedded PostgreSQL stopped, exit 1. A third exits at once.
 */
export class GracefulStop {
  private app: INestApplication | undefined;
  private signal: NodeJS.Signals | undefined;
  private firstAt = 0;
  private lastAt = 0;
  private forcing = false;

  constructor(private readonly effects: StopEffects = processEffects) {}

  /** Handles the stop signals from now on. */
  listen(): this {
    for (const signal of SIGNALS) process.on(signal, () => this.requested(signal));
    return this;
  }

  /** The service is up: from now on a signal closes `app` (at once if one came during start-up). */
  serving(app: INestApplication): void {
    this.app = app;
    if (this.signal) void this.stop(app, this.signal);
  }

  /** A stop signal arrived. */
  requested(signal: NodeJS.Signals): void {
    const now = this.effects.now();
    if (this.signal === undefined) {
      this.signal = signal;
      this.firstAt = this.lastAt = now;
      if (this.app) void this.stop(this.app, signal);
      return;
    }
    if (now - this.lastAt < REPEAT_WINDOW_MS) return;
    this.lastAt = now;
    if (this.forcing) {
      this.effects.exit(1);
      return;
    }
    void this.force(signal, now - this.firstAt);
  }

  private async stop(app: INestApplication, signal: NodeJS.Signals): Promise<void> {
    const started = this.effects.now();
    try {
      await app.close();
    } catch (error) {
      this.effects.complain(`Pathwarden did not stop cleanly on ${signal}: ${error instanceof Error ? error.message : String(error)}`);
      await this.effects.stopDatabase();
      this.effects.exit(1);
      return;
    }
    this.effects.say(`Pathwarden stopped on ${signal} after ${this.effects.now() - started} ms`);
    this.effects.exit(0);
  }

  /**
   * Stops without waiting for the app any longer: requests in flight are cut, and work not yet handed back stays as
   * it is (an upload being ingested waits for its INGEST_TASK_LEASE; Analyzing jobs are taken over at once anyway).
   */
  private async force(signal: NodeJS.Signals, afterMs: number): Promise<void> {
    this.forcing = true;
    this.effects.complain(`Pathwarden forced to stop by ${signal} ${afterMs} ms into stopping: connections cut, exit code 1`);
    (this.app?.getHttpServer() as Server | undefined)?.closeAllConnections();
    await this.effects.stopDatabase();
    this.effects.exit(1);
  }
}
