import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Database } from '@app/platform';
import { TraversalIndexKeeper } from '@app/graph';
import { PgGraphWalks, PgKindRegistry } from '@app/graph/testing';
import { createTestApp, type TestApp } from './support/test-app.js';

const NODE_KINDS = ['User', 'Group', 'Computer'];
const EDGE_KINDS = ['MemberOf', 'AdminTo', 'Enroll'];

/**
 * The expansion steps edge compositions walk (PgGraphWalks' hops and withKinds) answer the same from SQL and from
 * the in-memory traversal index, on random graphs rewritten between runs (the index catches up from the change
 * log inside each read), for every direction, edge kinds and far-node kinds.
 */
describe('PgGraphWalks: SQL and the traversal index answer the same steps', () => {
  let t: TestApp;
  let db: Database;
  let kindId: Map<string, number>;
  let sqlWalks: PgGraphWalks;
  let memoryWalks: PgGraphWalks;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(Database);
    const registry = new PgKindRegistry(db);
    kindId = await registry.idsFor([...NODE_KINDS, ...EDGE_KINDS], { create: true });
    const keeper = t.app.get(TraversalIndexKeeper);
    keeper.startBackground();
    await keeper.settled();
    sqlWalks = new PgGraphWalks(db, registry);
    memoryWalks = new PgGraphWalks(db, registry, keeper);
  });
  afterAll(() => t.close());

  /** Replaces the graph; returns the node ids in order. */
  async function seed(nodeKinds: number[][], edges: [number, number, number][]): Promise<string[]> {
    await db.query('DELETE FROM edge');
    await db.query('DELETE FROM node');
    const rows: { id: string }[] = await db.query(
      `INSERT INTO node (kind_ids, properties)
         SELECT string_to_array(k, ',')::int2[], jsonb_build_object('objectid', 'N' || ord)
         FROM unnest($1::text[]) WITH ORDINALITY AS input (k, ord) ORDER BY ord
       RETURNING id`,
      [nodeKinds.map((ks) => ks.map((k) => kindId.get(NODE_KINDS[k])).join(','))],
    );
    const ids = rows.map((r) => r.id);
    const unique = [...new Map(edges.map((e) => [e.join(), e])).values()];
    await db.query(
      `INSERT INTO edge (start_id, end_id, kind_id) SELECT * FROM unnest($1::int8[], $2::int8[], $3::int2[])`,
      [unique.map(([a]) => ids[a]), unique.map(([, b]) => ids[b]), unique.map(([, , k]) => kindId.get(EDGE_KINDS[k]))],
    );
    return ids;
  }

  const graphs = fc.integer({ min: 1, max: 10 }).chain((n) => fc.record({
    nodeKinds: fc.array(fc.subarray([0, 1, 2]), { minLength: n, maxLength: n }),
    edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.nat(2)), { maxLength: 30 }),
    steps: fc.array(fc.record({
      from: fc.subarray([...Array(n).keys()]),
      direction: fc.constantFrom('outbound' as const, 'inbound' as const),
      edgeKinds: fc.subarray(EDGE_KINDS),
      nodeKinds: fc.option(fc.subarray(NODE_KINDS, { minLength: 1 }), { nil: undefined }),
    }), { minLength: 1, maxLength: 4 }),
  }));

  it('hops and withKinds agree on random graphs', async () => {
    const before = { ...memoryWalks.counts };
    await fc.assert(fc.asyncProperty(graphs, async ({ nodeKinds, edges, steps }) => {
      const ids = await seed(nodeKinds, edges);
      const answers = (walks: PgGraphWalks) => walks.read(async (reader) => {
        const found = [];
        for (const step of steps) {
          const from = step.from.map((i) => ids[i]);
          const { hops } = await reader.hops(from, step.direction, step.edgeKinds, step.nodeKinds);
          const kinded = await reader.withKinds(from, step.nodeKinds ?? NODE_KINDS);
          found.push({ hops: hops.map((h) => `${h.edgeId}:${h.startId}>${h.endId}`).sort(), kinded: kinded.sort() });
        }
        return found;
      });
      expect(await answers(memoryWalks)).toEqual(await answers(sqlWalks));
    }), { numRuns: 40 });
    expect(memoryWalks.counts.sql).toBe(before.sql);
    expect(memoryWalks.counts.memory).toBeGreaterThan(before.memory);
  });
});
