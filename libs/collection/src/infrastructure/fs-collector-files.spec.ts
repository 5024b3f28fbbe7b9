import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectionConfigSlice } from '../collection-config.js';
import { FsCollectorFiles } from './fs-collector-files.js';

/**
 * A real folder: <root>/collectors/sharphound holds regular files, a sub-folder, links inside and outside, a
 * dangling link and a link loop; <root>/outside holds what must never be served.
 */
describe('FsCollectorFiles', () => {
  let root: string;
  let files: FsCollectorFiles;
  let folder: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'pathwarden-collector-files-'));
    folder = join(root, 'collectors', 'sharphound');
    mkdirSync(join(folder, 'nested'), { recursive: true });
    mkdirSync(join(root, 'outside'));
    writeFileSync(join(folder, 'sharphound-v2.0.0.zip'), 'zip bytes');
    writeFileSync(join(folder, 'sharphound-v2.0.0.zip.sha256'), 'a'.repeat(64));
    writeFileSync(join(folder, 'nested', 'inner.zip'), 'inner');
    writeFileSync(join(root, 'outside', 'secret'), 'secret');
    symlinkSync(join(folder, 'nested', 'inner.zip'), join(folder, 'link-inside.zip'));
    symlinkSync('sharphound-v2.0.0.zip', join(folder, 'relative-link.zip'));
    symlinkSync(join(root, 'outside', 'secret'), join(folder, 'escape.zip'));
    symlinkSync('../../outside/secret', join(folder, 'relative-escape.zip'));
    symlinkSync(join(folder, 'gone'), join(folder, 'dangling.zip'));
    symlinkSync(join(folder, 'loop-b'), join(folder, 'loop-a'));
    symlinkSync(join(folder, 'loop-a'), join(folder, 'loop-b'));
    symlinkSync(join(folder, 'nested'), join(folder, 'folder-link'));
    files = new FsCollectorFiles(collectionConfigSlice.read({ COLLECTORS_DIR: join(root, 'collectors') }, root));
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists regular files and links that resolve to regular files inside the folder, nothing else', async () => {
    expect((await files.list('sharphound')).sort()).toEqual([
      'link-inside.zip', 'relative-link.zip', 'sharphound-v2.0.0.zip', 'sharphound-v2.0.0.zip.sha256',
    ]);
  });

  it('lists nothing for a missing folder, or a file where the folder should be', async () => {
    expect(await files.list('azurehound')).toEqual([]);
    writeFileSync(join(root, 'collectors', 'azurehound'), 'not a folder');
    expect(await files.list('azurehound')).toEqual([]);
    rmSync(join(root, 'collectors', 'azurehound'));
  });

  it('reads small files and refuses larger ones', async () => {
    expect((await files.read('sharphound', 'sharphound-v2.0.0.zip.sha256', 64))?.toString()).toBe('a'.repeat(64));
    expect(await files.read('sharphound', 'sharphound-v2.0.0.zip.sha256', 63)).toBeUndefined();
    expect((await files.read('sharphound', 'relative-link.zip', 100))?.toString()).toBe('zip bytes');
  });

  it.each([
    'escape.zip', 'relative-escape.zip', 'dangling.zip', 'loop-a', 'folder-link', 'nested', 'missing.zip',
    '../../outside/secret', '../sharphound/sharphound-v2.0.0.zip', 'nested/inner.zip', '.', '..', '',
  ])('never reads or opens %j', async (name) => {
    expect(await files.read('sharphound', name, 1000)).toBeUndefined();
    expect(await files.open('sharphound', name)).toBeUndefined();
  });

  it('opens a file as a stream with its size', async () => {
    const opened = await files.open('sharphound', 'sharphound-v2.0.0.zip');
    expect(opened?.size).toBe(9);
    expect(Buffer.concat(await opened!.stream.toArray()).toString()).toBe('zip bytes');
  });

  it('reads a manifest file and names why it cannot', async () => {
    const manifest = join(root, 'manifest.json');
    writeFileSync(manifest, '{"sharphound": []}');
    expect(await files.readManifestFile(manifest, 100)).toBe('{"sharphound": []}');
    await expect(files.readManifestFile(manifest, 10)).rejects.toThrow('larger than 10 bytes');
    await expect(files.readManifestFile(join(root, 'outside'), 100)).rejects.toThrow('not a regular file');
    await expect(files.readManifestFile(join(root, 'none.json'), 100)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
