import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AnalysisReport } from './analysis-runner.js';
import { Datapipe } from './datapipe.js';
import {
  clock, config, FakeIngestWork, FakeLifecycle, FakeRunner, MemoryRequests, MemoryStatus, NOW, REPORT,
} from './testing/datapipe-fakes.js';

describe('Datapipe', () => {
  let work: FakeIngestWork;
  let status: MemoryStatus;
  let requests: MemoryRequests;
  let run: jest.Mock<() => Promise<AnalysisReport>>;
  let runner: FakeRunner;
  let datapipe: Datapipe;

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    work = new FakeIngestWork();
    status = new MemoryStatus();
    requests = new MemoryRequests();
    run = jest.fn(async () => REPORT);
    runner = new FakeRunner(run);
    datapipe = new Datapipe(work, runner.asRunner, status, requests, config, clock, new FakeLifecycle().asLifecycle);
  });

  it('does nothing but the time-outs when nothing waits', async () => {
    const report = await datapipe.tick();
    expect(report).toEqual({ timedOut: 0, processed: 0, jobs: [], analysis: null });
    expect(work.calls).toEqual(['timeOut', 'claim']);
    expect(status.history).toEqual([]);
    expect(run).not.toHaveBeenCalled();
  });

  it('ingests, analyses the jobs waiting for it and finishes them', async () => {
    work.pending = 2;
    work.waiting = [7, 9];
    const report = await datapipe.tick();
    expect(report).toEqual({ timedOut: 0, processed: 2, jobs: [7, 9], analysis: 'succeeded' });
    expect(work.calls).toEqual(['timeOut', 'drain', 'claim']);
    expect(status.history).toEqual(['ingesting', 'analyzing', 'idle']);
    expect(work.finished).toEqual([{ ids: [7, 9], analysis: 'succeeded' }]);
    expect(status.state).toMatchObject({ status: 'idle', lastAnalysisRunAt: NOW, lastCompleteAnalysisAt: NOW });
  });

  it('finishes the jobs and records the analysis, succeeded or failed, before the analysis lock is released', async () => {
    const seen: string[] = [];
    const finish = work.finishJobs.bind(work);
    jest.spyOn(work, 'finishJobs').mockImplementation(async (ids, analysis) => {
      seen.push(`finishJobs, lock held: ${runner.held}`);
      await finish(ids, analysis);
    });
    const record = status.recordAnalysis.bind(status);
    jest.spyOn(status, 'recordAnalysis').mockImplementation(async (startedAt, finishedAt, succeeded) => {
      seen.push(`recordAnalysis, lock held: ${runner.held}`);
      await record(startedAt, finishedAt, succeeded);
    });
    work.waiting = [4];
    expect(await datapipe.tick()).toMatchObject({ jobs: [4], analysis: 'succeeded' });
    run.mockRejectedValueOnce(new Error('boom'));
    work.waiting = [5];
    expect(await datapipe.tick()).toMatchObject({ jobs: [5], analysis: 'failed' });
    expect(seen).toEqual([
      'finishJobs, lock held: true', 'recordAnalysis, lock held: true', 'finishJobs, lock held: true', 'recordAnalysis, lock held: true',
    ]);
    expect(work.finished).toEqual([{ ids: [4], analysis: 'succeeded' }, { ids: [5], analysis: 'failed' }]);
  });

  it('analyses after collection clients uploaded, without jobs to finish', async () => {
    work.pending = 1;
    work.fromClients = 1;
    const report = await datapipe.tick();
    expect(report.analysis).toBe('succeeded');
    expect(work.finished).toEqual([]);
  });

  it('analyses when requested and clears the request', async () => {
    await requests.request({ requestedBy: 'u1', requestedAt: NOW });
    expect((await datapipe.tick()).analysis).toBe('succeeded');
    expect(requests.current).toBeNull();
    expect((await datapipe.tick()).analysis).toBeNull();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('fails the jobs when analysis fails, and keeps the last complete analysis time', async () => {
    run.mockRejectedValueOnce(new Error('boom'));
    work.waiting = [3];
    const report = await datapipe.tick();
    expect(report.analysis).toBe('failed');
    expect(work.finished).toEqual([{ ids: [3], analysis: 'failed' }]);
    expect(status.state).toMatchObject({ status: 'idle', lastAnalysisRunAt: NOW, lastCompleteAnalysisAt: null });
  });

  it('sets the status back to idle when ingest throws', async () => {
    work.pending = 1;
    jest.spyOn(work, 'drain').mockRejectedValueOnce(new Error('lost connection'));
    await expect(datapipe.tick()).rejects.toThrow('lost connection');
    expect(status.history).toEqual(['ingesting', 'idle']);
  });

  it('never runs two passes of one instance at once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let active = 0;
    let most = 0;
    run.mockImplementation(async () => {
      active += 1;
      most = Math.max(most, active);
      await gate;
      active -= 1;
      return REPORT;
    });
    const first = datapipe.analyze();
    const second = datapipe.analyze();
    const tick = datapipe.tick();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([first, second, tick]);
    expect(most).toBe(1);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('analyze() throws the analysis error after recording it', async () => {
    run.mockRejectedValueOnce(new Error('boom'));
    await expect(datapipe.analyze()).rejects.toThrow('boom');
    expect(status.state.status).toBe('idle');
    expect(status.state.lastAnalysisRunAt).toEqual(NOW);
  });

  it('ingest() reports ingesting while the work runs', async () => {
    const seen = await datapipe.ingest(async () => status.state.status);
    expect(seen).toBe('ingesting');
    expect(status.state.status).toBe('idle');
  });

  it('starts no background ticks when DATAPIPE_INTERVAL is 0', async () => {
    const spy = jest.spyOn(global, 'setInterval');
    datapipe.startBackground();
    expect(spy).not.toHaveBeenCalled();
    await datapipe.onModuleDestroy();
  });
});
