import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Client } from 'pg';
import { runCaptured as cli } from '../apps/cli/src/testing/run-captured.js';
import { extractZip, SAMPLE_ZIP } from './support/ingest.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * `ingest` and `analyze`, run in-process through runCli (as `npm run cli` does) against the database of a real
 * app, with their output captured (not a terminal: progress comes as plain lines).
 */

describe('CLI ingest and analyze', () => {
  let t: TestApp;
  let pg: Client;
  let work: string;
  let folder: string;
  let count: (sql: string) => Promise<number>;

  beforeAll(async () => {
    // createTestApp sets DATABASE_URL and the secrets in this worker's environment: the CLI reads the same.
    t = await createTestApp();
    pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
    count = async (sql) => Number((await pg.query(sql)).rows[0].n);
    work = mkdtempSync(join(tmpdir(), 'pathwarden-cli-'));
    const extracted = join(work, 'all');
    mkdirSync(extracted);
    const files = await extractZip(SAMPLE_ZIP, extracted);
    // A folder of three small files, one nested, plus a file the folder walk skips.
    folder = join(work, 'folder');
    mkdirSync(join(folder, 'nested'), { recursive: true });
    const pick = (suffix: string) => files.find((file) => file.startsWith(join(extracted, '20240305110427')) && file.endsWith(suffix))!;
    copyFileSync(pick('_domains.json'), join(folder, basename(pick('_domains.json'))));
    copyFileSync(pick('_ous.json'), join(folder, 'nested', basename(pick('_ous.json'))));
    copyFileSync(pick('_computers.json'), join(folder, basename(pick('_computers.json'))));
    writeFileSync(join(folder, 'notes.txt'), 'not a collector file');
  });
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await pg.end();
    await t.close();
  });

  it('ingests every .json of a folder, recursively, without analysis when told', async () => {
    const run = await cli(['ingest', '--no-analyze', folder]);
    expect(run).toMatchObject({ code: 0 });
    // One object per file: counts of one are singular.
    expect(run.stdout).toMatch(/^ {2}\S+_computers\.json: computers, 1 object$/m);
    expect(run.stdout).toMatch(/^ {2}\S+_domains\.json: domains, 1 object$/m);
    expect(run.stdout).toMatch(/^ {2}\S+_ous\.json: ous, 1 object$/m);
    expect(run.stdout).toMatch(/^Ingested 3 files: 3 objects \(\d+ objects\/s\)\.$/m);
    expect(run.stdout).not.toMatch(/Analysis complete/);
    expect(run.stderr).toMatch(/^ingest: 3\/3 files, 3 objects, \d+ objects\/s \(.+_ous\.json\)$/m);
    expect(await count(`SELECT count(*) AS n FROM node`)).toBeGreaterThan(3);
    expect(await count(`SELECT count(*) AS n FROM datapipe_status WHERE last_analysis_run_at IS NULL AND status = 'idle'`)).toBe(1);
  });

  it('reports a failed file, ingests the rest, analyses, and exits 1', async () => {
    const broken = join(work, 'broken.json');
    writeFileSync(broken, '{"meta": {"type": "users", "version": 6, "count": 1}, "data": [');
    const run = await cli(['ingest', broken, join(folder, 'nested')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^ {2}broken\.json: .*0 objects\n {4}error: .+$/m);
    expect(run.stdout).toMatch(/^ {2}\S+_ous\.json: ous, 1 object\nIngested 2 files: 1 object \(\d+ objects\/s\)\.$/m);
    expect(run.stdout).toMatch(/^Analysis complete: \d+ rows? from post-processing, \d+ tags? evaluated, \d+ posture rows?\.$/m);
    expect(run.stderr).toContain('error: 1 of 2 files could not be ingested (see above)');
    expect(await count(`SELECT count(*) AS n FROM datapipe_status WHERE last_complete_analysis_at IS NOT NULL`)).toBe(1);
  });

  it('skips the analysis when no file ingested anything, says so, and exits 1', async () => {
    const lastRun = async () => (await pg.query('SELECT last_analysis_run_at FROM datapipe_status')).rows[0].last_analysis_run_at;
    const before = await lastRun();
    const truncated = '{"meta": {"type": "users", "version": 6, "count": 1}, "data": [';
    writeFileSync(join(work, 'broken-a.json'), truncated);
    writeFileSync(join(work, 'broken-b.json'), truncated);
    const run = await cli(['ingest', join(work, 'broken-a.json'), join(work, 'broken-b.json')]);
    expect(run).toEqual({
      code: 1,
      stdout:
        '  broken-a.json: users, 0 objects\n    error: Malformed JSON: unexpected end of file\n' +
        '  broken-b.json: users, 0 objects\n    error: Malformed JSON: unexpected end of file\n' +
        'Ingested 2 files: 0 objects (0 objects/s).\n' +
        'Analysis skipped: nothing was ingested.\n',
      stderr: expect.stringMatching(/error: 2 of 2 files could not be ingested \(see above\)\n$/),
    });
    expect(await lastRun()).toEqual(before);
  });

  it('ingests and analyses on DATABASE_URL without JWT_SECRET and SECRETS_KEY, which it never uses', async () => {
    const run = await cli(['ingest', join(folder, 'nested')], { env: { JWT_SECRET: undefined, SECRETS_KEY: undefined } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}\S+_ous\.json: ous, 1 object\nIngested 1 file: 1 object \(\d+ objects\/s\)\.\nAnalysis complete: /);
    expect(run.stderr).toMatch(/^ingest: 1\/1 file, 1 object, \d+ objects\/s \(.+_ous\.json\)\n$/);
    // Nor were any generated: DATA_DIR holds secrets for the embedded database only.
    expect(existsSync(join(process.env.DATA_DIR!, 'jwt-secret'))).toBe(false);
    expect(existsSync(join(process.env.DATA_DIR!, 'secrets-key'))).toBe(false);
  });

  it('ingests a zip member by member', async () => {
    const run = await cli(['ingest', '--no-analyze', SAMPLE_ZIP]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}ad_sampledata\.zip: \S+_users\.json: users, \d+ objects/m);
    expect(run.stdout).toMatch(/^Ingested \d+ files/m);
  });

  it('analyses on demand', async () => {
    const run = await cli(['analyze']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Analysis complete: \d+ rows from post-processing, \d+ tags evaluated, [1-9]\d* posture rows?\.\n$/);
    expect(await count(`SELECT count(*) AS n FROM posture_stats`)).toBeGreaterThan(0);
  });

  it('refuses a path that does not exist', async () => {
    const run = await cli(['ingest', join(work, 'missing')]);
    expect(run).toEqual({ code: 1, stdout: '', stderr: `error: no such file or folder: ${join(work, 'missing')}\n` });
  });

  it('refuses folders without collector files', async () => {
    const empty = join(work, 'empty');
    mkdirSync(empty);
    const run = await cli(['ingest', empty]);
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: no .json or .zip file found in the given folders\n' });
  });
});
