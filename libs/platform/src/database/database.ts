import { Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { currentSignal, remainingMs } from '../context/request-context.js';
import { ApiError } from '../common/api-error.js';

/** PostgreSQL SQLSTATEs the platform maps to wire errors. */
export const PgErrorCodes = {
  queryCanceled: '57014',
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

/** The SQLSTATE of a failed query, if the error came from PostgreSQL. */
export function pgErrorCode(error: unknown): string | undefined {
  if (error instanceof QueryFailedError) return (error.driverError as { code?: string }).code;
  return (error as { code?: string } | undefined)?.code;
}

/** The name of the constraint a PostgreSQL error names, if any. */
export function pgConstraint(error: unknown): string | undefined {
  const source = error instanceof QueryFailedError ? error.driverError : error;
  return (source as { constraint?: string } | undefined)?.constraint;
}

export interface TransactionOptions {
  readOnly?: boolean;
}

/**
 * Runs database work under the request's deadline: each unit of work is one transaction with a local (never
 * session-wide, on a pooled connection) statement_timeout of the time left, plus a timer that cancels the running
 * statement on the server when the deadline passes; a cancelled statement answers 504 `request timed out`. The
 * context's signal (background work while the service stops) cancels the running statement the same way, and no
 * unit of work starts once it has aborted.
 */
@Injectable()
export class Database {
  /** The transaction the current async call chain runs in, so nested units of work join it. */
  private readonly current = new AsyncLocalStorage<EntityManager>();

  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  /**
   * Runs `work` in one transaction bounded by the current deadline; inside another unit of work, joins it.
   * `readOnly` makes the transaction READ ONLY (graph reads: a translated query can never write).
   */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const outer = this.current.getStore();
    if (outer) return work(outer);
    const signal = currentSignal();
    signal?.throwIfAborted();
    const budget = Math.floor(remainingMs());
    if (budget <= 0) throw ApiError.timedOut();
    try {
      return await this.dataSource.transaction(async (manager) => {
        // One round trip: the statement limit (SET LOCAL) and this backend's pid, for the deadline timer below.
        // Switching a transaction to read-only is allowed after its first query (only the reverse is not).
        const [{ pid, started }] = await manager.query(
          "SELECT set_config('statement_timeout', $1, true), set_config('idle_in_transaction_session_timeout', $1, true), " +
            "set_config('transaction_read_only', $2, true), pg_backend_pid() AS pid, now()::text AS started",
          [String(budget), options.readOnly ? 'on' : 'off'],
        );
        // statement_timeout bounds each statement; the timer also stops the one running when the deadline passes.
        const cancel = () => void this.cancelBackend(pid, started);
        const timer = setTimeout(cancel, budget);
        signal?.addEventListener('abort', cancel);
        try {
          signal?.throwIfAborted();
          return await this.current.run(manager, () => work(manager));
        } finally {
          clearTimeout(timer);
          signal?.removeEventListener('abort', cancel);
        }
      });
    } catch (error) {
      if (pgErrorCode(error) === PgErrorCodes.queryCanceled) throw ApiError.timedOut();
      throw error;
    }
  }

  /**
   * Cancels the statement of this transaction only: by the time the timer fires, the transaction may have ended
   * and its pooled connection may be serving another request, whose statement must not be cancelled.
   */
  private async cancelBackend(pid: number, started: string): Promise<void> {
    try {
      await this.dataSource.query(
        'SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE pid = $1 AND xact_start = $2::timestamptz',
        [pid, started],
      );
    } catch {
      // Best effort: statement_timeout still bounds the statement.
    }
  }

  /** Runs a single query under the current deadline. */
  query<T = unknown>(sql: string, parameters: unknown[] = [], options: TransactionOptions = {}): Promise<T[]> {
    return this.transaction((manager) => manager.query(sql, parameters) as Promise<T[]>, options);
  }
}
