import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { IngestWork, type DrainReport } from '@app/ingest';
import type { AppConfig, Clock } from '@app/platform';
import type { AnalysisRequest, DatapipeState, DatapipeStatus } from '../domain/datapipe-state.js';
import type { AnalysisReport, AnalysisRunner } from './analysis-runner.js';
import { Datapipe } from './datapipe.js';
import { AnalysisRequestStore, DatapipeStatusStore } from './datapipe-ports.js';

/** The datapipe after failures: a status left behind, a pass that breaks, an analysis that loses a deadlock. */
const NOW = new Date('2031-05-06T07:00:00.000Z');
const clock = { now: () => NOW } as Clock;
const config = { ingest: { datapipeIntervalSeconds: 0 } } as AppConfig;
const REPORT: AnalysisReport = { steps: [], tags: 2, postureRows: 1 };

class Work extends IngestWork {
  waiting: number[] = [];
  finished: { ids: number[]; analysis: string }[] = [];
  async drain(): Promise<DrainReport> {
    return { processed: 0, fromClients: 0 };
  }
  async timeOutIdleJobs() {
    return 0;
  }
  async claimJobsForAnalysis() {
    const ids = this.waiting;
    this.waiting = [];
    return ids;
  }
  async finishJobs(ids: number[], analysis: 'succeeded' | 'failed') {
    this.finished.push({ ids, analysis });
  }
  async busy() {
    return false;
  }
}

class Status extends DatapipeStatusStore {
  history: DatapipeStatus[] = [];
  state: DatapipeState = { status: 'idle', updatedAt: NOW, lastCompleteAnalysisAt: null, lastAnalysisRunAt: null };
  failRecord = false;
  async read() {
    return this.state;
  }
  async set(status: DatapipeStatus, at: Date) {
    this.history.push(status);
    this.state = { ...this.state, status, updatedAt: at };
  }
  async recordAnalysis() {
    if (this.failRecord) throw new Error('connection lost');
  }
  async claimSampleData() {
    return true;
  }
}

class Requests extends AnalysisRequestStore {
  current: AnalysisRequest | null = null;
  async request(request: AnalysisRequest) {
    this.current = request;
  }
  async pending() {
    return this.current;
  }
  async take() {
    const taken = this.current;
    this.current = null;
    return taken;
  }
  async cancel() {
    return (await this.take()) !== null;
  }
}

const pgError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

describe('Datapipe recovery', () => {
  let work: Work;
  let status: Status;
  let run: jest.Mock<() => Promise<AnalysisReport>>;
  let datapipe: Datapipe;

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    work = new Work();
    status = new Status();
    run = jest.fn(async () => REPORT);
    datapipe = new Datapipe(work, { run } as unknown as AnalysisRunner, status, new Requests(), config, clock);
  });

  it('sets a status a crash left behind back to idle on a pass that does nothing, and at start', async () => {
    status.state = { ...status.state, status: 'analyzing' };
    expect(await datapipe.tick()).toEqual({ timedOut: 0, processed: 0, jobs: [], analysis: null });
    expect(status.state.status).toBe('idle');

    status.state = { ...status.state, status: 'ingesting' };
    datapipe.startBackground();
    await datapipe.onModuleDestroy();
    expect(status.state.status).toBe('idle');
    expect(status.history).toEqual(['idle', 'idle']);
  });

  it('runs an analysis that lost a deadlock or a serialization conflict once more', async () => {
    work.waiting = [4];
    run.mockRejectedValueOnce(pgError('40P01'));
    expect((await datapipe.tick()).analysis).toBe('succeeded');
    expect(run).toHaveBeenCalledTimes(2);
    expect(work.finished).toEqual([{ ids: [4], analysis: 'succeeded' }]);

    work.waiting = [5];
    run.mockRejectedValueOnce(pgError('40001')).mockRejectedValueOnce(pgError('40001'));
    expect((await datapipe.tick()).analysis).toBe('failed');
    expect(run).toHaveBeenCalledTimes(4);
    expect(work.finished[1]).toEqual({ ids: [5], analysis: 'failed' });
  });

  it('does not run again an analysis that failed otherwise', async () => {
    work.waiting = [6];
    run.mockRejectedValueOnce(pgError('23505'));
    expect((await datapipe.tick()).analysis).toBe('failed');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('finishes the claimed jobs as failed when the pass breaks before an outcome, and ends idle', async () => {
    work.waiting = [7];
    status.failRecord = true;
    await expect(datapipe.tick()).rejects.toThrow('connection lost');
    expect(work.finished).toEqual([{ ids: [7], analysis: 'failed' }]);
    expect(status.state.status).toBe('idle');
  });
});
