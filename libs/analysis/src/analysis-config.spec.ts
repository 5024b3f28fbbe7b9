import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@app/platform';
import { analysisConfigSlice } from './analysis-config.js';

describe('analysisConfigSlice', () => {
  it.each([
    ['DATAPIPE_INTERVAL', '3601'],
    ['DATAPIPE_INTERVAL', 'often'],
    ['SAMPLE_DATA', 'yes'],
    ['SESSION_MAX_AGE_DAYS', '-1'],
    ['SESSION_MAX_AGE_DAYS', 'week'],
    ['POSTURE_RETENTION_DAYS', '36501'],
  ])('rejects %s=%s with a ConfigError naming it', (name, value) => {
    expect(() => analysisConfigSlice.read({ [name]: value })).toThrow(ConfigError);
    expect(() => analysisConfigSlice.read({ [name]: value })).toThrow(name);
  });

  it('applies the documented defaults', () => {
    const config = analysisConfigSlice.read({}, '/srv');
    expect(config.datapipeIntervalSeconds).toBe(5);
    expect(config.sampleData).toBeUndefined();
    expect(config.sessionMaxAgeDays).toBe(3);
    expect(config.postureRetentionDays).toBe(365);
  });

  it('reads the data lifecycle settings from the environment (0: never)', () => {
    expect(analysisConfigSlice.read({ SESSION_MAX_AGE_DAYS: '0', POSTURE_RETENTION_DAYS: '30' }))
      .toMatchObject({ sessionMaxAgeDays: 0, postureRetentionDays: 30 });
  });

  it.each([['true', true], ['1', true], ['false', false], ['0', false]])('reads SAMPLE_DATA=%s as %s', (raw, value) => {
    expect(analysisConfigSlice.read({ SAMPLE_DATA: raw }).sampleData).toBe(value);
  });

  it('reads DATAPIPE_INTERVAL from the environment', () => {
    expect(analysisConfigSlice.read({ DATAPIPE_INTERVAL: '0' }).datapipeIntervalSeconds).toBe(0);
  });
});
