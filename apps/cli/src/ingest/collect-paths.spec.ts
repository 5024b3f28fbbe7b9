import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../cli-error.js';
import { collectPaths } from './collect-paths.js';

describe('collectPaths', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'pathwarden-paths-'));
    mkdirSync(join(root, 'b', 'deep'), { recursive: true });
    for (const name of ['a.json', 'b/x.ZIP', 'b/deep/c.json', 'b/readme.txt', 'data.gz']) writeFileSync(join(root, name), '');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('takes files as given and every .json and .zip of folders, recursively, sorted', async () => {
    expect(await collectPaths([join(root, 'data.gz'), root])).toEqual([
      join(root, 'data.gz'), join(root, 'a.json'), join(root, 'b', 'deep', 'c.json'), join(root, 'b', 'x.ZIP'),
    ]);
  });

  it('refuses a path that does not exist', async () => {
    await expect(collectPaths([join(root, 'nope')])).rejects.toEqual(new CliError(`no such file or folder: ${join(root, 'nope')}`));
  });
});
