// Puts a generated directory into a fresh `pathwarden_bench` database: created on DATABASE_URL's server (or an
// embedded PostgreSQL when unset), migrated with the app's own migrations, then bulk-loaded with multi-row
// INSERT ... SELECT FROM unnest(...) batches. Secondary indexes are dropped for the load and rebuilt after from
// their own definitions (faster than maintaining them row by row), and the tables are vacuumed so expansions get
// index-only scans.
import pg from 'pg';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EDGE_KINDS, NODE_TYPES } from './directory.mjs';

export const BENCH_DATABASE = 'pathwarden_bench';
const NODE_BATCH = 10_000;
const EDGE_BATCH = 50_000;

/** The server to use: DATABASE_URL, or an embedded PostgreSQL started from the built platform code. */
export async function benchServer(dist) {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => undefined };
  const { startEmbeddedPostgres } = await import(`${dist}/libs/platform/src/database/embedded-postgres.js`);
  const handle = await startEmbeddedPostgres(mkdtempSync(join(tmpdir(), 'pathwarden-bench-graph-')), () => undefined);
  return { adminUrl: handle.url, stop: () => handle.stop() };
}

/**
 * A fresh bench database, unless `reuse` and the existing one was loaded with the same `signature` (kept as the
 * database's comment), which saves the load on reruns. Returns its URL and whether it still needs loading.
 * `database` names it (another bench keeps its own, so the two never clobber each other's state).
 */
export async function prepareDatabase(adminUrl, signature, reuse, database = BENCH_DATABASE) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT shobj_description(oid, 'pg_database') AS signature FROM pg_database WHERE datname = $1`, [database],
    );
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    if (reuse && rows[0]?.signature === signature) return { url: url.toString(), load: false };
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
    return { url: url.toString(), load: true };
  } finally {
    await client.end();
  }
}

/** Drops a bench database. */
export async function dropDatabase(adminUrl, database = BENCH_DATABASE) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await client.end();
}

/** Marks the database as fully loaded with `signature`. */
export async function markLoaded(adminUrl, signature, database = BENCH_DATABASE) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`COMMENT ON DATABASE ${database} IS ${client.escapeLiteral(signature)}`);
  await client.end();
}

/** Writes the directory; `kindId` maps kind names to the ids the app's kind registry gave them. */
export async function loadDirectory(url, dir, kindId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: indexes } = await client.query(`
      SELECT indexname, indexdef FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename IN ('node', 'edge')
        AND indexname NOT IN (SELECT conname FROM pg_constraint)`);
    for (const { indexname } of indexes) await client.query(`DROP INDEX ${client.escapeIdentifier(indexname)}`);
    await loadNodes(client, dir, kindId);
    await loadEdges(client, dir, kindId);
    for (const { indexdef } of indexes) await client.query(indexdef);
    await client.query('VACUUM ANALYZE node');
    await client.query('VACUUM ANALYZE edge');
  } finally {
    await client.end();
  }
}

async function loadNodes(client, dir, kindId) {
  const base = kindId.get('Base');
  const tag = kindId.get('Tag_Tier_Zero');
  const zero = new Set(dir.tierZero);
  const domainSid = (d) => `S-1-5-21-1000-2000-${3000 + d}`;
  for (let first = 1; first <= dir.nodeCount; first += NODE_BATCH) {
    const ids = [];
    const kinds = [];
    const objectids = [];
    const names = [];
    const sids = [];
    const tags = [];
    for (let id = first; id < Math.min(first + NODE_BATCH, dir.nodeCount + 1); id++) {
      const sid = domainSid(dir.domainOf[id]);
      const typeKind = kindId.get(NODE_TYPES[dir.type[id]]);
      ids.push(id);
      kinds.push(zero.has(id) ? `${base},${typeKind},${tag}` : `${base},${typeKind}`);
      objectids.push(dir.rid[id] === 0 ? sid : `${sid}-${dir.rid[id]}`);
      names.push(dir.name[id]);
      sids.push(sid);
      tags.push(zero.has(id) ? 'admin_tier_0' : null);
    }
    await client.query(`
      INSERT INTO node (id, kind_ids, properties)
      SELECT id, string_to_array(k, ',')::int2[],
             jsonb_strip_nulls(jsonb_build_object('objectid', o, 'name', n, 'domainsid', d, 'system_tags', t))
      FROM unnest($1::int8[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS x (id, k, o, n, d, t)`,
    [ids, kinds, objectids, names, sids, tags]);
  }
  await client.query(`SELECT setval(pg_get_serial_sequence('node', 'id'), $1)`, [dir.nodeCount]);
}

async function loadEdges(client, dir, kindId) {
  const order = Array.from({ length: dir.edgeCount }, (_, i) => i).sort((a, b) => dir.start[a] - dir.start[b]);
  const kindIds = EDGE_KINDS.map((k) => kindId.get(k));
  for (let first = 0; first < order.length; first += EDGE_BATCH) {
    const batch = order.slice(first, first + EDGE_BATCH);
    await client.query(
      'INSERT INTO edge (start_id, end_id, kind_id) SELECT * FROM unnest($1::int8[], $2::int8[], $3::int2[])',
      [batch.map((i) => dir.start[i]), batch.map((i) => dir.end[i]), batch.map((i) => kindIds[dir.kind[i]])],
    );
  }
}
