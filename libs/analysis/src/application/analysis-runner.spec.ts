import { describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { TagEvaluation } from '@app/asset-groups';
import type { NewPostureStat, PostureWriter } from '@app/posture';
import { Metrics, remainingMs } from '@app/platform';
import { TIER_ZERO_TAG_ID } from '@app/asset-groups';
import { AnalysisRunner, type AnalysisOutcome } from './analysis-runner.js';
import { AnalysisLock } from './datapipe-ports.js';
import type { PostProcessing, PostureCalculator } from './ports.js';

const pgError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });
/** A settle that answers the outcome it was given. */
const outcome = async (given: AnalysisOutcome) => given;

const ROW: NewPostureStat = { domainSid: 'S-1-5-21-1', assetGroupTagId: 1, exposureIndex: 50, tierZeroCount: 3, criticalRiskCount: 2 };

class RecordingLock extends AnalysisLock {
  held = false;
  async exclusively<T>(work: () => Promise<T>): Promise<T> {
    this.held = true;
    try {
      return await work();
    } finally {
      this.held = false;
    }
  }
  exclusivelyIfFree<T>(work: () => Promise<T>): Promise<T> {
    return this.exclusively(work);
  }
}

function runner(overrides: { postProcessing?: () => Promise<never> } = {}) {
  jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  const calls: string[] = [];
  const lock = new RecordingLock();
  const post = { run: jest.fn(async () => { calls.push(`post:${lock.held}`); return [{ step: 'DCSync', changed: 4 }]; }) };
  if (overrides.postProcessing) post.run.mockImplementation(overrides.postProcessing);
  const tags = {
    evaluateAll: jest.fn(async () => {
      calls.push('tags');
      return { tags: [{ id: 1, members: 3, added: 3, removed: 0 }], selectors: [{ id: 5, tagId: 1, error: 'bad cypher' }] };
    }),
  };
  const posture = { compute: jest.fn(async (tagId: number) => { calls.push(`posture:${tagId}`); return [ROW]; }) };
  const writer = { record: jest.fn(async (rows: NewPostureStat[]) => void calls.push(`record:${rows.length}`)) };
  const metrics = new Metrics();
  const subject = new AnalysisRunner(lock, post as unknown as PostProcessing, tags as unknown as TagEvaluation,
    posture as unknown as PostureCalculator, writer as unknown as PostureWriter, metrics);
  return { subject, calls, writer, metrics, lock, post };
}

describe('AnalysisRunner', () => {
  it('post-processes, evaluates tags, then records posture of Tier Zero, holding the lock', async () => {
    const { subject, calls, writer } = runner();
    const report = await subject.run(outcome);
    expect(calls).toEqual(['post:true', 'tags', `posture:${TIER_ZERO_TAG_ID}`, 'record:1']);
    expect(writer.record).toHaveBeenCalledWith([ROW]);
    expect(report).toEqual({ report: { steps: [{ step: 'DCSync', changed: 4 }], tags: 1, postureRows: 1 } });
  });

  it('settles the outcome, a failure included, before the lock is released, and answers what settle answers', async () => {
    const { subject, lock } = runner();
    const held: boolean[] = [];
    expect(await subject.run(async (given) => (held.push(lock.held), 'report' in given ? 'settled' : 'failed'))).toBe('settled');

    const failing = runner({ postProcessing: async () => { throw new Error('boom'); } });
    const given = await failing.subject.run(async (result) => (held.push(failing.lock.held), result));
    expect(given).toEqual({ error: new Error('boom') });
    expect(held).toEqual([true, true]);
    expect(failing.lock.held).toBe(false);
  });

  it('runs an analysis that lost a deadlock or a serialization conflict once more, still holding the lock', async () => {
    const { subject, post, calls } = runner();
    post.run.mockRejectedValueOnce(pgError('40P01'));
    expect(await subject.run(outcome)).toMatchObject({ report: { tags: 1 } });
    expect(post.run).toHaveBeenCalledTimes(2);
    expect(calls[0]).toBe('post:true');

    post.run.mockRejectedValueOnce(pgError('40001')).mockRejectedValueOnce(pgError('40001'));
    expect(await subject.run(outcome)).toEqual({ error: pgError('40001') });
    expect(post.run).toHaveBeenCalledTimes(4);
  });

  it('does not run again an analysis that failed otherwise', async () => {
    const { subject, post } = runner();
    post.run.mockRejectedValueOnce(pgError('23505'));
    expect(await subject.run(outcome)).toEqual({ error: pgError('23505') });
    expect(post.run).toHaveBeenCalledTimes(1);
  });

  it('records how long tag evaluation and posture took in pathwarden_analysis_step_duration_seconds', async () => {
    const { subject, metrics } = runner();
    await subject.run(outcome);

    const text = await metrics.registry.getSingleMetricAsString('pathwarden_analysis_step_duration_seconds');
    expect(text.split('\n').filter((line) => line.includes('_count'))).toEqual([
      'pathwarden_analysis_step_duration_seconds_count{step="TagEvaluation"} 1',
      'pathwarden_analysis_step_duration_seconds_count{step="Posture"} 1',
    ]);
  });

  it('runs under a deadline far longer than a request', async () => {
    let budget = 0;
    const { subject } = runner({ postProcessing: async () => { budget = remainingMs(); throw new Error('stop'); } });
    expect(await subject.run(outcome)).toEqual({ error: new Error('stop') });
    expect(budget).toBeGreaterThan(60 * 60 * 1000);
  });
});
