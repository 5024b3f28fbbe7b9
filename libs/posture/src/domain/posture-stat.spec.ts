import { describe, expect, it } from '@jest/globals';
import { checkNewPostureStats, InvalidPostureStat, type NewPostureStat } from './posture-stat.js';

const GOOD: NewPostureStat = { domainSid: 'S-1-5-21-1', assetGroupTagId: 1, exposureIndex: 0, tierZeroCount: 7, criticalRiskCount: 2 };

describe('checkNewPostureStats', () => {
  it('accepts an empty batch and rows with zero and int32-sized counts', () => {
    expect(() => checkNewPostureStats([])).not.toThrow();
    expect(() => checkNewPostureStats([GOOD, { ...GOOD, exposureIndex: 2 ** 31 - 1 }])).not.toThrow();
  });

  it.each([
    ['negative', -1],
    ['fractional', 1.5],
    ['not a number', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
    ['beyond int32', 2 ** 31],
  ])('refuses a %s count, naming the row and the field', (_, value) => {
    for (const field of ['assetGroupTagId', 'exposureIndex', 'tierZeroCount', 'criticalRiskCount'] as const) {
      expect(() => checkNewPostureStats([GOOD, { ...GOOD, [field]: value }]))
        .toThrow(new InvalidPostureStat(`posture stat 1: ${field} must be an integer in [0, 2147483647], got ${value}`));
    }
  });

  it('refuses a count that is not a number at all', () => {
    expect(() => checkNewPostureStats([{ ...GOOD, tierZeroCount: '3' as unknown as number }])).toThrow(InvalidPostureStat);
  });

  it.each([['empty', ''], ['blank', '  '], ['NUL-bearing', 'S-1\u0000']])('refuses an %s domain SID', (_, domainSid) => {
    expect(() => checkNewPostureStats([{ ...GOOD, domainSid }]))
      .toThrow(new InvalidPostureStat('posture stat 0: domainSid must be a non-empty string'));
  });
});
