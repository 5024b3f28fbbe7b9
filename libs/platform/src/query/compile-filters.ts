import type { FilterOperator, ListQuery, ListSpec, Predicate } from './types.js';

/** One WHERE fragment and the parameters it binds. */
export interface CompiledFilter {
  sql: string;
  params: Record<string, unknown>;
}

type Comparison = Exclude<FilterOperator, '~eq' | 'in'>;

const COMPARISON_SQL: Readonly<Record<Comparison, string>> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=',
};

/**
 * Compiles each predicate to a WHERE fragment (pure). SQL text holds only the spec's expressions, fixed operators
 * and placeholders named `lq_<predicate index>`; every user value is a bound parameter.
 */
export function compileFilters(spec: ListSpec, q: ListQuery): CompiledFilter[] {
  return q.filters.map((predicate, index) => compilePredicate(spec, predicate, `lq_${index}`));
}

function compilePredicate(spec: ListSpec, predicate: Predicate, param: string): CompiledFilter {
  if (!Object.hasOwn(spec.filters, predicate.column)) {
    throw new Error(`list query filters on ${predicate.column}, which the list spec does not declare`);
  }
  const sql = spec.filters[predicate.column].sql;
  const { op, value } = predicate;
  if (value === null && op === 'eq') return { sql: `${sql} IS NULL`, params: {} };
  if (value === null && op === 'neq') return { sql: `${sql} IS NOT NULL`, params: {} };
  switch (op) {
    case '~eq':
      return { sql: `${sql} ILIKE :${param} ESCAPE '\\'`, params: { [param]: `%${escapeLike(String(value))}%` } };
    case 'in':
      // One array parameter, whatever its length: the SQL text does not depend on the input.
      return { sql: `${sql} = ANY(:${param})`, params: { [param]: value } };
    default:
      return { sql: `${sql} ${COMPARISON_SQL[op]} :${param}`, params: { [param]: value } };
  }
}

// `~eq` is "contains", so the user's own wildcards and the escape character must match literally.
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}
