import type { INestApplication } from '@nestjs/common';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * SIGINT (a terminal's Ctrl-C, which reaches npm and node alike) and SIGTERM (`kill`, a container stop, npm
 * forwarding it) stop the service: the app closes (background work abandoned and handed back, the HTTP server
 * after its requests in flight, the database connections, the embedded PostgreSQL last), one line says so, and
 * the process exits 0. A signal during start-up stops the service as soon as it is up. A signal repeated while
 * stopping is ignored: npm forwards the Ctrl-C node has received already.
 */
export class GracefulStop {
  private app: INestApplication | undefined;
  private signal: NodeJS.Signals | undefined;

  constructor(private readonly say: (line: string) => void = console.log) {
    for (const signal of SIGNALS) process.on(signal, () => this.requested(signal));
  }

  /** The service is up: from now on a signal closes `app` (at once if one came during start-up). */
  serving(app: INestApplication): void {
    this.app = app;
    if (this.signal) void this.stop(app, this.signal);
  }

  private requested(signal: NodeJS.Signals): void {
    if (this.signal) return;
    this.signal = signal;
    if (this.app) void this.stop(this.app, signal);
  }

  private async stop(app: INestApplication, signal: NodeJS.Signals): Promise<void> {
    const started = Date.now();
    try {
      await app.close();
    } catch (error) {
      console.error(`Pathwarden did not stop cleanly on ${signal}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    this.say(`Pathwarden stopped on ${signal} after ${Date.now() - started} ms`);
    process.exit(0);
  }
}
