import type { Logger } from '@nestjs/common';

/**
 * Background ticks of a service (the scheduler, the datapipe): every `seconds` on an unref'd timer (ticks never
 * keep the process alive), a tick skipped while the previous one still runs, its outcome logged and never thrown.
 */
export class BackgroundTicks<R> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly tick: () => Promise<R>,
    /** A log line for a tick's outcome, or undefined when it did nothing worth saying. */
    private readonly describe: (report: R) => string | undefined,
  ) {}

  get started(): boolean {
    return this.timer !== undefined;
  }

  /** Starts ticking; no-op when `seconds` is 0 or it already ticks. */
  start(seconds: number): void {
    if (seconds <= 0 || this.timer) return;
    this.timer = setInterval(() => this.fire(), seconds * 1000);
    this.timer.unref();
  }

  /** Stops ticking and waits for a tick in flight (before the database connections close under it). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private fire(): void {
    if (this.running) return;
    this.running = this.tick()
      .then(
        (report) => {
          const line = this.describe(report);
          if (line) this.logger.log(line);
        },
        (error: unknown) => this.logger.error(`tick failed: ${error instanceof Error ? error.message : String(error)}`, (error as Error)?.stack),
      )
      .finally(() => {
        this.running = undefined;
      });
  }
}
