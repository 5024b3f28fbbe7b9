import { Injectable } from '@nestjs/common';
import { Metrics } from '@app/platform';
import { DatapipeStatusStore } from '../application/datapipe-ports.js';
import { DatapipeStatuses } from '../domain/datapipe-state.js';

/**
 * The datapipe, read at scrape time from its status row (shared by every instance): `pathwarden_datapipe_status`
 * (1 for the current status, 0 for the others) and when the latest analysis succeeded.
 */
@Injectable()
export class DatapipeMetrics {
  constructor(metrics: Metrics, store: DatapipeStatusStore) {
    metrics.gaugeAtScrape('pathwarden_datapipe_status', 'What the datapipe is doing: 1 for the current status', ['status'], async () => {
      const { status } = await store.read();
      return DatapipeStatuses.map((each) => ({ labels: { status: each }, value: each === status ? 1 : 0 }));
    });
    metrics.gaugeAtScrape('pathwarden_datapipe_last_complete_analysis_timestamp_seconds',
      'End of the latest analysis that succeeded (Unix time); 0 before the first', [], async () => {
        const { lastCompleteAnalysisAt } = await store.read();
        return [{ value: lastCompleteAnalysisAt ? lastCompleteAnalysisAt.getTime() / 1000 : 0 }];
      });
  }
}
