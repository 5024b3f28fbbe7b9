import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  compareVersions,
  isDeprecated,
  latestRelease,
  newestFirst,
  parseVersionTag,
  releaseFileName,
  versionOfReleaseFile,
  type CollectorVersion,
} from './collector-version.js';

const v = (tag: string): CollectorVersion => {
  const version = parseVersionTag(tag);
  if (!version) throw new Error(`not a version: ${tag}`);
  return version;
};
const tags = (versions: CollectorVersion[]) => versions.map((version) => version.tag);

describe('parseVersionTag', () => {
  it('reads vX.Y.Z and vX.Y.Z-prerelease', () => {
    expect(parseVersionTag('v2.10.0')).toEqual({ tag: 'v2.10.0', major: 2, minor: 10, patch: 0, prerelease: '' });
    expect(parseVersionTag('v2.11.0-rc1')).toEqual({ tag: 'v2.11.0-rc1', major: 2, minor: 11, patch: 0, prerelease: 'rc1' });
    expect(parseVersionTag('v0.0.0-alpha.1.x-y')).toEqual(
      { tag: 'v0.0.0-alpha.1.x-y', major: 0, minor: 0, patch: 0, prerelease: 'alpha.1.x-y' },
    );
  });

  it.each([
    'latest', '2.0.0', 'V2.0.0', 'v2.0', 'v2.0.0.0', 'v02.0.0', 'v2.00.0', 'v2.0.0-', 'v2.0.0-rc..1', 'v2.0.0+build',
    'v2.0.0-rc/1', 'v2.0.0-rc 1', ' v2.0.0', 'v2.0.0\n', '../v2.0.0', 'v1234567890.0.0', `v1.0.0-${'a'.repeat(60)}`, '',
  ])('refuses %j', (tag) => {
    expect(parseVersionTag(tag)).toBeUndefined();
  });
});

describe('versionOfReleaseFile', () => {
  it('reads <type>-<version>.zip only', () => {
    expect(versionOfReleaseFile('sharphound', 'sharphound-v2.9.1.zip')?.tag).toBe('v2.9.1');
    expect(versionOfReleaseFile('sharphound', 'sharphound-v2.11.0-rc1.zip')?.tag).toBe('v2.11.0-rc1');
    for (const name of [
      'azurehound-v2.9.1.zip', 'sharphound-v2.9.1.zip.sha256', 'sharphound-v2.9.1.tar.gz', 'SharpHound-v2.9.1.zip',
      'sharphound-2.9.1.zip', 'sharphound-v2.9.1-.zip', 'sharphound-v2.9.1', 'xsharphound-v2.9.1.zip', 'sharphound-.zip',
    ]) {
      expect(versionOfReleaseFile('sharphound', name)).toBeUndefined();
    }
  });

  it('is the inverse of releaseFileName', () => {
    expect(releaseFileName('azurehound', v('v2.1.0-beta.2'))).toBe('azurehound-v2.1.0-beta.2.zip');
    expect(versionOfReleaseFile('azurehound', releaseFileName('azurehound', v('v2.1.0-beta.2')))).toEqual(v('v2.1.0-beta.2'));
  });
});

describe('compareVersions', () => {
  it('orders by semantic version, not by string', () => {
    const sorted = ['v2.9.1', 'v1.1.0', 'v2.10.0', 'v10.0.0', 'v2.0.0', 'v2.10.0-rc1', 'v2.9.10'].map(v).sort(compareVersions);
    expect(tags(sorted)).toEqual(['v1.1.0', 'v2.0.0', 'v2.9.1', 'v2.9.10', 'v2.10.0-rc1', 'v2.10.0', 'v10.0.0']);
  });

  it('follows the semver precedence example for prereleases', () => {
    const chain = ['alpha', 'alpha.1', 'alpha.beta', 'beta', 'beta.2', 'beta.11', 'rc.1'].map((p) => v(`v1.0.0-${p}`));
    const shuffled = [...chain].reverse().sort(compareVersions);
    expect(tags(shuffled)).toEqual([...tags(chain)]);
    expect(compareVersions(v('v1.0.0-rc.1'), v('v1.0.0'))).toBeLessThan(0);
    expect(compareVersions(v('v1.0.0-1'), v('v1.0.0-a'))).toBeLessThan(0);
    expect(compareVersions(v('v1.0.0-99999999999999999999'), v('v1.0.0-100000000000000000000'))).toBeLessThan(0);
  });

  it('is a total order consistent with itself (antisymmetric, zero only for the same tag)', () => {
    const version = fc.tuple(
      fc.nat(3), fc.nat(12), fc.nat(3),
      fc.option(fc.array(fc.oneof(fc.constantFrom('rc', 'alpha', 'beta', 'x-1'), fc.nat(20).map(String)), { minLength: 1, maxLength: 3 })),
    ).map(([major, minor, patch, pre]) => v(`v${major}.${minor}.${patch}${pre ? `-${pre.join('.')}` : ''}`));
    fc.assert(fc.property(version, version, version, (a, b, c) => {
      // `+ 0` turns -0 into 0: toBe compares with Object.is, and equal versions give 0 both ways.
      expect(Math.sign(compareVersions(a, b)) + 0).toBe(-Math.sign(compareVersions(b, a)) + 0);
      expect(compareVersions(a, b) === 0).toBe(a.tag === b.tag);
      if (compareVersions(a, b) < 0 && compareVersions(b, c) < 0) expect(compareVersions(a, c)).toBeLessThan(0);
    }));
  });

  it('sorts newest first with newestFirst', () => {
    expect(tags(['v2.0.0', 'v2.10.0', 'v2.9.1'].map(v).sort(newestFirst))).toEqual(['v2.10.0', 'v2.9.1', 'v2.0.0']);
  });
});

describe('latestRelease and isDeprecated', () => {
  const versions = ['v2.0.0', 'v2.10.0', 'v2.9.1', 'v1.1.0', 'v2.11.0-rc1', 'v3.0.0-beta'].map(v);

  it('takes the greatest final release as latest, never a prerelease', () => {
    expect(latestRelease(versions)?.tag).toBe('v2.10.0');
    expect(latestRelease([v('v1.0.0-rc1')])).toBeUndefined();
    expect(latestRelease([])).toBeUndefined();
  });

  it('deprecates versions below the latest major only', () => {
    const latest = latestRelease(versions);
    expect(versions.filter((version) => isDeprecated(version, latest)).map((version) => version.tag)).toEqual(['v1.1.0']);
    expect(isDeprecated(v('v0.1.0'), undefined)).toBe(false);
  });
});
