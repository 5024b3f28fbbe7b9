import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@app/platform';
import { collectionConfigSlice } from '../collection-config.js';
import { BUNDLED_KENNEL_MANIFEST } from './bundled-kennel-manifest.js';
import { CollectorFiles } from './collector-files.js';
import { KennelManifest, MAX_KENNEL_MANIFEST_BYTES } from './kennel-manifest.js';

/** Answers readManifestFile from a map of path to text (a missing path fails as the file system would). */
class ManifestFiles extends CollectorFiles {
  readonly reads: [string, number][] = [];
  constructor(private readonly texts: Record<string, string>) {
    super();
  }
  async list() {
    return [];
  }
  async read() {
    return undefined;
  }
  async open() {
    return undefined;
  }
  async readManifestFile(path: string, maxBytes: number) {
    this.reads.push([path, maxBytes]);
    const text = this.texts[path];
    if (text === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
    return text;
  }
}

const started = async (env: Record<string, string>, texts: Record<string, string> = {}) => {
  const files = new ManifestFiles(texts);
  const kennel = new KennelManifest(collectionConfigSlice.read(env, '/srv'), files);
  await kennel.onModuleInit();
  return { kennel, files };
};

const failure = async (env: Record<string, string>, texts: Record<string, string> = {}) => {
  const error = await started(env, texts).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
};

const custom = JSON.stringify({
  sharphound: [{
    version: 'v2.0.0-rc1',
    version_meta: { major: 2, minor: 0, patch: 0, prerelease: 'rc1' },
    release_date: '2024-05-06T07:08:09Z',
    release_assets: [],
  }],
  azurehound: [],
});

describe('KennelManifest', () => {
  it('serves the bundled manifest when KENNEL_MANIFEST is unset, reading no file', async () => {
    const { kennel, files } = await started({});
    expect(kennel.current().sharphound.map((r) => r.version.tag)).toEqual(BUNDLED_KENNEL_MANIFEST.sharphound.map((r) => r.version));
    expect(kennel.current().azurehound.length).toBe(BUNDLED_KENNEL_MANIFEST.azurehound.length);
    expect(files.reads).toEqual([]);
  });

  it('serves the KENNEL_MANIFEST file, resolved against the working directory, read with a size bound', async () => {
    const { kennel, files } = await started({ KENNEL_MANIFEST: 'etc/kennel.json' }, { '/srv/etc/kennel.json': `\uFEFF${custom}` });
    expect(files.reads).toEqual([['/srv/etc/kennel.json', MAX_KENNEL_MANIFEST_BYTES]]);
    expect(kennel.current().sharphound.map((r) => [r.version.tag, r.releaseDate.toISOString()]))
      .toEqual([['v2.0.0-rc1', '2024-05-06T07:08:09.000Z']]);
    expect(kennel.current().azurehound).toEqual([]);
  });

  it('fails start-up naming the file when it cannot be read', async () => {
    expect(await failure({ KENNEL_MANIFEST: '/etc/none.json' })).toBe('KENNEL_MANIFEST /etc/none.json cannot be read: no such file');
  });

  it('fails start-up naming the file when it is not JSON', async () => {
    expect(await failure({ KENNEL_MANIFEST: '/k.json' }, { '/k.json': '{"sharphound": [' }))
      .toMatch(/^KENNEL_MANIFEST \/k\.json is not valid JSON: /);
  });

  it('fails start-up naming the file and the first problem when the manifest is invalid', async () => {
    const bad = JSON.parse(custom);
    bad.sharphound[0].release_date = 'yesterday';
    expect(await failure({ KENNEL_MANIFEST: '/k.json' }, { '/k.json': JSON.stringify(bad) })).toBe(
      'KENNEL_MANIFEST /k.json is not a valid collector release manifest: sharphound[0].release_date must be an RFC 3339 ' +
        'timestamp, e.g. 2025-01-31T00:00:00Z',
    );
  });

  it('refuses to answer before start-up read the manifest', () => {
    expect(() => new KennelManifest(collectionConfigSlice.read({}, '/srv'), new ManifestFiles({})).current())
      .toThrow(/read at start-up/);
  });
});
