import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { Database } from '@app/platform';
import { buildTraversalIndex, hopsOf, TraversalIndexTooLarge } from '@app/graph/testing';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let database: Database;
let kinds: number[];

beforeAll(async () => {
  t = await createTestApp();
  database = t.app.get(Database);
  kinds = (await database.query<{ id: number }>('SELECT id FROM kind ORDER BY id LIMIT 3')).map((row) => row.id);
});
afterAll(async () => t.close());
beforeEach(async () => database.query('TRUNCATE node CASCADE'));

const version = (value: number) => async (manager: EntityManager) => {
  await manager.query('SELECT 1');
  return value;
};
const build = (maxBytes = 1e9, readVersion = version(7)) => buildTraversalIndex(database, { maxBytes, readVersion });

async function addNodes(kindIds: number[][], ids?: number[]): Promise<number[]> {
  const rows = await database.query<{ id: string }>(
    `INSERT INTO node (${ids ? 'id, ' : ''}kind_ids, properties)
     SELECT ${ids ? 'i.id, ' : ''}translate(k.kinds, '[]', '{}')::int2[], jsonb_build_object('objectid', gen_random_uuid()::text)
       FROM jsonb_array_elements_text($1::jsonb) WITH ORDINALITY k(kinds, n)
       ${ids ? 'JOIN unnest($2::int8[]) WITH ORDINALITY i(id, n) USING (n)' : ''}
     ORDER BY k.n RETURNING id`,
    ids ? [JSON.stringify(kindIds.map((k) => JSON.stringify(k))), ids] : [JSON.stringify(kindIds.map((k) => JSON.stringify(k)))],
  );
  return rows.map((row) => Number(row.id));
}

async function addEdges(edges: [number, number, number][]): Promise<void> {
  await database.query(
    `INSERT INTO edge (start_id, end_id, kind_id) SELECT * FROM unnest($1::int8[], $2::int8[], $3::int2[])`,
    [edges.map((e) => e[0]), edges.map((e) => e[1]), edges.map((e) => e[2])],
  );
}

interface EdgeRow {
  id: number;
  start: number;
  end: number;
  kind: number;
}

async function graphRows(): Promise<{ nodes: { id: number; kinds: number[] }[]; edges: EdgeRow[] }> {
  const nodes = await database.query<{ id: string; kinds: number[] }>('SELECT id, kind_ids AS kinds FROM node ORDER BY id');
  const edges = await database.query<{ id: string; start: string; end: string; kind: number }>(
    'SELECT id, start_id AS start, end_id AS "end", kind_id AS kind FROM edge ORDER BY id',
  );
  return {
    nodes: nodes.map((row) => ({ id: Number(row.id), kinds: row.kinds })),
    edges: edges.map((row) => ({ id: Number(row.id), start: Number(row.start), end: Number(row.end), kind: row.kind })),
  };
}

