import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { GraphLifecycle } from '@app/graph';
import type { IngestWork } from '@app/ingest';
import type { PostureWriter } from '@app/posture';
import type { Clock } from '@app/platform';
import type { AnalysisConfig } from '../analysis-config.js';
import { DataLifecycle } from './data-lifecycle.js';

const NOW = new Date('2031-05-06T07:00:00.000Z');
const DAY = 86_400_000;

function setUp(config: Partial<AnalysisConfig>, failing = false) {
  const calls: string[] = [];
  const work = {
    reconcile: async (ids: number[]) => void calls.push(`reconcile ${ids.join(',')}`),
    sweepRetention: async () => {
      calls.push('sweepRetention');
      if (failing) throw new Error('connection lost');
      return { uploads: 1, jobs: 2 };
    },
  };
  const graph = { removeSessionsSeenBefore: async (before: Date) => (calls.push(`sessions before ${before.toISOString()}`), 3) };
  const posture = { removeBefore: async (before: Date) => (calls.push(`posture before ${before.toISOString()}`), 4) };
  const lifecycle = new DataLifecycle(work as unknown as IngestWork, graph as unknown as GraphLifecycle,
    posture as unknown as PostureWriter, { sessionMaxAgeDays: 3, postureRetentionDays: 365, ...config } as AnalysisConfig,
    { now: () => NOW } as Clock);
  return { lifecycle, calls };
}

describe('DataLifecycle', () => {
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('reconciles the jobs, then ages sessions, before an analysis', async () => {
    const { lifecycle, calls } = setUp({});
    await lifecycle.beforeAnalysis([4, 5]);
    expect(calls).toEqual(['reconcile 4,5', `sessions before ${new Date(NOW.getTime() - 3 * DAY).toISOString()}`]);
  });

  it('ages no session with SESSION_MAX_AGE_DAYS=0', async () => {
    const { lifecycle, calls } = setUp({ sessionMaxAgeDays: 0 });
    await lifecycle.beforeAnalysis([]);
    expect(calls).toEqual(['reconcile ']);
  });

  it('sweeps at most hourly, posture rows past POSTURE_RETENTION_DAYS included (none with 0)', async () => {
    const { lifecycle, calls } = setUp({});
    await lifecycle.sweepIfDue();
    await lifecycle.sweepIfDue();
    expect(calls).toEqual(['sweepRetention', `posture before ${new Date(NOW.getTime() - 365 * DAY).toISOString()}`]);
    const kept = setUp({ postureRetentionDays: 0 });
    await kept.lifecycle.sweepIfDue();
    expect(kept.calls).toEqual(['sweepRetention']);
  });

  it('logs a failed sweep instead of failing the datapipe tick', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { lifecycle, calls } = setUp({}, true);
    await expect(lifecycle.sweepIfDue()).resolves.toBeUndefined();
    expect(calls).toEqual(['sweepRetention']);
    expect(warn).toHaveBeenCalledWith('retention sweep failed: connection lost');
    warn.mockRestore();
  });
});
