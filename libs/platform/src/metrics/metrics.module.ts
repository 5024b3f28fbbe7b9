import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { DatabasePoolMetrics } from './database-pool-metrics.js';
import { HttpMetrics } from './http-metrics.js';
import { Metrics } from './metrics.js';
import { MetricsServer } from './metrics-server.js';
import { RoutePatternGuard } from './route-pattern.guard.js';

/**
 * Prometheus metrics: the registry (`Metrics`) feature modules record into, HTTP request metrics, the database
 * pool, and the server of GET /metrics. Import it where metrics are recorded; it is one instance per application.
 * The API imports it before HttpPlatformModule, so its route guard runs before any guard that may refuse.
 */
@Module({
  providers: [Metrics, HttpMetrics, DatabasePoolMetrics, MetricsServer, { provide: APP_GUARD, useClass: RoutePatternGuard }],
  exports: [Metrics, HttpMetrics, MetricsServer],
})
export class MetricsModule {}
