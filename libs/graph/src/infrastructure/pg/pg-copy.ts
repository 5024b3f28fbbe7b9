import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import copyStreams from 'pg-copy-streams';
import type { PoolClient } from 'pg';
import type { EntityManager } from 'typeorm';

/** A COPY text-format field: a string (escaped), a boolean, a number, an int2[] literal source, or NULL. */
export type CopyValue = string | number | boolean | null | readonly number[];

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const SPECIAL = /[\\\n\r\t]/g;
const HAS_SPECIAL = /[\\\n\r\t]/;
/** Rows per chunk written to the COPY stream: big enough to amortise the writes, small enough to stream. */
const ROWS_PER_CHUNK = 2000;

/** One field in COPY's text format (tab-separated, backslash escapes, \N for NULL). */
export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return `{${value.join(',')}}`;
  return HAS_SPECIAL.test(value) ? value.replace(SPECIAL, (c) => ESCAPES[c]) : value;
}

/** One COPY text line. */
export function copyLine(fields: readonly CopyValue[]): string {
  let line = '';
  for (let i = 0; i < fields.length; i++) line += (i === 0 ? '' : '\t') + copyField(fields[i]);
  return `${line}\n`;
}

/**
 * The pg client of the transaction `manager` runs in: COPY must travel on that very connection to see the
 * transaction's temporary tables and to roll back with it.
 */
export async function transactionClient(manager: EntityManager): Promise<PoolClient> {
  const runner = manager.queryRunner as unknown as { connect(): Promise<PoolClient> } | undefined;
  if (!runner) throw new Error('COPY needs a transaction-bound entity manager');
  return runner.connect();
}

/** Streams `rows` into `COPY <target> FROM STDIN` (text format), chunk by chunk with back-pressure. */
export async function copyRows<T>(client: PoolClient, target: string, rows: readonly T[], fields: (row: T) => CopyValue[]): Promise<void> {
  function* chunks(): Generator<string> {
    for (let from = 0; from < rows.length; from += ROWS_PER_CHUNK) {
      let chunk = '';
      for (const row of rows.slice(from, from + ROWS_PER_CHUNK)) chunk += copyLine(fields(row));
      yield chunk;
    }
  }
  await pipeline(Readable.from(chunks()), client.query(copyStreams.from(`COPY ${target} FROM STDIN`)));
}
