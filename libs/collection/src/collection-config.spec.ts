import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@app/platform';
import { collectionConfigSlice } from './collection-config.js';

describe('collectionConfigSlice', () => {
  it('applies the documented defaults, paths resolved against the working directory', () => {
    expect(collectionConfigSlice.read({}, '/srv')).toEqual({
      collectorsDir: '/srv/collectors', kennelManifestPath: undefined, schedulerIntervalSeconds: 30,
      jobReadyTimeoutSeconds: 86_400, jobRunningTimeoutSeconds: 43_200,
    });
  });

  it.each([
    ['SCHEDULER_INTERVAL', '3601'],
    ['JOB_READY_TIMEOUT', '59'],
    ['JOB_RUNNING_TIMEOUT', 'long'],
  ])('rejects %s=%s with a ConfigError naming it', (name, value) => {
    expect(() => collectionConfigSlice.read({ [name]: value })).toThrow(ConfigError);
    expect(() => collectionConfigSlice.read({ [name]: value })).toThrow(name);
  });
});
