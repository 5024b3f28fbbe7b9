// `npm start` and `npm run cli` build first when the compiled output is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebIfNeeded } from './build-web-if-needed.mjs';

const outputs = ['dist/apps/api/src/main.js', 'dist/apps/cli/src/main.js'];

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // apps/web is the explorer: build-web-if-needed.mjs rebuilds it alone.
    if (entry.isDirectory() && path === join('apps', 'web')) continue;
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestSource('apps'), newestSource('libs'), statSync('package.json').mtimeMs);
const stale = outputs.some((out) => !existsSync(out) || statSync(out).mtimeMs < sources);
if (stale) {
  console.log('Building Pathwarden (first start or changed sources)...');
  execSync('npm run build --silent', { stdio: 'inherit' });
} else {
  buildWebIfNeeded();
}
