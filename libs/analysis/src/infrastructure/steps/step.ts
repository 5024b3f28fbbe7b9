import type { EntityManager } from 'typeorm';
import { copyIntegerRows, type TraversalIndex } from '@app/graph';
import type { Row, Sql } from '@app/platform';

/** Runs one SQL statement in the post-processing transaction; resolves to its rows. */
export type RunSql = (text: string, params?: unknown[]) => Promise<Row[]>;

/**
 * Streams a `COPY (SELECT <integer columns>) TO STDOUT` in the post-processing transaction, one call of `row` per
 * row (its fields in a reused buffer): what a step reads in bulk never sits in memory as a result set.
 */
export type CopyRows = (copy: string, row: (fields: Float64Array) => void) => Promise<void>;

/** Runs a statement built with the `sql` template. */
export function runStatement(query: RunSql, statement: Sql): Promise<Row[]> {
  const { text, values } = statement.toQuery();
  return query(text, values);
}

/** One post-processing step: set-based SQL over `node`/`edge`; resolves to the rows it created or changed. */
export interface SqlStep {
  name: string;
  run(sql: RunSql, context: StepContext): Promise<number>;
}

export interface StepContext {
  /** RFC 3339 instant of this analysis: `lastseen` of every edge it creates. */
  now: string;
  /** What one step leaves for later steps of the same run (the ESC steps share the ADCS principals). */
  memo?: Map<string, unknown>;
  copyRows: CopyRows;
  /** This instance's traversal index when caught up to the version the transaction sees (membership-load.ts). */
  traversalIndex?: () => Promise<TraversalIndex | undefined>;
}

/** How steps reach the transaction `manager` runs in: statements and COPY streams on its connection. */
export function transactionSql(manager: EntityManager): { sql: RunSql; copyRows: CopyRows } {
  return {
    sql: (text, params) => manager.query(text, params),
    copyRows: (copy, row) => copyIntegerRows(manager, copy, row),
  };
}

/**
 * Ids of the named kinds, creating missing ones (kind rows are shared with the graph adapter, which reads names
 * it does not know from the table). Only names not in the table are offered to INSERT: every row an INSERT
 * proposes takes a value of the smallint id sequence even when it conflicts, and offering every name each time ran
 * the sequence out after a few dozen analyses (about a thousand values each). Sorted, so concurrent inserts of
 * overlapping sets cannot deadlock.
 */
export async function kindIds(sql: RunSql, names: readonly string[]): Promise<Map<string, number>> {
  const sorted = [...new Set(names)].sort();
  await sql(`
    INSERT INTO kind (name)
    SELECT name FROM unnest($1::text[]) AS input (name) WHERE NOT EXISTS (SELECT 1 FROM kind WHERE kind.name = input.name)
    ORDER BY name
    ON CONFLICT (name) DO NOTHING`, [sorted]);
  const rows = await sql(`SELECT id, name FROM kind WHERE name = ANY($1::text[])`, [sorted]);
  return new Map(rows.map((r) => [r.name as string, Number(r.id)]));
}

/**
 * Resolves statements written with `{Kind}` placeholders (replaced by the kind's id, so the planner sees constants;
 * COPY takes no parameters either) and `{Kind|Kind}` (an `int2[]` literal of several kinds; always an array after
 * `ANY(` or `&& `), for the kinds `names`.
 */
export async function kindText(sql: RunSql, names: readonly string[]): Promise<(text: string) => string> {
  const ids = await kindIds(sql, names);
  const id = (name: string): number => {
    const value = ids.get(name);
    if (value === undefined) throw new Error(`unknown kind in statement: ${name}`);
    return value;
  };
  const placeholder = /(ANY\(|&& )?\{(\w+(?:\|\w+)*)\}/g;
  return (text) => text.replace(placeholder, (_, before: string | undefined, names: string) => {
    const list = names.split('|').map(id);
    return list.length === 1 && !before ? `${list[0]}` : `${before ?? ''}ARRAY[${list.join(',')}]::int2[]`;
  });
}
