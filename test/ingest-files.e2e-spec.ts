import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { Datapipe } from '@app/analysis';
import { LocalFiles, type FileResult } from '@app/ingest';
import { graphSnapshot, SAMPLE_ZIP } from './support/ingest.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The sample data zip through LocalFiles (FileIngestor, the converters, GraphStore.writeBatch) on a real database,
 * before any analysis: the counts of the fixtures README's hand-made reckoning (a sanity range, not exact truth),
 * and a second ingest of the same data changing nothing but the timestamps.
 */
describe('LocalFiles on the sample data', () => {
  let t: TestApp;
  let pg: Client;
  let first: FileResult[];
  const count = async (sql: string): Promise<number> => Number((await pg.query(sql)).rows[0].count);
  const edgesOfKind = (kind: string) => count(`
    SELECT count(*) FROM edge e JOIN kind k ON k.id = e.kind_id WHERE k.name = '${kind}'`);

  beforeAll(async () => {
    t = await createTestApp();
    pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
    first = await t.app.get(LocalFiles).ingest(SAMPLE_ZIP);
  }, 120_000);
  afterAll(async () => {
    await pg.end();
    await t.close();
  });

  it('ingests all 31 members without errors, named by member and parented by the zip', () => {
    expect(first).toHaveLength(31);
    expect(first.filter((r) => r.errors.length > 0)).toEqual([]);
    expect(new Set(first.map((r) => r.parentFileName))).toEqual(new Set(['ad_sampledata.zip']));
    expect(first.find((r) => r.fileName === '20240305110018_users.json')).toMatchObject({ type: 'users', objects: 53 });
    expect(first.reduce((sum, r) => sum + r.objects, 0)).toBe(1718);
  });

  it('counts the objects per domain for the collection domain results', () => {
    const users = first.find((r) => r.fileName === '20240305110018_users.json')!;
    expect(users.domains['PHANTOM.CORP']).toMatchObject({ user_count: 53 });
    const containers = first.find((r) => r.fileName === '20240305110427_containers.json')!;
    expect(Object.keys(containers.domains).sort()).toEqual(['GHOST.CORP', 'PHANTOM.CORP']);
  });

  it("writes node and edge counts in the README's range", async () => {
    const nodes = await count('SELECT count(*) FROM node');
    const edges = await count('SELECT count(*) FROM edge');
    expect(nodes).toBeGreaterThanOrEqual(1_400);
    expect(nodes).toBeLessThanOrEqual(1_600);
    expect(edges).toBeGreaterThanOrEqual(12_000);
    expect(edges).toBeLessThanOrEqual(13_300);
    expect(await edgesOfKind('MemberOf')).toBeGreaterThanOrEqual(280);
    expect(await edgesOfKind('Contains')).toBeGreaterThanOrEqual(1_350);
    expect(await edgesOfKind('DCFor')).toBe(3);
    expect(await count(`SELECT count(*) FROM node WHERE properties ->> 'objectid' IS NULL`)).toBe(0);
  });

  it('stamps every node and edge of a file with one instant', async () => {
    const stamps = await count(`SELECT count(DISTINCT properties ->> 'lastseen') FROM node`);
    expect(stamps).toBeGreaterThan(1);
    expect(stamps).toBeLessThanOrEqual(31);
    expect(await count(`SELECT count(*) FROM edge WHERE properties ->> 'lastseen' IS NULL`)).toBe(0);
  });

  it('changes nothing but lastseen and lastcollected when the same data is ingested again', async () => {
    const before = await graphSnapshot(t.databaseUrl);
    const { rows: [{ seen }] } = await pg.query(`SELECT max(properties ->> 'lastseen') AS seen FROM node`);

    const again = await t.app.get(LocalFiles).ingest(SAMPLE_ZIP, { name: 'again.zip' });

    expect(again.filter((r) => r.errors.length > 0)).toEqual([]);
    const after = await graphSnapshot(t.databaseUrl);
    expect(after.nodes).toEqual(before.nodes);
    expect(after.edges).toEqual(before.edges);
    // Every node a file names is stamped again (stubs nobody describes keep the instant they were created).
    expect(await count(`
      SELECT count(*) FROM node WHERE properties ? 'lastcollected' AND properties ->> 'lastseen' <= '${seen}'`)).toBe(0);
  }, 120_000);
});

describe('LocalFiles and properties the service owns', () => {
  let t: TestApp;
  let pg: Client;

  beforeAll(async () => {
    t = await createTestApp();
    pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
  });
  afterAll(async () => {
    await pg.end();
    await t.close();
  });

  it('never takes system_tags, user_tags, objectid, timestamps or tag kinds from a file, so a file cannot make Tier Zero', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pathwarden-owned-'));
    try {
      const path = join(dir, 'users.json');
      writeFileSync(path, JSON.stringify({
        data: [{
          ObjectIdentifier: 'S-1-5-21-9-1105',
          Properties: {
            name: 'mallory@evil.corp', domain: 'EVIL.CORP', system_tags: 'admin_tier_0', user_tags: 'owned',
            objectid: 'S-1-5-21-9-512', lastseen: '2001-01-01T00:00:00Z', lastcollected: '2001-01-01T00:00:00Z',
            primarykind: 'Domain', Tag_Tier_Zero: true,
          },
          Aces: [], ContainedBy: { ObjectIdentifier: 'S-1-5-21-9-TIER', ObjectType: 'Tag_Tier_Zero' },
        }],
        meta: { type: 'users', version: 6, count: 1 },
      }));
      const [result] = await t.app.get(LocalFiles).ingest(path);
      expect(result.errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await t.app.get(Datapipe).analyze();
    const { rows } = await pg.query(`
      SELECT n.properties AS p, ARRAY(SELECT k.name FROM kind k WHERE k.id = ANY (n.kind_ids) ORDER BY 1) AS kinds
      FROM node n WHERE n.properties ->> 'objectid' LIKE 'S-1-5-21-9-%' ORDER BY n.properties ->> 'objectid'`);
    const mallory = rows.find((r) => r.p.objectid === 'S-1-5-21-9-1105')!;
    expect(mallory.p).toMatchObject({ name: 'MALLORY@EVIL.CORP' });
    expect(mallory.p.system_tags).toBeUndefined();
    expect(mallory.p.user_tags).toBeUndefined();
    expect(mallory.p.primarykind).toBeUndefined();
    expect(mallory.p.lastseen).not.toBe('2001-01-01T00:00:00Z');
    expect(rows.flatMap((r) => r.kinds).filter((k: string) => k.startsWith('Tag_'))).toEqual([]);
    expect(rows.some((r) => r.p.objectid === 'S-1-5-21-9-512')).toBe(false);
  });
});
