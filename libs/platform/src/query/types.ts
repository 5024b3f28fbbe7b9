/** Value types a filterable column can have; each has its own operator set and value syntax. */
export type ColumnType = 'string' | 'integer' | 'boolean' | 'uuid' | 'timestamp';

/** Operator tokens of the wire form `?column=op:value`. */
export type FilterOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | '~eq' | 'in';

/** A filterable column as an endpoint declares it. */
export interface ColumnSpec {
  type: ColumnType;
  /** SQL expression the column compiles to, e.g. `u.email_address`. Trusted: it comes from code, never from input. */
  sql: string;
  /** Replaces the per-type default operator set (`in` still needs `allowIn`). */
  operators?: readonly FilterOperator[];
  /** Integer range; defaults to int32. An int64 column passes 64-bit bounds. */
  min?: bigint;
  max?: bigint;
  /** Enables `in:a,b,c` for this column. */
  allowIn?: boolean;
}

/** One ORDER BY term. */
export interface SortSpec {
  sql: string;
  direction: 'ASC' | 'DESC';
}

/** What a list endpoint accepts: its filterable and sortable columns, default order and paging. */
export interface ListSpec {
  /** Wire name -> column. */
  filters: Readonly<Record<string, ColumnSpec>>;
  /** Wire name -> SQL expression. */
  sortable: Readonly<Record<string, string>>;
  /** Order when no sort_by is given; its terms are also appended as tie-breakers so pages are stable. */
  defaultSort: readonly SortSpec[];
  /** Default 100. */
  defaultLimit?: number;
  /** Default 1000; a larger limit is clamped, not rejected. */
  maxLimit?: number;
  /** Default true; false ignores skip/limit entirely. */
  paging?: boolean;
  /** Non-column parameters with their own meaning (hydrate_ous, counts, type, ...): never filters. */
  reserved?: readonly string[];
}

/**
 * One validated filter. `value` is already typed for binding: string for string, integer (canonical decimal, exact
 * for int64), uuid (lower case) and timestamp (UTC RFC 3339) columns; boolean for boolean columns; null for
 * `eq:null` / `neq:null`; an array of those for `in`.
 */
export interface Predicate {
  column: string;
  op: FilterOperator;
  value: unknown;
}

/** A parsed, validated list request. `sort` is the complete ordering, tie-breakers included. */
export interface ListQuery {
  filters: Predicate[];
  sort: SortSpec[];
  skip: number;
  limit: number;
}
