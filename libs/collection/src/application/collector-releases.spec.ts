import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import { ApiError } from '@app/platform';
import { parseVersionTag, type CollectorVersion } from '../domain/collector-version.js';
import type { ClientType } from '../domain/records.js';
import { CollectorFiles, type OpenedCollectorFile } from './collector-files.js';
import { CollectorReleases, MAX_CHECKSUM_FILE_BYTES } from './collector-releases.js';

/** Folders as maps of file name to bytes; `opened` records every name handed to open/read. */
class InMemoryCollectorFiles extends CollectorFiles {
  readonly opened: string[] = [];
  constructor(readonly folders: Partial<Record<ClientType, Record<string, string>>>) {
    super();
  }
  async list(type: ClientType) {
    return Object.keys(this.folders[type] ?? {});
  }
  async read(type: ClientType, name: string, maxBytes: number) {
    this.opened.push(name);
    const bytes = this.folders[type]?.[name];
    return bytes === undefined || bytes.length > maxBytes ? undefined : Buffer.from(bytes);
  }
  async open(type: ClientType, name: string): Promise<OpenedCollectorFile | undefined> {
    this.opened.push(name);
    const bytes = this.folders[type]?.[name];
    return bytes === undefined ? undefined : { stream: Readable.from([Buffer.from(bytes)]), size: bytes.length };
  }
  async readManifestFile(): Promise<string> {
    throw new Error('not used');
  }
}

const sha = (c: string) => c.repeat(64);
const release = (version: string, checksum = `${sha('a')}  sharphound-${version}.zip\n`) => ({
  [`sharphound-${version}.zip`]: `zip ${version}`,
  [`sharphound-${version}.zip.sha256`]: checksum,
});
const tag = (value: string): CollectorVersion => parseVersionTag(value) as CollectorVersion;

function releasesOf(files: Record<string, string>) {
  const fake = new InMemoryCollectorFiles({ sharphound: files });
  return { fake, releases: new CollectorReleases(fake) };
}

async function notFound(work: Promise<unknown>) {
  const error = await work.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect([(error as ApiError).status, (error as ApiError).messages]).toEqual([404, ['resource not found']]);
}

