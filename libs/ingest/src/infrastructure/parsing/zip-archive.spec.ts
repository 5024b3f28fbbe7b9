import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { openCollectorFile } from './collector-file.js';
import { buildZip, type ZipEntrySpec } from './testing/zip-writer.js';
import { ArchiveRejected, type ArchiveLimits } from '../../application/file-reader-ports.js';
import { ARCHIVE_ERRORS, openZipArchive } from './zip-archive.js';
import { SAMPLE_ZIP, sampleDataDir } from '../../testing/fixtures.js';

let SAMPLE_DIR: string;
beforeAll(async () => { SAMPLE_DIR = await sampleDataDir(); });
const LIMITS: ArchiveLimits = { maxMembers: 100, maxUncompressedBytes: 50 * 1024 * 1024, maxCompressionRatio: 200 };

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'zip-archive-spec-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function zipFile(specs: ZipEntrySpec[]): string {
  const path = join(dir, `test-${counter++}.zip`);
  writeFileSync(path, buildZip(specs));
  return path;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function rejection(path: string, limits = LIMITS): Promise<ArchiveRejected> {
  const error = await openZipArchive(path, limits).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ArchiveRejected);
  return error as ArchiveRejected;
}

const JSON_FILE = '{"data":[],"meta":{"type":"users","version":6}}';

