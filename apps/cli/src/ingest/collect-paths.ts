import { readdir, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { CliError } from '../cli-error.js';

/** What a folder contributes: collector files and archives of them (gzip-compressed JSON is given by name only). */
const INGESTIBLE = new Set(['.json', '.zip']);

/**
 * The files to ingest, in order: each file as given (whatever its name: its content decides), and every .json and
 * .zip inside each folder, recursively, sorted by path. A path that does not exist is an operator mistake.
 */
export async function collectPaths(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const absolute = resolve(path);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) throw new CliError(`no such file or folder: ${path}`);
    if (info.isDirectory()) files.push(...(await filesUnder(absolute)));
    else files.push(absolute);
  }
  return files;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && INGESTIBLE.has(extname(entry.name).toLowerCase()))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
