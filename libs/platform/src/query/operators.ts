import type { ColumnSpec, ColumnType, FilterOperator } from './types.js';

/** Every operator token the wire form knows, in wire spelling. */
export const FILTER_OPERATORS: readonly FilterOperator[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', '~eq', 'in'];

const COMPARISONS: readonly FilterOperator[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'];

// The reference's per-type ValidFilters maps (compat.md part 2 §1).
const DEFAULT_OPERATORS: Readonly<Record<ColumnType, readonly FilterOperator[]>> = {
  string: ['eq', 'neq', '~eq'],
  integer: COMPARISONS,
  timestamp: COMPARISONS,
  boolean: ['eq', 'neq'],
  uuid: ['eq', 'neq'],
};

/** Whether a raw token is one of the wire operators. */
export function isFilterOperator(token: string): token is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(token);
}

/** The operators a column accepts: its override or its type's defaults, plus `in` when enabled. */
export function allowedOperators(column: ColumnSpec): readonly FilterOperator[] {
  const base = column.operators ?? DEFAULT_OPERATORS[column.type];
  return column.allowIn === true ? [...base, 'in'] : base;
}
