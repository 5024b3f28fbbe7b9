// The ingest side of bench/ingest, in a process of its own so its peak RSS is the ingest's alone (not the
// directory generator's): boots the application context from the build on the given database (migrations run at
// boot), ingests the files one by one through LocalFiles (FileIngestor, the converters, GraphStore.writeBatch) under
// a long deadline, and prints one JSON line: seconds, objects, files with errors, warnings, peak RSS.
// Usage (by run.mjs): node ingest-child.mjs <dist> <database url> <file>...
import { benchAppEnv } from '../app-env.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [dist, url, ...files] = process.argv.slice(2);
const dataDir = mkdtempSync(join(tmpdir(), 'pathwarden-bench-ingest-'));
Object.assign(process.env, benchAppEnv(url, dataDir, { SAMPLE_DATA: 'false' }));
const { NestFactory } = await import('@nestjs/core');
const { AppModule } = await import(`${dist}/apps/api/src/app.module.js`);
const { runWithRequestContext } = await import(`${dist}/libs/platform/src/index.js`);
const { LocalFiles } = await import(`${dist}/libs/ingest/src/index.js`);

const app = await NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false });
const localFiles = app.get(LocalFiles, { strict: false });
const started = process.hrtime.bigint();
let objects = 0;
let warnings = 0;
const failures = [];
const firstWarnings = [];
await runWithRequestContext({ requestId: 'bench-ingest', deadline: Date.now() + 3_600_000 }, async () => {
  for (const file of files) {
    for (const result of await localFiles.ingest(file)) {
      objects += result.objects;
      warnings += result.warnings.length;
      firstWarnings.push(...result.warnings.slice(0, 3 - firstWarnings.length).map((w) => `${result.fileName}: ${w}`));
      if (result.errors.length > 0) failures.push(`${result.fileName}: ${result.errors.join('; ')}`);
    }
  }
});
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
await app.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ seconds, objects, failures, warnings, firstWarnings, maxRssKb: process.resourceUsage().maxRSS }));
