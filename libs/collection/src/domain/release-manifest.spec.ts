import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { BUNDLED_KENNEL_MANIFEST } from '../application/bundled-kennel-manifest.js';
import { InvalidReleaseManifest, parseReleaseManifest } from './release-manifest.js';

const asset = (version: string) => ({
  name: `SharpHound_${version}_windows_x86.zip`,
  download_url: `https://github.com/SpecterOps/SharpHound/releases/download/${version}/SharpHound_${version}_windows_x86.zip`,
  checksum_download_url: `https://github.com/SpecterOps/SharpHound/releases/download/${version}/SharpHound_${version}_windows_x86.zip.sha256`,
  os: 'windows',
  arch: 'x86',
});

const release = (version: string, meta: [number, number, number, string], date = '2025-01-31T12:00:00Z') => ({
  version,
  version_meta: { major: meta[0], minor: meta[1], patch: meta[2], prerelease: meta[3] },
  release_date: date,
  release_assets: [asset(version)],
});

const document = () => ({
  sharphound: [release('v2.9.1', [2, 9, 1, '']), release('v2.10.0', [2, 10, 0, '']), release('v2.11.0-rc1', [2, 11, 0, 'rc1'])],
  azurehound: [] as unknown[],
});

/** The problem parseReleaseManifest names for a document. */
function problem(value: unknown): string {
  try {
    parseReleaseManifest(value);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidReleaseManifest);
    return (error as Error).message;
  }
  throw new Error('the document was accepted');
}

describe('parseReleaseManifest', () => {
  it('reads a valid document into releases sorted newest first by semantic version', () => {
    const manifest = parseReleaseManifest(document());
    expect(manifest.sharphound.map((r) => r.version.tag)).toEqual(['v2.11.0-rc1', 'v2.10.0', 'v2.9.1']);
    expect(manifest.azurehound).toEqual([]);
    expect(manifest.sharphound[1]).toEqual({
      version: { tag: 'v2.10.0', major: 2, minor: 10, patch: 0, prerelease: '' },
      releaseDate: new Date('2025-01-31T12:00:00Z'),
      assets: [{
        name: 'SharpHound_v2.10.0_windows_x86.zip',
        downloadUrl: asset('v2.10.0').download_url,
        checksumDownloadUrl: asset('v2.10.0').checksum_download_url,
        os: 'windows',
        arch: 'x86',
      }],
    });
  });

  it('accepts timestamps with offsets and fractions, and a release without assets', () => {
    const doc = document();
    doc.azurehound = [{ ...release('v2.0.0', [2, 0, 0, ''], '2023-08-01T09:30:00.5+02:00'), release_assets: [] }];
    expect(parseReleaseManifest(doc).azurehound[0].releaseDate).toEqual(new Date('2023-08-01T07:30:00.500Z'));
  });

  it.each([
    ['a non-object root', [], 'the manifest must be a JSON object'],
    ['null', null, 'the manifest must be a JSON object'],
    ['a missing collector type', { sharphound: [] }, 'the manifest lacks the key "azurehound"'],
    ['an unknown collector type', { sharphound: [], azurehound: [], openhound: [] },
      'the manifest has an unknown key "openhound" (the keys are sharphound, azurehound)'],
    ['releases that are not an array', { sharphound: {}, azurehound: [] }, 'sharphound must be a JSON array'],
  ])('refuses %s', (_, value, message) => {
    expect(problem(value)).toBe(message);
  });

  it.each<[string, (doc: ReturnType<typeof document>) => void, string]>([
    ['a release that is not an object', (d) => { d.sharphound[1] = 'v2.10.0' as never; }, 'sharphound[1] must be a JSON object'],
    ['a misspelt key', (d) => { (d.sharphound[0] as Record<string, unknown>).releasedate = 'x'; },
      'sharphound[0] has an unknown key "releasedate" (the keys are version, version_meta, release_date, release_assets)'],
    ['a missing key', (d) => { delete (d.sharphound[2] as Partial<ReturnType<typeof release>>).release_assets; },
      'sharphound[2] lacks the key "release_assets"'],
    ['a bad version', (d) => { d.sharphound[0].version = '2.9.1'; }, 'sharphound[0].version must be vX.Y.Z or vX.Y.Z-<prerelease>'],
    ['a version that is not a string', (d) => { d.sharphound[0].version = 291 as never; }, 'sharphound[0].version must be a non-empty string'],
    ['version_meta that disagrees', (d) => { d.sharphound[1].version_meta.minor = 1; },
      'sharphound[1].version_meta.minor must be 10, as in version v2.10.0'],
    ['a number as a string in version_meta', (d) => { d.sharphound[1].version_meta.major = '2' as never; },
      'sharphound[1].version_meta.major must be 2, as in version v2.10.0'],
    ['a prerelease that disagrees', (d) => { d.sharphound[2].version_meta.prerelease = ''; },
      'sharphound[2].version_meta.prerelease must be "rc1", as in version v2.11.0-rc1'],
    ['a date that is not RFC 3339', (d) => { d.sharphound[0].release_date = '31/01/2025'; },
      'sharphound[0].release_date must be an RFC 3339 timestamp, e.g. 2025-01-31T00:00:00Z'],
    ['an impossible date', (d) => { d.sharphound[0].release_date = '2025-13-45T00:00:00Z'; },
      'sharphound[0].release_date must be an RFC 3339 timestamp, e.g. 2025-01-31T00:00:00Z'],
    ['a relative download URL', (d) => { d.sharphound[0].release_assets[0].download_url = '/releases/x.zip'; },
      'sharphound[0].release_assets[0].download_url must be an absolute http(s) URL'],
    ['a non-http checksum URL', (d) => { d.sharphound[0].release_assets[0].checksum_download_url = 'file:///etc/passwd'; },
      'sharphound[0].release_assets[0].checksum_download_url must be an absolute http(s) URL'],
    ['an empty asset name', (d) => { d.sharphound[0].release_assets[0].name = ' '; },
      'sharphound[0].release_assets[0].name must be a non-empty string'],
    ['control characters', (d) => { d.sharphound[0].release_assets[0].os = 'win\ndows'; },
      'sharphound[0].release_assets[0].os must be at most 2048 characters without control characters'],
    ['a repeated version', (d) => { d.sharphound.push(release('v2.10.0', [2, 10, 0, ''])); },
      "sharphound[3].version repeats sharphound[1]'s version v2.10.0"],
  ])('refuses %s, naming where', (_, change, message) => {
    const doc = document();
    change(doc);
    expect(problem(doc)).toBe(message);
  });

  it('refuses more releases than any real collector has', () => {
    const doc = document();
    doc.azurehound = Array.from({ length: 1001 }, (_, i) => release(`v1.0.${i}`, [1, 0, i, '']));
    expect(problem(doc)).toBe('azurehound has more than 1000 entries');
  });
});

