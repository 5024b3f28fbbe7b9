import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@app/platform';
import { echo, readCollectorType, readReleaseTag } from './collector.params.js';

const message = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).messages[0];
  }
  throw new Error('accepted');
};

describe('readCollectorType', () => {
  it('accepts sharphound and azurehound exactly', () => {
    expect(readCollectorType('sharphound')).toBe('sharphound');
    expect(readCollectorType('azurehound')).toBe('azurehound');
  });

  it('answers 400 Invalid collector type, echoing the value', () => {
    expect(message(() => readCollectorType('SharpHound'))).toBe('Invalid collector type: SharpHound');
    expect(message(() => readCollectorType(''))).toBe('Invalid collector type: ');
  });

  it('never echoes control or format characters, nor more than 64 characters', () => {
    expect(message(() => readCollectorType('bad\r\nX-Injected: 1\u0000\u202e'))).toBe('Invalid collector type: badX-Injected: 1');
    expect(message(() => readCollectorType('x'.repeat(10_000)))).toBe(`Invalid collector type: ${'x'.repeat(64)}...`);
  });
});

describe('readReleaseTag', () => {
  it('accepts latest and versions with or without a prerelease', () => {
    expect(readReleaseTag('latest')).toBe('latest');
    expect(readReleaseTag('v2.10.0')).toMatchObject({ tag: 'v2.10.0', major: 2, minor: 10, patch: 0, prerelease: '' });
    expect(readReleaseTag('v2.11.0-rc1')).toMatchObject({ tag: 'v2.11.0-rc1', prerelease: 'rc1' });
  });

  it.each(['Latest', '2.10.0', 'v2.10', '../../etc/passwd', 'v2.0.0/../../x', 'v2.0.0\u0000', '..', ''])(
    'answers 400 for %j without echoing it',
    (value) => {
      expect(message(() => readReleaseTag(value))).toBe('invalid release tag: expected vX.Y.Z, vX.Y.Z-<prerelease> or latest');
    },
  );
});

describe('echo', () => {
  it('counts characters, not UTF-16 units, when capping', () => {
    expect(echo('😀'.repeat(65))).toBe(`${'😀'.repeat(64)}...`);
  });
});
