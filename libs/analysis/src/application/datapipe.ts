import { Injectable } from '@nestjs/common';

/**
 * The datapipe: a tick every DATAPIPE_INTERVAL seconds on each instance (tests call `tick()` by hand): time out
 * idle upload jobs, drain the ingest task queue (IngestWork), then analyse when upload jobs are waiting for it,
 * collection clients uploaded data, or an analysis was requested (PUT /api/v2/analysis); then finish the jobs.
 * Keeps the status GET /api/v2/datapipe/status reports.
 */
@Injectable()
export class Datapipe {
  async tick(): Promise<void> {
    throw new Error('Datapipe.tick: not implemented yet');
  }
}
