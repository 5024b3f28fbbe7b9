import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Pathwarden's version: the one in its package.json, found upwards from this module, so it holds in the source tree,
 * in dist/ and in the container image alike (which all keep package.json at the root).
 */
export function pathwardenVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const manifest = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'pathwarden' && manifest.version) return manifest.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json of pathwarden above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
