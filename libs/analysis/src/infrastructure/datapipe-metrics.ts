import { Injectable } from '@nestjs/common';
import { Metrics } from '@app/platform';
import { DatapipeStatusStore } from '../application/datapipe-ports.js';
import { DatapipeStatuses, type DatapipeState } from '../domain/datapipe-state.js';

/**
 * The datapipe, read at scrape time from its status row (shared by every instance): `pathwarden_datapipe_status`
 * (1 for the current status, 0 for the others) and when the latest analysis succeeded. A scrape collects both gauges
 * at once, so they share one read of the row: the one in flight.
 */
@Injectable()
export class DatapipeMetrics {
  private reading: Promise<DatapipeState> | null = null;

  constructor(metrics: Metrics, private readonly store: DatapipeStatusStore) {
    metrics.gaugeAtScrape('pathwarden_datapipe_status', 'What the datapipe is doing: 1 for the current status', ['status'], async () => {
      const { status } = await this.read();
      return DatapipeStatuses.map((each) => ({ labels: { status: each }, value: each === status ? 1 : 0 }));
    });
    metrics.gaugeAtScrape('pathwarden_datapipe_last_complete_analysis_timestamp_seconds',
      'End of the latest analysis that succeeded (Unix time); 0 before the first', [], async () => {
        const { lastCompleteAnalysisAt } = await this.read();
        return [{ value: lastCompleteAnalysisAt ? lastCompleteAnalysisAt.getTime() / 1000 : 0 }];
      });
  }

  /** The status row: the read in flight if there is one, else a new read. */
  private read(): Promise<DatapipeState> {
    this.reading ??= this.store.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }
}
