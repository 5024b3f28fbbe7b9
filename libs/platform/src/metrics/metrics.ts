import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { runWithDeadlineCap } from '../context/request-context.js';

/** The metric types feature modules hold (they create them through Metrics, never import prom-client themselves). */
export type { Counter, Gauge, Histogram } from 'prom-client';

/** One value of a gauge read at scrape time. */
export interface GaugeSample<L extends string> {
  labels?: Partial<Record<L, string>>;
  value: number;
}

/** Longest a scrape-time read may take (Prometheus' default scrape timeout is 10 s). */
export const SCRAPE_READ_DEADLINE_MS = 5000;

/**
 * The application's Prometheus registry. One per application instance (not prom-client's global one), so several
 * apps in one process (the tests) never clash. Feature modules create their own metrics here; the metrics server
 * exposes them. Names start with `pathwarden_`.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private processMetrics = false;

  /** A counter; asking again for the same name answers the same counter. */
  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return this.existing<Counter<L>>(name) ?? new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** A histogram with the given bucket bounds (seconds, for durations). */
  histogram<L extends string = never>(name: string, help: string, labelNames: readonly L[], buckets: number[]): Histogram<L> {
    return this.existing<Histogram<L>>(name) ?? new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /**
   * A gauge whose values `read` gathers at each scrape (under a short deadline, for reads that query the database).
   * A failed read is logged and leaves the gauge without values for that scrape; the other metrics are still served.
   */
  gaugeAtScrape<L extends string = never>(
    name: string, help: string, labelNames: readonly L[], read: () => Promise<GaugeSample<L>[]> | GaugeSample<L>[],
  ): Gauge<L> {
    const logger = this.logger;
    return this.existing<Gauge<L>>(name) ?? new Gauge({
      name, help, labelNames, registers: [this.registry],
      async collect() {
        this.reset();
        try {
          const samples = await runWithDeadlineCap(SCRAPE_READ_DEADLINE_MS, read);
          for (const { labels, value } of samples) {
            if (labels) this.set(labels as Partial<Record<L, string | number>>, value);
            else this.set(value);
          }
        } catch (error) {
          logger.warn(`could not read ${name}: ${(error as Error)?.message ?? String(error)}`);
        }
      },
    });
  }

  /** Adds Node's process metrics (CPU, memory, event loop, GC); done once, when the metrics server starts. */
  collectProcessMetrics(): void {
    if (this.processMetrics) return;
    this.processMetrics = true;
    collectDefaultMetrics({ register: this.registry });
  }

  private existing<M extends Metric<string>>(name: string): M | undefined {
    return this.registry.getSingleMetric(name) as M | undefined;
  }
}
