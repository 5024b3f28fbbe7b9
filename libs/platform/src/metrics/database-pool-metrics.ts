import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Metrics } from './metrics.js';

/** The counters node-postgres keeps on its pool. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max: number };
}

/** The PostgreSQL connection pool (TypeORM's node-postgres pool), read at scrape time: no work per query. */
@Injectable()
export class DatabasePoolMetrics {
  constructor(metrics: Metrics, @InjectDataSource() dataSource: DataSource) {
    // TypeORM's postgres driver keeps its pool as `master`; absent until the DataSource is initialised.
    const pool = (): PoolCounts | undefined =>
      dataSource.isInitialized ? (dataSource.driver as unknown as { master?: PoolCounts }).master : undefined;
    const gauge = (name: string, help: string, value: (counts: PoolCounts) => number) =>
      metrics.gaugeAtScrape(name, help, [], () => {
        const counts = pool();
        return counts ? [{ value: value(counts) }] : [];
      });
    gauge('pathwarden_db_pool_connections', 'Open database connections (idle and in use)', (c) => c.totalCount);
    gauge('pathwarden_db_pool_idle_connections', 'Open database connections not in use', (c) => c.idleCount);
    gauge('pathwarden_db_pool_waiting_clients', 'Database work waiting for a free connection', (c) => c.waitingCount);
    gauge('pathwarden_db_pool_max_connections', 'Most connections the pool opens', (c) => c.options.max);
  }
}
