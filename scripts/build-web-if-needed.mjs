// Builds the explorer (apps/web → dist/web) when the build is missing or older than its sources. Used by
// `npm run build`, `npm start` (through build-if-needed.mjs) and the e2e run's global set-up, which serves it to a
// real browser. Never rebuilt when fresh: an e2e suite that builds the server (service-process) must not empty
// dist/web under the browser tests running beside it.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const OUTPUT = 'dist/web/index.html';

function newest(dir) {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return time;
}

export function buildWebIfNeeded() {
  const sources = Math.max(newest('apps/web'), statSync('package.json').mtimeMs, newest('libs/graph/src/prebuilt-queries'));
  if (existsSync(OUTPUT) && statSync(OUTPUT).mtimeMs >= sources) return;
  console.log('Building the explorer (apps/web)...');
  execSync('npm run --silent build:web', { stdio: 'inherit' });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) buildWebIfNeeded();
