import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AnalysisReport } from './analysis-runner.js';
import { Datapipe, HANDED_ON_BY } from './datapipe.js';
import {
  clock, config, FakeIngestWork as Work, FakeLifecycle, FakeRunner, MemoryRequests as Requests, MemoryStatus as Status, NOW, REPORT,
} from './testing/datapipe-fakes.js';

/** The datapipe after failures: a status left behind, a pass that breaks, a stop in the middle of an analysis. */
describe('Datapipe recovery', () => {
  let work: Work;
  let status: Status;
  let requests: Requests;
  let run: jest.Mock<() => Promise<AnalysisReport>>;
  let runner: FakeRunner;
  let datapipe: Datapipe;
  let errors: jest.SpiedFunction<Logger['error']>;

  beforeEach(() => {
    errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    work = new Work();
    status = new Status();
    requests = new Requests();
    run = jest.fn(async () => REPORT);
    runner = new FakeRunner(run);
    datapipe = new Datapipe(work, runner.asRunner, status, requests, config, clock, new FakeLifecycle().asLifecycle);
  });
  afterEach(() => {
    jest.restoreAllMocks();
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

  it('fails the claimed jobs when the pass breaks before the analysis has an outcome, and ends idle', async () => {
    jest.spyOn(runner, 'run').mockRejectedValueOnce(new Error('lock wait timed out'));
    work.waiting = [7];
    await expect(datapipe.tick()).rejects.toThrow('lock wait timed out');
    expect(work.finished).toEqual([{ ids: [7], analysis: 'failed' }]);
    expect(status.state.status).toBe('idle');
  });

  it('keeps the jobs it finished when recording the analysis fails afterwards, and ends idle', async () => {
    work.waiting = [7];
    status.failRecord = true;
    await expect(datapipe.tick()).rejects.toThrow('connection lost');
    expect(work.finished).toEqual([{ ids: [7], analysis: 'succeeded' }]);
    expect(status.state.status).toBe('idle');
  });

  it('leaves the jobs Analyzing, for a takeover once the lock is free, when finishing them fails', async () => {
    jest.spyOn(work, 'finishJobs').mockRejectedValueOnce(new Error('connection lost'));
    work.waiting = [7];
    await expect(datapipe.tick()).rejects.toThrow('connection lost');
    expect(work.finished).toEqual([]);
    expect(status.state.status).toBe('idle');
  });

  describe('when the service stops during an analysis', () => {
    let stopped: Promise<void>;
    beforeEach(() => {
      // The stop comes while the analysis runs; its statements are then cancelled on the server.
      run.mockImplementation(async () => {
        stopped = datapipe.onModuleDestroy();
        throw new Error('canceling statement due to user request');
      });
    });

    it('abandons it: the jobs stay Analyzing for a takeover, the request taken is made again, nothing logged', async () => {
      const request = { requestedBy: 'u1', requestedAt: NOW };
      await requests.request(request);
      work.waiting = [7, 8];
      expect(await datapipe.tick()).toEqual({ timedOut: 0, processed: 0, jobs: [7, 8], analysis: null });
      await stopped;
      expect(work.finished).toEqual([]);
      expect(requests.current).toEqual(request);
      expect(status.state).toMatchObject({ status: 'idle', lastAnalysisRunAt: null });
      expect(errors).not.toHaveBeenCalled();
    });

    it('requests the analysis that client uploads asked for, and none for jobs alone', async () => {
      work.pending = 1;
      work.fromClients = 1;
      await datapipe.tick();
      await stopped;
      expect(requests.current).toEqual({ requestedBy: HANDED_ON_BY, requestedAt: NOW });

      datapipe = new Datapipe(work, runner.asRunner, status, requests = new Requests(), config, clock, new FakeLifecycle().asLifecycle);
      work.waiting = [9];
      await datapipe.tick();
      await stopped;
      expect(requests.current).toBeNull();
      expect(work.finished).toEqual([]);
    });

    it('fails analyze() (CLI, sample data) and requests that analysis again', async () => {
      await expect(datapipe.analyze()).rejects.toThrow('canceling statement');
      await stopped;
      expect(datapipe.stopping).toBe(true);
      expect(requests.current).toEqual({ requestedBy: HANDED_ON_BY, requestedAt: NOW });
      expect(status.state.status).toBe('idle');
      expect(errors).not.toHaveBeenCalled();
    });
  });
});