describe('buildTraversalIndex', () => {
  it('holds every node with its kinds and every edge in both directions, self-loops and sparse ids included', async () => {
    const [a, b, c] = kinds;
    const ids = await addNodes([[a], [a, b], [], [c, a], [b], [a]]);
    const far = await addNodes([[c], [a, c]], [1_000_000_000_000, 2 ** 50]);
    await addEdges([
      [ids[0], ids[1], a], [ids[1], ids[1], b], [ids[1], ids[2], a], [ids[3], ids[0], c],
      [ids[4], ids[5], a], [ids[5], far[0], b], [far[1], ids[0], a], [far[0], far[0], c],
    ]);
    await database.query('DELETE FROM node WHERE id = $1', [ids[4]]);
    const { nodes, edges } = await graphRows();

    const index = await build();
    expect([index.version, index.nodeCount, index.edgeCount]).toEqual([7, nodes.length, edges.length]);
    expect(index.indexOf(ids[4])).toBe(-1);
    for (const node of nodes) {
      const at = index.indexOf(node.id);
      expect(index.idOf(at)).toBe(node.id);
      expect(index.kindsOf(at)).toEqual(node.kinds);
      expect(index.hasKinds(at, node.kinds)).toBe(true);
      const hops = (step: 'out' | 'in') =>
        edges
          .filter((edge) => (step === 'out' ? edge.start : edge.end) === node.id)
          .map((edge) => ({ edge: edge.id, node: step === 'out' ? edge.end : edge.start, kind: edge.kind }));
      expect(hopsOf(index, 'out', node.id)).toEqual(hops('out'));
      expect(hopsOf(index, 'in', node.id)).toEqual(hops('in'));
    }
  });

  it('reads the version and the rows in one read-only REPEATABLE READ snapshot', async () => {
    await addNodes([[kinds[0]]]);
    let settings: unknown;
    const index = await build(1e9, async (manager) => {
      [settings] = await manager.query(
        "SELECT current_setting('transaction_isolation') AS isolation, current_setting('transaction_read_only') AS read_only",
      );
      // Committed after the snapshot was taken: the build must not see it.
      await database.dataSource.query(
        "INSERT INTO node (kind_ids, properties) VALUES ('{1}', jsonb_build_object('objectid', 'later'))",
      );
      return 9;
    });
    expect(settings).toEqual({ isolation: 'repeatable read', read_only: 'on' });
    expect([index.version, index.nodeCount]).toEqual([9, 1]);
  });

  it('streams a graph of many COPY chunks, rows split across them, into the same rows', async () => {
    await database.query(
      `INSERT INTO node (kind_ids, properties)
       SELECT ARRAY[1 + g % 5, 300 + g % 7]::int2[], jsonb_build_object('objectid', 'n' || g) FROM generate_series(1, 10000) g`,
    );
    await database.query(
      `INSERT INTO edge (start_id, end_id, kind_id)
       SELECT n.first + g % 10000, n.first + (g * 7919) % 10000, ($1::int2[])[1 + g % 3]
         FROM generate_series(1, 40000) g, (SELECT min(id) AS first FROM node) n
       ON CONFLICT DO NOTHING`,
      [kinds],
    );
    const { nodes, edges } = await graphRows();
    const index = await build();
    expect([index.nodeCount, index.edgeCount]).toEqual([nodes.length, edges.length]);
    const stored: number[][] = [];
    for (let node = 0; node < index.baseNodes; node++) {
      for (let slot = index.out.offsets[node]; slot < index.out.offsets[node + 1]; slot++) {
        stored.push([index.out.edgeIdAt(slot), index.idOf(node), index.idOf(index.out.targets[slot]), index.out.kinds[slot]]);
      }
    }
    const text = (rows: number[][]) => rows.map((row) => row.join(' ')).join('\n');
    expect(text(stored.sort((x, y) => x[0] - y[0]))).toBe(text(edges.map((e) => [e.id, e.start, e.end, e.kind])));
    expect(nodes.every((node) => index.kindsOf(index.indexOf(node.id)).join() === node.kinds.join())).toBe(true);
    // 20 bytes per edge (ids below 2^32); per node its id, two kinds, a slot of the direct id table and three offsets.
    expect(index.bytes).toBe(20 * edges.length + nodes.length * (8 + 2 * 2 + 4) + 3 * 4 * (nodes.length + 1));
  });

  it('refuses a graph whose estimate passes the cap before reading it', async () => {
    const ids = await addNodes([[kinds[0]], [kinds[1]]]);
    await addEdges([[ids[0], ids[1], kinds[0]]]);
    // The estimate is the planner's statistics (a table never analysed counts nothing until its rows stream).
    await database.query('ANALYZE node');
    await database.query('ANALYZE edge');
    const error = await build(40).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TraversalIndexTooLarge);
    expect((error as TraversalIndexTooLarge).estimated).toBe(true);
  });

  it('stops a COPY whose rows pass the cap, and the connection serves the next build', async () => {
    // 60 kinds per node: the estimate counts one, the rows pass the cap while they stream.
    await database.query(
      `INSERT INTO node (kind_ids, properties)
       SELECT (SELECT array_agg(k)::int2[] FROM generate_series(1, 60) k), jsonb_build_object('objectid', 'n' || g)
         FROM generate_series(1, 5000) g`,
    );
    const error = await build(5000 * 60).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TraversalIndexTooLarge);
    expect((error as TraversalIndexTooLarge).estimated).toBe(false);
    // This file's own database only: other suites run beside it on the same server.
    const stuck = await database.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
    );
    expect(stuck).toEqual([{ n: 0 }]);
    expect((await build()).nodeCount).toBe(5000);
  });
});
