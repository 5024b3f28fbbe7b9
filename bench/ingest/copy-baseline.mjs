// The floor an ingest is measured against: the very node and edge rows the ingest wrote, COPYed straight into the
// tables of another freshly migrated database (same indexes and constraints), with no parsing, conversion or
// merging. The rows are first dumped from the ingested database to a temp file (not timed).
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const TABLES = [
  ['kind', 'id, name'],
  ['node', 'id, graph_id, kind_ids, properties'],
  ['edge', 'id, graph_id, start_id, end_id, kind_id, properties'],
];

/** Dumps `from`'s graph rows, then times loading them into `to` (already migrated). Returns seconds and counts. */
export async function copyBaseline(from, to) {
  const folder = mkdtempSync(join(tmpdir(), 'pathwarden-bench-copy-'));
  const source = new pg.Client({ connectionString: from });
  const target = new pg.Client({ connectionString: to });
  await source.connect();
  await target.connect();
  try {
    for (const [table, columns] of TABLES) {
      await pipeline(source.query(copyStreams.to(`COPY ${table} (${columns}) TO STDOUT`)), createWriteStream(join(folder, table)));
    }
    // The migrations seeded the built-in kinds with the same ids; the dump brings them back with the rest.
    await target.query('TRUNCATE kind, node, edge CASCADE');
    // Raw COPY: without the change-log triggers (user triggers only; the foreign keys are still checked).
    await target.query('ALTER TABLE node DISABLE TRIGGER USER; ALTER TABLE edge DISABLE TRIGGER USER');
    const started = process.hrtime.bigint();
    await target.query('BEGIN');
    for (const [table, columns] of TABLES) {
      await pipeline(createReadStream(join(folder, table)), target.query(copyStreams.from(`COPY ${table} (${columns}) FROM STDIN`)));
    }
    await target.query('COMMIT');
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const count = async (table) => Number((await target.query(`SELECT count(*) FROM ${table}`)).rows[0].count);
    return { seconds, nodes: await count('node'), edges: await count('edge') };
  } finally {
    await source.end();
    await target.end();
    rmSync(folder, { recursive: true, force: true });
  }
}
