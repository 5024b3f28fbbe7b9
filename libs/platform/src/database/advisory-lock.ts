import { ApiError } from '../common/api-error.js';
import { currentSignal, remainingMs } from '../context/request-context.js';
import { pgErrorCode, type Database } from './database.js';

/** lock_not_available: lock_timeout passed while waiting. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Key of the advisory lock that serialises analyses ("PWANALYS" as bytes, unlikely to meet another lock). Analysis
 * holds it until its upload jobs are finished; ingest reads it too: a job left Analyzing is orphaned (its instance
 * stopped or died) when nobody holds it, but for the few ms between a live instance's claim and its lock request.
 */
export const ANALYSIS_LOCK_KEY = '5789167650366839123';

/**
 * Runs `work` while holding the transaction-scoped advisory lock `key` (a bigint as a decimal string), taken on a
 * connection of its own: `work` runs its own units of work on other connections (a failure inside one must not
 * abort a shared transaction). The lock ends with that transaction, or with the connection if the process dies,
 * so a crashed instance never blocks the others. The holder's idle timeout is off (it is idle while `work` runs);
 * waiting for the lock is bounded by the current deadline (504 when it passes) and ends when the context's signal
 * aborts (the service is stopping). With `busy`, it does not wait: when another holds the lock, `busy()` is thrown.
 */
export async function withAdvisoryLock<T>(
  database: Database, key: string, work: () => Promise<T>, options: { busy?: () => Error } = {},
): Promise<T> {
  const signal = currentSignal();
  signal?.throwIfAborted();
  const budget = Math.floor(remainingMs());
  if (budget <= 0) throw ApiError.timedOut();
  const runner = database.dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    const [{ pid }] = await runner.query(
      "SELECT set_config('lock_timeout', $1, true), set_config('idle_in_transaction_session_timeout', '0', true), " +
        'pg_backend_pid() AS pid',
      [String(budget)],
    );
    const cancelWait = () => void database.dataSource.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
    signal?.addEventListener('abort', cancelWait);
    try {
      signal?.throwIfAborted();
      if (options.busy) {
        const [{ taken }] = await runner.query('SELECT pg_try_advisory_xact_lock($1::bigint) AS taken', [key]);
        if (!taken) throw options.busy();
      } else {
        await runner.query('SELECT pg_advisory_xact_lock($1::bigint)', [key]);
      }
    } catch (error) {
      if (pgErrorCode(error) === LOCK_NOT_AVAILABLE) throw ApiError.timedOut();
      throw signal?.aborted ? signal.reason : error;
    } finally {
      signal?.removeEventListener('abort', cancelWait);
    }
    return await work();
  } finally {
    // Ends the transaction (and the lock); a connection the server already closed just goes back broken.
    await runner.rollbackTransaction().catch(() => undefined);
    await runner.release();
  }
}
