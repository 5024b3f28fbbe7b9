import { Injectable } from '@nestjs/common';
import { ApiError, Database, pgErrorCode, remainingMs } from '@app/platform';
import { AnalysisLock } from '../application/datapipe-ports.js';

/** Key of the advisory lock that serialises analyses ("PWANALYS" as bytes, unlikely to meet another lock). */
const ANALYSIS_LOCK_KEY = '5789167650366839123';
/** lock_not_available: lock_timeout passed while waiting. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * A transaction-scoped advisory lock held on a connection of its own while the analysis runs its own units of
 * work on other connections (post-processing's transaction, each tag selector's). The lock ends with that
 * transaction, or with the connection if the process dies, so a crashed instance never blocks analysis. Its idle
 * timeout is off: the holder is idle for as long as the analysis runs.
 */
@Injectable()
export class PgAnalysisLock extends AnalysisLock {
  constructor(private readonly db: Database) {
    super();
  }

  async exclusively<T>(work: () => Promise<T>): Promise<T> {
    const budget = Math.floor(remainingMs());
    if (budget <= 0) throw ApiError.timedOut();
    const runner = this.db.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      try {
        await runner.query(
          "SELECT set_config('lock_timeout', $1, true), set_config('idle_in_transaction_session_timeout', '0', true)",
          [String(budget)],
        );
        await runner.query('SELECT pg_advisory_xact_lock($1::bigint)', [ANALYSIS_LOCK_KEY]);
      } catch (error) {
        if (pgErrorCode(error) === LOCK_NOT_AVAILABLE) throw ApiError.timedOut();
        throw error;
      }
      return await work();
    } finally {
      await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
    }
  }
}
