import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { SampleData } from '@app/analysis';
import { startEmbeddedPostgres } from '@app/platform/testing';
import { createSecondInstance, createTestApp, type TestApp } from './support/test-app.js';

/**
 * SAMPLE_DATA=true: the bundled sample data is ingested and analysed in the background, once per database (a
 * second start, or a second instance, does not load it again).
 */
describe('sample data at start', () => {
  let t: TestApp;
  let pg: Client;
  const count = async (sql: string) => Number((await pg.query(sql)).rows[0].n);

  beforeAll(async () => {
    t = await createTestApp({ env: { SAMPLE_DATA: 'true' } });
    pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
  });
  afterAll(async () => {
    await pg.end();
    await t.close();
  });

  it('ingests and analyses the sample data in the background', async () => {
    const sample = t.app.get(SampleData);
    sample.startInBackground();
    await sample.settled();
    expect(await count(`SELECT count(*) AS n FROM node`)).toBeGreaterThan(1000);
    // Post-processing ran (DCSync edges are derived) and the three collected domains have posture rows.
    expect(await count(`SELECT count(*) AS n FROM edge e JOIN kind k ON k.id = e.kind_id WHERE k.name = 'DCSync'`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(DISTINCT domain_sid) AS n FROM posture_stats`)).toBe(3);
    expect(await count(`SELECT count(*) AS n FROM node WHERE properties ->> 'system_tags' LIKE '%admin_tier_0%'`)).toBeGreaterThan(0);
    const { rows } = await pg.query('SELECT status, last_complete_analysis_at, sample_data_at FROM datapipe_status');
    expect(rows[0]).toMatchObject({ status: 'idle', last_complete_analysis_at: expect.any(Date), sample_data_at: expect.any(Date) });
  }, 300_000);

  it('never loads it twice into one database', async () => {
    const edges = await count(`SELECT count(*) AS n FROM edge`);
    expect(await t.app.get(SampleData).load()).toEqual({ loaded: false, reason: 'already loaded' });
    const second = await createSecondInstance(t, { env: { SAMPLE_DATA: 'true' } });
    try {
      expect(await second.app.get(SampleData).load()).toEqual({ loaded: false, reason: 'already loaded' });
    } finally {
      await second.close();
    }
    expect(await count(`SELECT count(*) AS n FROM edge`)).toBe(edges);
    expect(await count(`SELECT count(*) AS n FROM posture_stats`)).toBe(3);
  });
});

describe('the default of SAMPLE_DATA', () => {
  it('follows whether this start initialised the embedded cluster: its very first start only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pathwarden-embedded-'));
    try {
      const first = await startEmbeddedPostgres(dir, () => undefined);
      expect(first.initialised).toBe(true);
      await first.stop();
      const again = await startEmbeddedPostgres(dir, () => undefined);
      expect(again.initialised).toBe(false);
      await again.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
