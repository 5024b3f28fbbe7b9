import { Injectable } from '@nestjs/common';
import { constants } from 'node:fs';
import { open, readdir, realpath, stat, type FileHandle } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import { CollectorFiles, type OpenedCollectorFile } from '../application/collector-files.js';
import { CollectionConfig } from '../collection-config.js';
import type { ClientType } from '../domain/records.js';

const MISSING = new Set(['ENOENT', 'ENOTDIR']);
const isMissing = (error: unknown) => MISSING.has((error as NodeJS.ErrnoException)?.code ?? '');

/**
 * Collector files on the local disk under COLLECTORS_DIR. The type's folder is taken as it resolves (an operator may
 * link it to a mounted volume); inside it, only regular files are served, and a link only when it resolves to a
 * regular file inside the folder. The resolved file is opened with O_NOFOLLOW and checked again on its descriptor,
 * so a file swapped for a link after the scan is refused rather than followed.
 */
@Injectable()
export class FsCollectorFiles extends CollectorFiles {
  constructor(private readonly config: CollectionConfig) {
    super();
  }

  async list(type: ClientType): Promise<string[]> {
    const folder = await this.folder(type);
    if (folder === undefined) return [];
    const entries = await readdir(folder, { withFileTypes: true });
    const names: string[] = [];
    for (const entry of entries) {
      if (entry.isFile() || (entry.isSymbolicLink() && (await this.resolve(folder, entry.name)) !== undefined)) {
        names.push(entry.name);
      }
    }
    return names;
  }

  async read(type: ClientType, name: string, maxBytes: number): Promise<Buffer | undefined> {
    const handle = await this.openFile(type, name);
    if (handle === undefined) return undefined;
    try {
      return await readAtMost(handle, maxBytes);
    } finally {
      await handle.close();
    }
  }

  async open(type: ClientType, name: string): Promise<OpenedCollectorFile | undefined> {
    const handle = await this.openFile(type, name);
    if (handle === undefined) return undefined;
    let size: number;
    try {
      size = (await handle.stat()).size;
    } catch (error) {
      await handle.close();
      throw error;
    }
    // The stream owns the descriptor from here: it closes it at the end, on error, or when destroyed.
    return { stream: handle.createReadStream(), size };
  }

  async readManifestFile(path: string, maxBytes: number): Promise<string> {
    const handle = await open(path, constants.O_RDONLY);
    try {
      if (!(await handle.stat()).isFile()) throw new Error('not a regular file');
      const bytes = await readAtMost(handle, maxBytes);
      if (bytes === undefined) throw new Error(`larger than ${maxBytes} bytes`);
      return bytes.toString('utf8');
    } finally {
      await handle.close();
    }
  }

  /** The type's folder as it resolves; undefined when it does not exist. */
  private async folder(type: ClientType): Promise<string | undefined> {
    try {
      const folder = await realpath(join(this.config.collectorsDir, type));
      return (await stat(folder)).isDirectory() ? folder : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Where a name of the folder resolves, when that is a regular file inside the folder. */
  private async resolve(folder: string, name: string): Promise<string | undefined> {
    if (name !== basename(name) || name === '.' || name === '..') return undefined;
    let target: string;
    try {
      target = await realpath(join(folder, name));
      if (!target.startsWith(folder + sep) || !(await stat(target)).isFile()) return undefined;
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ELOOP') return undefined;
      throw error;
    }
    return target;
  }

  private async openFile(type: ClientType, name: string): Promise<FileHandle | undefined> {
    const folder = await this.folder(type);
    const target = folder === undefined ? undefined : await this.resolve(folder, name);
    if (target === undefined) return undefined;
    let handle: FileHandle;
    try {
      handle = await open(target, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ELOOP') return undefined;
      throw error;
    }
    try {
      if ((await handle.stat()).isFile()) return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
    await handle.close();
    return undefined;
  }
}

/** The whole file when it holds at most maxBytes (read bounded, whatever its size claims); else undefined. */
async function readAtMost(handle: FileHandle, maxBytes: number): Promise<Buffer | undefined> {
  const buffer = Buffer.alloc(maxBytes + 1);
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled > maxBytes ? undefined : buffer.subarray(0, filled);
}
