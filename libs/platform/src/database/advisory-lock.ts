import { ApiError } from '../http/api-error.js';
import { remainingMs } from '../context/request-context.js';
import { pgErrorCode, type Database } from './database.js';

/** lock_not_available: lock_timeout passed while waiting. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Runs `work` while holding the transaction-scoped advisory lock `key` (a bigint as a decimal string), taken on a
 * connection of its own: `work` runs its own units of work on other connections (a failure inside one must not
 * abort a shared transaction). The lock ends with that transaction, or with the connection if the process dies,
 * so a crashed instance never blocks the others. The holder's idle timeout is off (it is idle while `work` runs);
 * waiting for the lock is bounded by the current deadline: 504 when it passes.
 */
export async function withAdvisoryLock<T>(database: Database, key: string, work: () => Promise<T>): Promise<T> {
  const budget = Math.floor(remainingMs());
  if (budget <= 0) throw ApiError.timedOut();
  const runner = database.dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    try {
      await runner.query(
        "SELECT set_config('lock_timeout', $1, true), set_config('idle_in_transaction_session_timeout', '0', true)",
        [String(budget)],
      );
      await runner.query('SELECT pg_advisory_xact_lock($1::bigint)', [key]);
    } catch (error) {
      if (pgErrorCode(error) === LOCK_NOT_AVAILABLE) throw ApiError.timedOut();
      throw error;
    }
    return await work();
  } finally {
    // Ends the transaction (and the lock); a connection the server already closed just goes back broken.
    await runner.rollbackTransaction().catch(() => undefined);
    await runner.release();
  }
}