let warnings: string[];
beforeEach(() => {
  warnings = [];
  jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('CollectorReleases.manifest', () => {
  it('lists releases newest first by semantic version, latest the greatest final one, deprecated below its major', async () => {
    const { releases } = releasesOf({
      ...release('v2.0.0'), ...release('v2.10.0', `${sha('B')}\n`), ...release('v2.9.1'), ...release('v1.1.0'),
      ...release('v2.11.0-rc1'), 'README.txt': 'x', 'sharphound-latest.zip': 'x',
    });
    const manifest = await releases.manifest('sharphound');
    expect(manifest.latest?.version.tag).toBe('v2.10.0');
    expect(manifest.releases.map(({ version, sha256sum, deprecated, fileName, checksumFileName }) =>
      ({ version: version.tag, sha256sum, deprecated, fileName, checksumFileName }))).toEqual([
      { version: 'v2.11.0-rc1', sha256sum: sha('a'), deprecated: false, fileName: 'sharphound-v2.11.0-rc1.zip', checksumFileName: 'sharphound-v2.11.0-rc1.zip.sha256' },
      { version: 'v2.10.0', sha256sum: sha('B'), deprecated: false, fileName: 'sharphound-v2.10.0.zip', checksumFileName: 'sharphound-v2.10.0.zip.sha256' },
      { version: 'v2.9.1', sha256sum: sha('a'), deprecated: false, fileName: 'sharphound-v2.9.1.zip', checksumFileName: 'sharphound-v2.9.1.zip.sha256' },
      { version: 'v2.0.0', sha256sum: sha('a'), deprecated: false, fileName: 'sharphound-v2.0.0.zip', checksumFileName: 'sharphound-v2.0.0.zip.sha256' },
      { version: 'v1.1.0', sha256sum: sha('a'), deprecated: true, fileName: 'sharphound-v1.1.0.zip', checksumFileName: 'sharphound-v1.1.0.zip.sha256' },
    ]);
    expect(manifest.releases[1].checksumFile.toString()).toBe(`${sha('B')}\n`);
  });

  it('is empty for a missing folder', async () => {
    const releases = new CollectorReleases(new InMemoryCollectorFiles({}));
    expect(await releases.manifest('azurehound')).toEqual({ latest: undefined, releases: [] });
  });

  it('has no latest when only prereleases exist, and then deprecates nothing', async () => {
    const { releases } = releasesOf({ ...release('v1.0.0-rc1'), ...release('v2.0.0-rc1') });
    const manifest = await releases.manifest('sharphound');
    expect(manifest.latest).toBeUndefined();
    expect(manifest.releases.map((r) => [r.version.tag, r.deprecated])).toEqual([['v2.0.0-rc1', false], ['v1.0.0-rc1', false]]);
  });

  it.each([
    ['no checksum file', { 'sharphound-v2.1.0.zip': 'zip' }],
    ['an empty checksum file', release('v2.1.0', '')],
    ['a checksum that is not 64 hex digits', release('v2.1.0', `${sha('g')}  x.zip`)],
    ['a short checksum', release('v2.1.0', `${'a'.repeat(63)}  x.zip`)],
    ['a checksum file larger than one line can be', release('v2.1.0', `${sha('a')} ${'x'.repeat(MAX_CHECKSUM_FILE_BYTES)}`)],
  ])('leaves out a zip with %s', async (_, files) => {
    const { releases } = releasesOf({ ...release('v2.0.0'), ...files });
    const manifest = await releases.manifest('sharphound');
    expect(manifest.releases.map((r) => r.version.tag)).toEqual(['v2.0.0']);
    expect(manifest.latest?.version.tag).toBe('v2.0.0');
    expect(warnings).toEqual([expect.stringMatching(/^collector release sharphound\/sharphound-v2\.1\.0\.zip is not served: /)]);
  });

  it('accepts a checksum with surrounding whitespace and upper-case hex, served as written', async () => {
    const { releases } = releasesOf(release('v2.0.0', `\n  ${sha('F')}\t*sharphound-v2.0.0.zip\r\n`));
    expect((await releases.manifest('sharphound')).releases[0].sha256sum).toBe(sha('F'));
  });
});

describe('CollectorReleases.find and download', () => {
  const files = { ...release('v2.0.0'), ...release('v2.10.0'), ...release('v2.11.0-rc1') };

  it('resolves latest and exact versions, including prereleases', async () => {
    const { releases } = releasesOf(files);
    expect((await releases.find('sharphound', 'latest')).fileName).toBe('sharphound-v2.10.0.zip');
    expect((await releases.find('sharphound', tag('v2.11.0-rc1'))).fileName).toBe('sharphound-v2.11.0-rc1.zip');
  });

  it('answers 404 for a version the folder does not hold, and for latest without a final release', async () => {
    const { releases } = releasesOf(files);
    await notFound(releases.find('sharphound', tag('v2.9.9')));
    await notFound(releases.find('azurehound', 'latest'));
    await notFound(releasesOf(release('v3.0.0-rc1')).releases.find('sharphound', 'latest'));
  });

  it('opens the file the manifest names, and answers 404 when it vanished since the scan', async () => {
    const { fake, releases } = releasesOf(files);
    const { fileName, file } = await releases.download('sharphound', tag('v2.10.0'));
    expect(fileName).toBe('sharphound-v2.10.0.zip');
    expect(file.size).toBe('zip v2.10.0'.length);
    expect(Buffer.concat(await file.stream.toArray()).toString()).toBe('zip v2.10.0');
    expect(fake.opened.filter((name) => name.endsWith('.zip'))).toEqual(['sharphound-v2.10.0.zip']);

    fake.open = async () => undefined;
    await notFound(releases.download('sharphound', 'latest'));
  });
});
