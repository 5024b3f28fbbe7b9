import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Temp folders untouched for this long are left over from a crash (a live one is written to or touched sooner). */
export const STALE_TEMP_AFTER_MS = 60 * 60 * 1000;

/**
 * Removes the folders of `root` named with one of `prefixes` whose newest change (the folder or a file in it) is
 * older than `staleBefore`: the spooled uploads and task files of a process that died before it could remove them.
 * Best effort: a folder that cannot be read or removed is skipped. Returns the names removed.
 */
export async function sweepStaleTempDirs(root: string, prefixes: readonly string[], staleBefore: Date): Promise<string[]> {
  const removed: string[] = [];
  const entries = await readdir(root, { withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isDirectory() || !prefixes.some((prefix) => entry.name.startsWith(prefix))) continue;
    const dir = join(root, entry.name);
    try {
      if ((await newestChange(dir)) >= staleBefore.getTime()) continue;
      await rm(dir, { recursive: true, force: true });
      removed.push(entry.name);
    } catch {
      // Gone meanwhile, or not ours to read: left alone.
    }
  }
  return removed;
}

async function newestChange(dir: string): Promise<number> {
  let newest = (await stat(dir)).mtimeMs;
  for (const name of await readdir(dir)) {
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (info) newest = Math.max(newest, info.mtimeMs);
  }
  return newest;
}
