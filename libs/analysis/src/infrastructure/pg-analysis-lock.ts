import { Injectable } from '@nestjs/common';
import { ANALYSIS_LOCK_KEY, Database, withAdvisoryLock } from '@app/platform';
import { AnalysisLock } from '../application/datapipe-ports.js';

/**
 * Analyses across instances, one at a time: a PostgreSQL advisory lock held on a connection of its own while the
 * analysis runs its own units of work (post-processing's transaction, each tag selector's).
 */
@Injectable()
export class PgAnalysisLock extends AnalysisLock {
  constructor(private readonly db: Database) {
    super();
  }

  exclusively<T>(work: () => Promise<T>): Promise<T> {
    return withAdvisoryLock(this.db, ANALYSIS_LOCK_KEY, work);
  }

  exclusivelyIfFree<T>(work: () => Promise<T>, busy: () => Error): Promise<T> {
    return withAdvisoryLock(this.db, ANALYSIS_LOCK_KEY, work, { busy });
  }
}
