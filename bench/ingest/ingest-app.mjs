// What the ingest children share: the application context booted from the build on a bench database (its own data
// folder, silent logs, no sample data; `extra` adds settings), and the ingest of collector files through LocalFiles
// (FileIngestor, the converters, GraphStore.writeBatch) under a long deadline.
import { benchAppEnv } from '../app-env.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Boots the application context; `close()` closes it and removes its data folder. */
export async function bootApp(dist, url, extra = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pathwarden-bench-ingest-'));
  Object.assign(process.env, benchAppEnv(url, dataDir, { SAMPLE_DATA: 'false', ...extra }));
  const { NestFactory } = await import('@nestjs/core');
  const { AppModule } = await import(`${dist}/apps/api/src/app.module.js`);
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false });
  return {
    get: (token) => app.get(token, { strict: false }),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `work` as a request with an hour's deadline (work outside HTTP would get the default 30 s). */
export async function underDeadline(dist, requestId, work) {
  const { runWithRequestContext } = await import(`${dist}/libs/platform/src/index.js`);
  return runWithRequestContext({ requestId, deadline: Date.now() + 3_600_000 }, work);
}

/** Ingests the files one by one; returns seconds, objects, files with errors, warnings (count and the first 3). */
export async function ingestFiles(app, dist, files) {
  const { LocalFiles } = await import(`${dist}/libs/ingest/src/index.js`);
  const localFiles = app.get(LocalFiles);
  const started = process.hrtime.bigint();
  let objects = 0;
  let warnings = 0;
  const failures = [];
  const firstWarnings = [];
  const scopes = [];
  await underDeadline(dist, 'bench-ingest', async () => {
    for (const file of files) {
      for (const result of await localFiles.ingest(file)) {
        if (result.scope) scopes.push(result.scope);
        objects += result.objects;
        warnings += result.warnings.length;
        firstWarnings.push(...result.warnings.slice(0, 3 - firstWarnings.length).map((w) => `${result.fileName}: ${w}`));
        if (result.errors.length > 0) failures.push(`${result.fileName}: ${result.errors.join('; ')}`);
      }
    }
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { seconds, objects, failures, warnings, firstWarnings, scopes };
}
