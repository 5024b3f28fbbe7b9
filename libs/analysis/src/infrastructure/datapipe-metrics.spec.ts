import { describe, expect, it } from '@jest/globals';
import { Metrics } from '@app/platform';
import { MemoryStatus } from '../application/testing/datapipe-fakes.js';
import { DatapipeMetrics } from './datapipe-metrics.js';

/** A status store that counts its reads. */
class CountedStatus extends MemoryStatus {
  reads = 0;
  override async read() {
    this.reads += 1;
    return super.read();
  }
}

describe('DatapipeMetrics', () => {
  it('serves both datapipe gauges of a scrape from one read of the status row', async () => {
    const metrics = new Metrics();
    const status = new CountedStatus();
    status.state = { ...status.state, status: 'analyzing', lastCompleteAnalysisAt: new Date('2031-05-06T06:00:00.000Z') };
    new DatapipeMetrics(metrics, status);

    const text = await metrics.registry.metrics();

    expect(status.reads).toBe(1);
    expect(text).toContain('pathwarden_datapipe_status{status="analyzing"} 1');
    expect(text).toContain('pathwarden_datapipe_status{status="idle"} 0');
    expect(text).toContain(`pathwarden_datapipe_last_complete_analysis_timestamp_seconds ${Date.parse('2031-05-06T06:00:00.000Z') / 1000}`);

    status.state = { ...status.state, status: 'idle' };
    expect(await metrics.registry.metrics()).toContain('pathwarden_datapipe_status{status="idle"} 1');
    expect(status.reads).toBe(2);
  });
});
