import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { PostProcessing } from '@app/analysis';
import { GraphStore } from '@app/graph';
import { seedGraph } from '@app/graph/testing';
import { runWithRequestContext } from '@app/platform';
import { randomAnalysisGraph } from './support/analysis-graphs.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * An analysis killed mid-step (its backend terminated while ADCSESC1 inserts, after earlier steps deleted and
 * recreated their edges) leaves the graph exactly as the previous complete analysis left it: the same edges, with
 * the same ids. The next analysis completes.
 */
describe('an analysis killed mid-step', () => {
  let t: TestApp;
  let pg: Client;
  const analyse = () => runWithRequestContext({ requestId: 'analysis-interrupted', deadline: Date.now() + 120_000 },
    () => t.app.get(PostProcessing).run());
  const edges = async () => (await pg.query(`
    SELECT e.id::text || ' ' || (s.properties ->> 'objectid') || ' -[' || k.name || ']-> ' || (n.properties ->> 'objectid') AS line
    FROM edge e JOIN kind k ON k.id = e.kind_id JOIN node s ON s.id = e.start_id JOIN node n ON n.id = e.end_id
    ORDER BY e.id`)).rows.map((r) => r.line as string);
  const withoutIds = (lines: string[]) => lines.map((line) => line.slice(line.indexOf(' ') + 1)).sort();

  beforeAll(async () => {
    t = await createTestApp();
    pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
    await seedGraph(t.app.get(GraphStore), randomAnalysisGraph(9));
    await analyse();
  }, 120_000);
  afterAll(async () => {
    await pg.end();
    await t.close();
  });

  it('leaves every edge as the previous analysis left it, then analyses again', async () => {
    const before = await edges();
    expect(before.filter((line) => line.includes('-[ADCSESC1]->')).length).toBeGreaterThan(0);
    expect(before.filter((line) => line.includes('-[DCSync]->')).length).toBeGreaterThan(0);
    await pg.query(`
      CREATE FUNCTION pw_test_kill() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NULL; END $$`);
    await pg.query(`
      CREATE TRIGGER pw_test_kill AFTER INSERT ON edge FOR EACH ROW
      WHEN (NEW.kind_id = ${(await pg.query(`SELECT id FROM kind WHERE name = 'ADCSESC1'`)).rows[0].id})
      EXECUTE FUNCTION pw_test_kill()`);
    await expect(analyse()).rejects.toThrow();
    await pg.query(`DROP TRIGGER pw_test_kill ON edge`);
    expect(await edges()).toEqual(before);

    await analyse();
    const after = await edges();
    expect(withoutIds(after)).toEqual(withoutIds(before));
    expect(after).not.toEqual(before);
  }, 120_000);
});
