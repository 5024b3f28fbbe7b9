import { raw, sql, type Sql } from '@app/platform';
import type { SelectFrame } from './select.js';
import type { Typed } from './typed.js';

/** A typed value's SQL column(s): one for everything but paths, which carry node ids and edge ids. */
export interface Column { name: string; sql: Sql }

/** The columns a value travels in, named from `base`. */
export function toColumns(value: Typed, base: string): Column[] {
  switch (value.t) {
    case 'node':
    case 'edge':
      return [{ name: base, sql: value.id }];
    case 'path':
      return [{ name: `${base}_n`, sql: value.nodes }, { name: `${base}_e`, sql: value.edges }];
    default:
      return [{ name: base, sql: value.sql }];
  }
}

/** The select-list entries `expr AS name` of columns. */
export function selectList(columns: Column[]): Sql[] {
  return columns.map((column) => sql`${column.sql} AS ${raw(column.name)}`);
}

/**
 * A value of type `t` read back from the columns `base` of the relation `alias` (a WITH frame, an OPTIONAL MATCH
 * lateral). Graph elements join their row in `frame` only when read; `nullable` makes that join outer.
 */
export function fromColumns(t: Typed['t'], alias: string, base: string, frame: SelectFrame | undefined, nullable: boolean): Typed {
  const column = (name: string) => raw(`${alias}.${name}`);
  switch (t) {
    case 'node':
    case 'edge': {
      const id = column(base);
      return { t, id, row: frame?.lazyRow(t, id, nullable) };
    }
    case 'path':
      return { t, nodes: column(`${base}_n`), edges: column(`${base}_e`) };
    case 'value':
      return { t, sql: column(base), simple: true };
    default:
      return { t, sql: column(base) };
  }
}
