import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, createGunzip } from 'node:zlib';
import copyStreams from 'pg-copy-streams';
import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';

/** The manifest of a backup folder; one `<table>.copy.gz` file (COPY text format, gzip) per table beside it. */
export interface BackupManifest {
  format: 'pathwarden-backup';
  version: 1;
  createdAt: string;
  /** Migrations applied to the database backed up, oldest first: a restore needs exactly these. */
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number }[];
  /** Sequence positions (`last_value`, `is_called`), restored as they were. */
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

export const MANIFEST = 'manifest.json';
const MIGRATIONS_TABLE = 'migrations';

/**
 * A backup of every table of the service's schema, taken from one snapshot (REPEATABLE READ, READ ONLY), so it is
 * consistent while the service runs. It needs no `pg_dump` (the embedded PostgreSQL ships none, and a client older
 * than the server refuses it): rows stream through COPY, the schema comes from the migrations. Restore therefore
 * needs a database at the same migrations (the same Pathwarden version): it empties every table and loads them.
 */
export async function backupDatabase(dataSource: DataSource, folder: string, now: Date): Promise<BackupManifest> {
  await mkdir(folder, { recursive: true });
  if ((await readdir(folder)).length > 0) throw new BackupError(`${folder} is not empty: back up into a new folder`);
  return withClient(dataSource, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const manifest: BackupManifest = {
        format: 'pathwarden-backup', version: 1, createdAt: now.toISOString(), migrations: await appliedMigrations(client),
        tables: [], sequences: await sequencePositions(client),
      };
      for (const { name, columns } of await tablesOf(client)) {
        const copy = client.query(copyStreams.to(`COPY ${quoted(name)} (${columns.map(quoted).join(', ')}) TO STDOUT`));
        await pipeline(copy, createGzip(), createWriteStream(join(folder, fileOf(name))));
        manifest.tables.push({ name, columns, rows: Number(copy.rowCount ?? 0) });
      }
      await writeFile(join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      return manifest;
    } finally {
      await client.query('ROLLBACK');
    }
  });
}

/**
 * Replaces every row of the service's tables with the backup's, in one transaction: all or nothing. Triggers are
 * off meanwhile (the graph change log is restored as it was, not rewritten); a `reset` is logged at the end, so a
 * traversal index that outlived the restore rebuilds. Refused when the backup's migrations are not the database's.
 */
export async function restoreDatabase(dataSource: DataSource, folder: string): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  return withClient(dataSource, async (client) => {
    const applied = await appliedMigrations(client);
    if (JSON.stringify(applied) !== JSON.stringify(manifest.migrations)) {
      throw new BackupError(
        `the backup was taken at ${manifest.migrations.length} migrations (last ${manifest.migrations.at(-1) ?? 'none'}), ` +
          `this database is at ${applied.length} (last ${applied.at(-1) ?? 'none'}): restore with the Pathwarden version that took it`,
      );
    }
    const present = new Map((await tablesOf(client)).map((table) => [table.name, table.columns]));
    const missing = manifest.tables.filter((table) => !present.has(table.name));
    if (missing.length > 0) throw new BackupError(`the database has no table ${missing.map((t) => t.name).join(', ')}`);
    await client.query('BEGIN');
    try {
      const names = [...present.keys()];
      for (const name of names) await client.query(`ALTER TABLE ${quoted(name)} DISABLE TRIGGER USER`);
      if (names.length > 0) await client.query(`TRUNCATE ${names.map(quoted).join(', ')}`);
      for (const table of await loadOrder(client, manifest.tables)) {
        const columns = table.columns.map(quoted).join(', ');
        await pipeline(createReadStream(join(folder, fileOf(table.name))), createGunzip(),
          client.query(copyStreams.from(`COPY ${quoted(table.name)} (${columns}) FROM STDIN`)));
      }
      for (const name of names) await client.query(`ALTER TABLE ${quoted(name)} ENABLE TRIGGER USER`);
      for (const sequence of manifest.sequences) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [quoted(sequence.name), sequence.lastValue, sequence.isCalled]);
      }
      if (present.has('graph_change')) await client.query(`INSERT INTO graph_change (op) VALUES ('reset')`);
      await client.query('COMMIT');
      return manifest;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}

/** A backup that cannot be taken or restored as asked; its message is for the operator. */
export class BackupError extends Error {}

async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(folder, MANIFEST), 'utf8')) as BackupManifest;
  } catch (error) {
    throw new BackupError(`${join(folder, MANIFEST)} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (manifest?.format !== 'pathwarden-backup' || manifest.version !== 1 || !Array.isArray(manifest.tables)
    || !Array.isArray(manifest.migrations) || !Array.isArray(manifest.sequences)) {
    throw new BackupError(`${join(folder, MANIFEST)} is not a Pathwarden backup manifest`);
  }
  return manifest;
}

async function withClient<T>(dataSource: DataSource, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    const client = (await runner.connect()) as PoolClient;
    return await work(client);
  } finally {
    await runner.release();
  }
}

/** Ordinary tables of the current schema but TypeORM's migration record, with their stored (not generated) columns. */
async function tablesOf(client: PoolClient): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(`
    SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND c.relname <> $1
    GROUP BY c.relname ORDER BY c.relname`, [MIGRATIONS_TABLE]);
  return rows;
}

async function appliedMigrations(client: PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY timestamp, id`);
  return rows.map((row) => row.name);
}

async function sequencePositions(client: PoolClient): Promise<BackupManifest['sequences']> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relkind = 'S' AND relnamespace = current_schema()::regnamespace ORDER BY relname`);
  const positions: BackupManifest['sequences'] = [];
  for (const { name } of rows) {
    const [position] = (await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${quoted(name)}`)).rows;
    positions.push({ name, lastValue: position.last_value, isCalled: position.is_called });
  }
  return positions;
}

/** Tables so that every table comes after those its foreign keys name (self-references load in one COPY). */
async function loadOrder(client: PoolClient, tables: BackupManifest['tables']): Promise<BackupManifest['tables']> {
  const { rows } = await client.query<{ child: string; parent: string }>(`
    SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
    WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace AND c.oid <> p.oid`);
  const parents = new Map<string, string[]>();
  for (const { child, parent } of rows) parents.set(child, [...(parents.get(child) ?? []), parent]);
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: BackupManifest['tables'] = [];
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (name: string) => {
    if (done.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent);
    visiting.delete(name);
    done.add(name);
    const table = byName.get(name);
    if (table) ordered.push(table);
  };
  for (const table of tables) visit(table.name);
  return ordered;
}

/** A table's data file: the name is PostgreSQL's own identifier, checked to be a plain one before it names a file. */
function fileOf(table: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new BackupError(`unexpected table name ${JSON.stringify(table)}`);
  return `${table}.copy.gz`;
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
