import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sweepStaleTempDirs } from './temp-sweep.js';

describe('sweepStaleTempDirs', () => {
  let root: string;
  const HOUR_AGO = new Date(Date.now() - 60 * 60 * 1000);
  const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
  function folder(name: string, { age, file }: { age: Date; file?: Date }): void {
    const dir = join(root, name);
    mkdirSync(dir);
    if (file) {
      writeFileSync(join(dir, 'body'), 'x');
      utimesSync(join(dir, 'body'), file, file);
    }
    utimesSync(dir, age, age);
  }

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'temp-sweep-spec-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('removes stale folders with the prefixes, sparing fresh ones, recently written ones and others', async () => {
    folder('pathwarden-upload-stale', { age: old, file: old });
    folder('pathwarden-task-stale', { age: old });
    folder('pathwarden-task-fresh', { age: new Date() });
    folder('pathwarden-upload-writing', { age: old, file: new Date() });
    folder('someone-else', { age: old });
    writeFileSync(join(root, 'pathwarden-task-file'), 'not a folder');

    const removed = await sweepStaleTempDirs(root, ['pathwarden-upload-', 'pathwarden-task-'], HOUR_AGO);

    expect(removed.sort()).toEqual(['pathwarden-task-stale', 'pathwarden-upload-stale']);
    expect(['pathwarden-task-fresh', 'pathwarden-upload-writing', 'someone-else', 'pathwarden-task-file'].map((n) => existsSync(join(root, n))))
      .toEqual([true, true, true, true]);
  });
});
