import { Injectable } from '@nestjs/common';
import { ApiError, runWithDeadlineCap, type Principal } from '@app/platform';
import { GraphConfig } from '../graph-config.js';
import { GraphErrors } from './graph-errors.js';

/**
 * The resource limits every graph request runs under (compat.md "Deadlines and resource limits"): the server
 * ceiling GRAPH_QUERY_TIMEOUT whatever Prefer asks, and at most GRAPH_CONCURRENCY_PER_USER graph requests of one
 * user at a time, so one analyst's heavy queries cannot take every database connection.
 */
@Injectable()
export class GraphLimits {
  /** Graph requests in progress per user. In-process: each instance guards its own connection pool. */
  private readonly running = new Map<string, number>();

  constructor(private readonly config: GraphConfig) {}

  /** Most graph elements (nodes + edges) one answer may carry. */
  get resultLimit(): number {
    return this.config.graphResultLimit;
  }

  /** Runs graph work for the caller under the graph deadline ceiling; 429 when the caller is at their limit. */
  async run<T>(principal: Principal, work: () => Promise<T>): Promise<T> {
    const key = principal.userId;
    const limit = this.config.graphConcurrencyPerUser;
    const inProgress = this.running.get(key) ?? 0;
    if (inProgress >= limit) throw new ApiError(429, [GraphErrors.tooManyGraphRequests(limit)]);
    this.running.set(key, inProgress + 1);
    try {
      return await runWithDeadlineCap(this.config.graphQueryTimeoutSeconds * 1000, work);
    } finally {
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    }
  }
}
