import { PAGINATION_PARAMS } from './query.params.js';
import { allowedOperators, isFilterOperator } from './operators.js';
import type { ColumnSpec, ListSpec } from './types.js';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** The page sizes a spec applies: its own or the house defaults (100, at most 1000). */
export function pageSizes(spec: ListSpec): { defaultLimit: number; maxLimit: number } {
  const maxLimit = spec.maxLimit ?? MAX_LIMIT;
  return { defaultLimit: spec.defaultLimit ?? Math.min(DEFAULT_LIMIT, maxLimit), maxLimit };
}

/** The created_at / updated_at / deleted_at timestamp filters of a record (base fields of spec §2.1) under `alias`. */
export function recordTimestampFilters(alias: string): Record<'created_at' | 'updated_at' | 'deleted_at', ColumnSpec> {
  return {
    created_at: { type: 'timestamp', sql: `${alias}.created_at` },
    updated_at: { type: 'timestamp', sql: `${alias}.updated_at` },
    deleted_at: { type: 'timestamp', sql: `${alias}.deleted_at` },
  };
}

/** Checks an endpoint's list spec at definition time, so a programmer mistake fails at start-up, not per request. */
export function defineListSpec(spec: ListSpec): ListSpec {
  if (spec.defaultSort.length === 0) fail('defaultSort must not be empty: pages need a stable order');
  for (const term of spec.defaultSort) {
    requireSql(term.sql, 'defaultSort');
    if (term.direction !== 'ASC' && term.direction !== 'DESC') fail(`defaultSort direction ${term.direction}`);
  }
  for (const [name, sql] of Object.entries(spec.sortable)) requireSql(sql, `sortable ${name}`);

  const reserved = new Set([...PAGINATION_PARAMS, ...(spec.reserved ?? [])]);
  for (const [name, column] of Object.entries(spec.filters)) {
    if (reserved.has(name)) fail(`filter ${name} collides with a pagination or reserved parameter`);
    checkColumn(name, column);
  }

  const { defaultLimit, maxLimit } = pageSizes(spec);
  if (!Number.isSafeInteger(maxLimit) || maxLimit < 1) fail(`maxLimit must be a positive integer, got ${maxLimit}`);
  if (!Number.isSafeInteger(defaultLimit) || defaultLimit < 1 || defaultLimit > maxLimit) {
    fail(`defaultLimit must be an integer in [1, ${maxLimit}], got ${defaultLimit}`);
  }
  return spec;
}

function checkColumn(name: string, column: ColumnSpec): void {
  requireSql(column.sql, `filter ${name}`);
  if (column.operators !== undefined) {
    if (column.operators.length === 0) fail(`filter ${name} allows no operator`);
    for (const op of column.operators) {
      if (!isFilterOperator(op)) fail(`filter ${name}: unknown operator ${op}`);
      // `in` has its own switch so the operator list can stay the per-type default.
      if (op === 'in') fail(`filter ${name}: enable in with allowIn, not operators`);
    }
  }
  if (column.type !== 'string' && allowedOperators(column).includes('~eq')) {
    fail(`filter ${name}: ~eq needs a string column (ILIKE on ${column.type})`);
  }
  if (column.type !== 'integer' && (column.min !== undefined || column.max !== undefined)) {
    fail(`filter ${name}: min/max apply to integer columns only`);
  }
  if (column.min !== undefined && column.max !== undefined && column.min > column.max) {
    fail(`filter ${name}: min is greater than max`);
  }
}

function requireSql(sql: string, where: string): void {
  if (typeof sql !== 'string' || sql.trim() === '') fail(`${where}: SQL expression is empty`);
}

function fail(message: string): never {
  throw new Error(`invalid list spec: ${message}`);
}
