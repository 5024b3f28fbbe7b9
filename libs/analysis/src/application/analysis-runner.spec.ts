import { describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { TagEvaluation } from '@app/asset-groups';
import type { NewPostureStat, PostureWriter } from '@app/posture';
import { Metrics, remainingMs } from '@app/platform';
import { TIER_ZERO_TAG_ID } from '@app/asset-groups';
import { AnalysisRunner } from './analysis-runner.js';
import { AnalysisLock } from './datapipe-ports.js';
import type { PostProcessing, PostureCalculator } from './ports.js';

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
}

function runner(overrides: { postProcessing?: () => Promise<never> } = {}) {
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
  return { subject, calls, writer, metrics };
}

describe('AnalysisRunner', () => {
  it('post-processes, evaluates tags, then records posture of Tier Zero, holding the lock', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const { subject, calls, writer } = runner();
    const report = await subject.run();
    expect(calls).toEqual(['post:true', 'tags', `posture:${TIER_ZERO_TAG_ID}`, 'record:1']);
    expect(writer.record).toHaveBeenCalledWith([ROW]);
    expect(report).toEqual({ steps: [{ step: 'DCSync', changed: 4 }], tags: 1, postureRows: 1 });
  });

  it('records how long tag evaluation and posture took in pathwarden_analysis_step_duration_seconds', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const { subject, metrics } = runner();
    await subject.run();

    const text = await metrics.registry.getSingleMetricAsString('pathwarden_analysis_step_duration_seconds');
    expect(text.split('\n').filter((line) => line.includes('_count'))).toEqual([
      'pathwarden_analysis_step_duration_seconds_count{step="TagEvaluation"} 1',
      'pathwarden_analysis_step_duration_seconds_count{step="Posture"} 1',
    ]);
  });

  it('runs under a deadline far longer than a request', async () => {
    let budget = 0;
    const { subject } = runner({ postProcessing: async () => { budget = remainingMs(); throw new Error('stop'); } });
    await expect(subject.run()).rejects.toThrow('stop');
    expect(budget).toBeGreaterThan(60 * 60 * 1000);
  });
});
