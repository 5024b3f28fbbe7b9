// Puts a generated directory into a fresh bench database: created on DATABASE_URL's server (or an embedded
// PostgreSQL when unset), migrated with the app's own migrations, then bulk-loaded with COPY (edges sorted by
// start, with explicit ids: see edge-order.mjs). Secondary indexes are dropped for the load and rebuilt after from
// their own definitions (faster than maintaining them row by row), and the tables are vacuumed so expansions get
// index-only scans.
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EDGE_KINDS, NODE_TYPES } from './directory.mjs';
import { edgesByStart } from './edge-order.mjs';

export const BENCH_DATABASE = 'pathwarden_bench';

const domainSid = (d) => `S-1-5-21-1000-2000-${3000 + d}`;

/** The objectid a node of the directory is loaded with: its domain's SID, then its RID (none for a domain). */
export function objectidOf(dir, id) {
  const sid = domainSid(dir.domainOf[id]);
  return dir.rid[id] === 0 ? sid : `${sid}-${dir.rid[id]}`;
}
const COPY_BATCH = 20_000;

/**
 * The graph bench's database for a directory: one per size, so loads of different sizes never clobber each other,
 * and the signature prepareDatabase and markLoaded keep (the scripts that share a load use both).
 */
export function graphBenchDatabase({ nodes, edges, seed }) {
  return {
    database: `pathwarden_bench_${nodes}_${edges}`,
    signature: `pathwarden graph bench: nodes=${nodes} edges=${edges} seed=${seed} edge ids by start`,
  };
}

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

/** Runs the build's migrations on a fresh database (so an application booted on it later finds it ready). */
export async function migrateDatabase(dist, url) {
  const { dataSourceOptions, platformMigrations } = await import(`${dist}/libs/platform/src/index.js`);
  const { migrations } = await import(`${dist}/apps/api/src/migrations.js`);
  const { DataSource } = await import('typeorm');
  const dataSource = new DataSource({ ...dataSourceOptions(url, [...platformMigrations, ...migrations]), logging: false });
  await dataSource.initialize();
  await dataSource.destroy();
}

/**
 * Migrates a fresh database with the built code's migrations, registers the directory's kinds and loads it
 * (loadDirectory): what the benches that boot the application on the synthetic directory share.
 */
export async function migrateAndLoad(dist, url, dir) {
  const { Database, dataSourceOptions, platformMigrations } = await import(`${dist}/libs/platform/src/index.js`);
  const { migrations } = await import(`${dist}/apps/api/src/migrations.js`);
  const { PgKindRegistry } = await import(`${dist}/libs/graph/src/infrastructure/pg/pg-kind-registry.js`);
  const { DataSource } = await import('typeorm');
  const dataSource = new DataSource({ ...dataSourceOptions(url, [...platformMigrations, ...migrations]), logging: false });
  await dataSource.initialize();
  try {
    const registry = new PgKindRegistry(new Database(dataSource));
    await registry.onModuleInit();
    const kindId = await registry.idsFor(['Base', 'Tag_Tier_Zero', ...NODE_TYPES, ...EDGE_KINDS], { create: true });
    await loadDirectory(url, dir, kindId);
  } finally {
    await dataSource.destroy();
  }
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
    // Foreign keys are checked row by row at the end of the COPY (20M lookups for 10M edges); re-adding them after
    // validates each in one join.
    const { rows: foreignKeys } = await client.query(`
      SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE contype = 'f' AND conrelid IN ('node'::regclass, 'edge'::regclass)`);
    for (const { table, conname } of foreignKeys) {
      await client.query(`ALTER TABLE ${table} DROP CONSTRAINT ${client.escapeIdentifier(conname)}`);
    }
    for (const { indexname } of indexes) await client.query(`DROP INDEX ${client.escapeIdentifier(indexname)}`);
    // This session only: index builds over 10M rows sort in memory instead of spilling to many small runs.
    await client.query(`SET maintenance_work_mem = '1GB'`);
    // Triggers that log graph writes (none but the keys' yet) would copy the whole load into their log: the bench
    // starts from the loaded graph, not from its history.
    for (const table of ['node', 'edge']) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    await loadNodes(client, dir, kindId);
    await loadEdges(client, dir, kindId);
    for (const table of ['node', 'edge']) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    for (const { indexdef } of indexes) await client.query(indexdef);
    for (const { table, conname, definition } of foreignKeys) {
      await client.query(`ALTER TABLE ${table} ADD CONSTRAINT ${client.escapeIdentifier(conname)} ${definition}`);
    }
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
  // COPY's text format: JSON escapes control characters itself, only its backslashes need doubling.
  const row = (id) => {
    const sid = domainSid(dir.domainOf[id]);
    const typeKind = kindId.get(NODE_TYPES[dir.type[id]]);
    const kinds = zero.has(id) ? `{${base},${typeKind},${tag}}` : `{${base},${typeKind}}`;
    const properties = JSON.stringify({
      objectid: objectidOf(dir, id), name: dir.name[id], domainsid: sid,
      ...(zero.has(id) ? { system_tags: 'admin_tier_0' } : {}),
    });
    return `${id}\t${kinds}\t${properties.replaceAll('\\', '\\\\')}\n`;
  };
  await copyRows(client, 'COPY node (id, kind_ids, properties) FROM STDIN', dir.nodeCount, (i) => row(i + 1));
  await client.query(`SELECT setval(pg_get_serial_sequence('node', 'id'), $1)`, [dir.nodeCount]);
}

async function loadEdges(client, dir, kindId) {
  const { order } = edgesByStart(dir);
  const kindIds = EDGE_KINDS.map((k) => kindId.get(k));
  const row = (rank) => {
    const i = order[rank];
    return `${rank + 1}\t${dir.start[i]}\t${dir.end[i]}\t${kindIds[dir.kind[i]]}\n`;
  };
  await copyRows(client, 'COPY edge (id, start_id, end_id, kind_id) FROM STDIN', dir.edgeCount, row);
  await client.query(`SELECT setval(pg_get_serial_sequence('edge', 'id'), greatest($1, 1), $1 > 0)`, [dir.edgeCount]);
}

/** Streams `count` rows (`row(i)` gives the i-th line) through one COPY, a batch of lines per chunk. */
async function copyRows(client, statement, count, row) {
  function* chunks() {
    for (let first = 0; first < count; first += COPY_BATCH) {
      let text = '';
      for (let i = first; i < Math.min(first + COPY_BATCH, count); i++) text += row(i);
      yield text;
    }
  }
  await pipeline(Readable.from(chunks()), client.query(copyStreams.from(statement)));
}