describe('openZipArchive', () => {
  it('lists and reads the 31 members of the sample-data zip', async () => {
    const archive = await openZipArchive(SAMPLE_ZIP, LIMITS);
    try {
      expect(archive.members.map((m) => m.name).sort()).toEqual(readdirSync(SAMPLE_DIR).sort());
      const users = archive.members.find((m) => m.name === '20240305110018_users.json')!;
      expect(users.uncompressedSize).toBe(181760);
      expect(await readAll(await users.open())).toEqual(readFileSync(join(SAMPLE_DIR, users.name)));
      const file = await openCollectorFile(() => users.open());
      expect(file.meta.type).toBe('users');
      let count = 0;
      for await (const _item of file.items()) count++;
      expect(count).toBe(53);
    } finally {
      archive.close();
    }
  });

  it('leaves out directory entries and reads stored members', async () => {
    const archive = await openZipArchive(zipFile([
      { name: 'out/' },
      { name: 'out/users.json', data: JSON_FILE, store: true },
    ]), LIMITS);
    expect(archive.members.map((m) => [m.name, m.uncompressedSize])).toEqual([['out/users.json', JSON_FILE.length]]);
    expect((await readAll(await archive.members[0].open())).toString()).toBe(JSON_FILE);
    archive.close();
  });

  it('refuses too many members with 400', async () => {
    const specs = Array.from({ length: 4 }, (_, i) => ({ name: `${i}.json`, data: JSON_FILE }));
    const error = await rejection(zipFile(specs), { ...LIMITS, maxMembers: 3 });
    expect([error.status, error.message]).toEqual([400, ARCHIVE_ERRORS.tooManyMembers(3)]);
    expect(error.message).toBe('Zip archive has more than 3 members');
  });

  it('refuses a declared total above the cap with 413', async () => {
    const data = Buffer.alloc(600, 'x');
    const error = await rejection(zipFile([{ name: 'a.json', data }, { name: 'b.json', data }]),
      { ...LIMITS, maxUncompressedBytes: 1000 });
    expect([error.status, error.message]).toEqual([413, 'Zip archive expands to more than 1000 bytes']);
  });

  it('refuses a zip bomb (a member compressed beyond the ratio) with 413', async () => {
    const error = await rejection(zipFile([{ name: 'bomb.json', data: Buffer.alloc(20 * 1024 * 1024) }]));
    expect([error.status, error.message]).toEqual([413, 'Zip member "bomb.json" is compressed more than 200:1']);
  });

  it('refuses members that share compressed bytes (overlapping zip bomb) by the archive-wide ratio with 413', async () => {
    const data = Buffer.alloc(100 * 1024, 'x');
    const specs: ZipEntrySpec[] = [{ name: 'a.json', data, store: true }];
    for (let i = 1; i < 50; i++) specs.push({ name: `a${i}.json`, data, store: true, sameDataAs: 0 });
    // Each member is stored (1:1), so only the declared total over the file size tells the bomb.
    const error = await rejection(zipFile(specs), { ...LIMITS, maxCompressionRatio: 20 });
    expect([error.status, error.message]).toEqual([413, 'Zip archive expands to more than 20 times its own size']);
  });

  it('refuses many small members that together exceed the ratio with 413', async () => {
    const specs = Array.from({ length: 40 }, (_, i) => ({ name: `${i}.json`, data: Buffer.alloc(60 * 1024, ' ') }));
    const error = await rejection(zipFile(specs));
    expect([error.status, error.message]).toEqual([413, ARCHIVE_ERRORS.totalRatio(200)]);
  });

  it('refuses overlapping members below the ratio with 400', async () => {
    const error = await rejection(zipFile([
      { name: 'a.json', data: JSON_FILE }, { name: 'b.json', data: JSON_FILE, sameDataAs: 0 },
    ]));
    expect([error.status, error.message]).toEqual([400, 'Zip member "b.json" overlaps another member\'s data']);
  });

  it('lets small, very compressible members through', async () => {
    const archive = await openZipArchive(zipFile([{ name: 'tiny.json', data: Buffer.alloc(8 * 1024, ' ') }]), LIMITS);
    expect(archive.members).toHaveLength(1);
    archive.close();
  });

  it.each([
    ['../evil.json'],
    ['data/../../evil.json'],
    ['/etc/evil.json'],
    ['C:/evil.json'],
    ['c:evil.json'],
    ['dir\\evil.json'],
    ['evil\u0000.json'],
  ])('refuses the unsafe member name %j with 400', async (name) => {
    const error = await rejection(zipFile([{ name: 'ok.json', data: JSON_FILE }, { name, data: JSON_FILE }]));
    expect([error.status, error.message]).toEqual([400, ARCHIVE_ERRORS.unsafeName(name)]);
  });

  it('names the member in the unsafe-name message', async () => {
    const error = await rejection(zipFile([{ name: '../evil.json', data: JSON_FILE }]));
    expect(error.message).toBe('Zip member name is not allowed: "../evil.json"');
  });

  it.each([['inner.zip'], ['x.json.gz'], ['x.tgz'], ['x.7z'], ['x.RAR'], ['x.tar'], ['x.bz2'], ['x.xz']])(
    'refuses the nested archive %s with 400', async (name) => {
      const inner = buildZip([{ name: 'users.json', data: JSON_FILE }]);
      const error = await rejection(zipFile([{ name, data: inner }]));
      expect([error.status, error.message]).toEqual([400, `Nested archives are not supported: "${name}"`]);
    },
  );

  it('refuses encrypted members with 400', async () => {
    const error = await rejection(zipFile([{ name: 'secret.json', data: JSON_FILE, encrypted: true }]));
    expect([error.status, error.message]).toEqual([400, 'Encrypted zip members are not supported: "secret.json"']);
  });

  it('refuses a file that is not a zip with 400', async () => {
    const path = join(dir, 'not-a-zip.zip');
    writeFileSync(path, JSON_FILE);
    const error = await rejection(path);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^Invalid zip archive: /);
  });

  it('fails the stream of a member that inflates beyond its declared size', async () => {
    const data = Buffer.from(Array.from({ length: 4000 }, (_, i) => `{"i":${i}}`).join(','));
    const archive = await openZipArchive(zipFile([{ name: 'liar.json', data, declaredSize: 1000 }]), LIMITS);
    try {
      await expect(readAll(await archive.members[0].open())).rejects.toThrow(
        'Zip member "liar.json" inflates beyond its declared size',
      );
    } finally {
      archive.close();
    }
  });

  it('opens a member more than once', async () => {
    const archive = await openZipArchive(zipFile([{ name: 'users.json', data: JSON_FILE }]), LIMITS);
    const member = archive.members[0];
    expect((await readAll(await member.open())).toString()).toBe(JSON_FILE);
    expect((await readAll(await member.open())).toString()).toBe(JSON_FILE);
    archive.close();
  });
});