describe('the bundled kennel manifest', () => {
  it('is valid, names SharpHound and AzureHound v2 releases on GitHub, newest first as written', () => {
    const manifest = parseReleaseManifest(BUNDLED_KENNEL_MANIFEST);
    for (const [type, repo] of [['sharphound', 'SharpHound'], ['azurehound', 'AzureHound']] as const) {
      expect(manifest[type].length).toBeGreaterThan(0);
      expect(manifest[type].map((r) => r.version.tag)).toEqual(BUNDLED_KENNEL_MANIFEST[type].map((r) => r.version));
      for (const published of manifest[type]) {
        expect(published.version.major).toBe(2);
        for (const a of published.assets) {
          expect(a.name).toBe(`${repo}_${published.version.tag}_${a.os}_${a.arch}.zip`);
          expect(a.downloadUrl).toBe(`https://github.com/SpecterOps/${repo}/releases/download/${published.version.tag}/${a.name}`);
          expect(a.checksumDownloadUrl).toBe(`${a.downloadUrl}.sha256`);
        }
      }
    }
    expect(manifest.sharphound[0].assets.map((a) => a.name)).toEqual(['SharpHound_v2.6.7_windows_x86.zip']);
  });

  it('is the same document as libs/collection/assets/kennel-manifest.json, the copy for operators', () => {
    const copy = JSON.parse(readFileSync(new URL('../../assets/kennel-manifest.json', import.meta.url), 'utf8'));
    expect(copy).toEqual(BUNDLED_KENNEL_MANIFEST);
  });
});
