import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { PostProcessing } from '@app/analysis';
import { POST_PROCESSED_EDGE_KINDS } from '@app/graph';
import { LocalFiles, type FileResult } from '@app/ingest';
import { runWithRequestContext } from '@app/platform';
import { writeEnterpriseFiles } from '../bench/enterprise/directory.mjs';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The benches' enterprise directory generator (bench/enterprise) at ~2,000 objects, dense variant: its files ingest
 * without errors through LocalFiles, its nesting cycles are in MemberOf, and the analysis derives from it what the
 * generator set up for (ESC1, ESC3, ESC4, DCSync through nesting, AdminTo, CanRDP); a second analysis changes no
 * derived edge.
 */
const DOMAIN_SID = 'S-1-5-21-1000-2000-3000';

describe('the enterprise directory generator, ingested and analysed', () => {
  let t: TestApp;
  let pg: Client;
  let folder: string;
  let generated: ReturnType<typeof writeEnterpriseFiles>;
  let results: FileResult[];
  const rows = async (text: string, params: unknown[] = []) => (await pg.query(text, params)).rows;
  const edgesOf = async (kind: string): Promise<string[]> => (await rows(`
    SELECT s.properties ->> 'name' AS s, e.properties ->> 'objectid' AS e FROM edge
    JOIN kind k ON k.id = edge.kind_id JOIN node s ON s.id = edge.start_id JOIN node e ON e.id = edge.end_id
    WHERE k.name = $1`, [kind])).map((r) => `${r.s} -> ${r.e}`);
  /** Every post-processed edge as `start -[kind]-> end` by objectid, sorted. */
  const derived = async () => (await rows(`
    SELECT s.properties ->> 'objectid' AS s, k.name AS k, e.properties ->> 'objectid' AS e FROM edge
    JOIN kind k ON k.id = edge.kind_id JOIN node s ON s.id = edge.start_id JOIN node e ON e.id = edge.end_id
    WHERE k.name = ANY($1) ORDER BY 1, 2, 3`, [[...POST_PROCESSED_EDGE_KINDS]])).map((r) => `${r.s} -[${r.k}]-> ${r.e}`);
  const analyse = () => runWithRequestContext({ requestId: 'enterprise-directory', deadline: Date.now() + 300_000 },
    () => t.app.get(PostProcessing).run());

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'pathwarden-enterprise-'));
    generated = writeEnterpriseFiles({ variant: 'dense', scale: 0.01, seed: 7 }, folder);
    t = await createTestApp();
    pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
    results = [];
    for (const path of generated.paths) results.push(...await t.app.get(LocalFiles).ingest(path));
    await analyse();
  }, 180_000);
  afterAll(async () => {
    await pg?.end();
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes a small dense directory with nesting cycles and a PKI, which ingests without errors', () => {
    expect(generated.objects).toBeGreaterThan(1_000);
    expect(generated.objects).toBeLessThan(2_500);
    expect(generated.counts).toMatchObject({ templates: 30, enterpriseCas: 2 });
    expect(generated.counts.cycles).toBeGreaterThan(0);
    expect(generated.counts.nestingPerGroup).toBeGreaterThan(2);
    expect(results.filter((r) => r.errors.length > 0 || r.warnings.length > 0)).toEqual([]);
    expect(results.reduce((sum, r) => sum + r.objects, 0)).toBe(generated.objects);
  });

  it('puts exactly the rings of the generator on MemberOf cycles', async () => {
    const [{ n }] = await rows(`
      WITH RECURSIVE up (origin, g) AS (
        SELECT e.start_id, e.end_id FROM edge e JOIN kind k ON k.id = e.kind_id
        JOIN node s ON s.id = e.start_id JOIN kind gk ON gk.name = 'Group' AND gk.id = ANY(s.kind_ids)
        WHERE k.name = 'MemberOf'
        UNION
        SELECT up.origin, e.end_id FROM up JOIN edge e ON e.start_id = up.g
        JOIN kind k ON k.id = e.kind_id AND k.name = 'MemberOf')
      SELECT count(DISTINCT origin)::int AS n FROM up WHERE origin = g`);
    expect(n).toBe(generated.counts.cycleGroups);
  });

  it('derives ESC1, ESC3 and ESC4 from the PKI', async () => {
    expect(await edgesOf('ADCSESC1')).toContain(`DOMAIN USERS@CORP.LOCAL -> ${DOMAIN_SID}`);
    expect((await edgesOf('ADCSESC3')).length).toBeGreaterThan(0);
    expect((await edgesOf('ADCSESC4')).length).toBeGreaterThan(0);
    expect((await edgesOf('GoldenCert')).length).toBe(2);
  });

  it('derives DCSync for the admin groups and, through nesting, for the non-admin replication group', async () => {
    const dcSync = await edgesOf('DCSync');
    expect(dcSync).toEqual(expect.arrayContaining([`DOMAIN ADMINS@CORP.LOCAL -> ${DOMAIN_SID}`,
      `IDM SYNC SERVICE@CORP.LOCAL -> ${DOMAIN_SID}`]));
    expect(dcSync).not.toContain(`DIRECTORY REPLICATION@CORP.LOCAL -> ${DOMAIN_SID}`);
  });

  it('derives CanReanimateTombstone for Domain Admins, through Administrators, on every object it may rename', async () => {
    const edges = await edgesOf('CanReanimateTombstone');
    // Domain Admins holds GenericAll on every generated user, group and computer (not on the well-known groups); the
    // replication group may create children but not reanimate, so nothing below it qualifies. Below Domain Admins
    // (the first 15 users, TIER0 ADMINS) only a direct holder of a rename right gets the edge too.
    expect(edges.filter((line) => line.startsWith('DOMAIN ADMINS@')).length)
      .toBe(generated.counts.users + generated.counts.computers + generated.parameters.groups);
    const others = edges.filter((line) => !line.startsWith('DOMAIN ADMINS@'));
    expect(others.filter((line) => !/^(USER0000(0\d|1[0-4])|TIER0 ADMINS)@/.test(line))).toEqual([]);
  });

  it('derives AdminTo and CanRDP from the local groups', async () => {
    expect((await edgesOf('AdminTo')).length).toBeGreaterThan(generated.counts.computers);
    expect((await edgesOf('CanRDP')).length).toBeGreaterThan(0);
  });

  it('leaves the derived edges unchanged on a second analysis', async () => {
    const before = await derived();
    expect(before.length).toBeGreaterThan(0);
    await analyse();
    expect(await derived()).toEqual(before);
  }, 120_000);
});
