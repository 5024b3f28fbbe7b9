import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Counter, Histogram } from 'prom-client';
import { Metrics } from './metrics.js';
import { routePatternOf } from './route-pattern.guard.js';

/**
 * Route label of a request no route handled: unknown paths, and requests refused before routing (a malformed
 * `Prefer`, a JSON body over its limit). One value, so URLs never become labels.
 */
export const UNMATCHED_ROUTE = 'unmatched';

/** Bucket bounds of request durations, in seconds (graph work may take up to GRAPH_QUERY_TIMEOUT). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

type HttpLabel = 'method' | 'route' | 'status';

/** Request count and latency by method, route pattern (e.g. `/api/v2/clients/:client_id`) and status. */
@Injectable()
export class HttpMetrics {
  private readonly requests: Counter<HttpLabel>;
  private readonly duration: Histogram<HttpLabel>;

  constructor(metrics: Metrics) {
    const labels = ['method', 'route', 'status'] as const;
    this.requests = metrics.counter('pathwarden_http_requests_total', 'HTTP requests answered', labels);
    this.duration = metrics.histogram('pathwarden_http_request_duration_seconds', 'Time to answer an HTTP request', labels,
      DURATION_BUCKETS);
  }

  /** Express middleware, mounted first: records each request once, when its response finishes or the connection closes. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const labels = { method: req.method, route: routePatternOf(req) ?? UNMATCHED_ROUTE, status: String(res.statusCode) };
      this.requests.inc(labels);
      this.duration.observe(labels, (performance.now() - started) / 1000);
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}
