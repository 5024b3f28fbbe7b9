import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AnalysisReport, AnalysisRunner } from './analysis-runner.js';
import { Datapipe } from './datapipe.js';
import {
  clock, config, FakeIngestWork as Work, MemoryRequests as Requests, MemoryStatus as Status, NOW, REPORT,
} from './testing/datapipe-fakes.js';

const pgError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

/** The datapipe after failures: a status left behind, a pass that breaks, an analysis that loses a deadlock. */
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
