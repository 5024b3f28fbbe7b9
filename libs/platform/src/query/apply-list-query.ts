import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { compileFilters } from './compile-filters.js';
import { withTieBreakers } from './parse-sort.js';
import type { ListQuery, ListSpec } from './types.js';

/** Applies only the filters of a parsed list query (each as andWhere): what a count query needs. */
export function applyListFilters<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, spec: ListSpec, q: ListQuery): SelectQueryBuilder<T> {
  for (const filter of compileFilters(spec, q)) qb.andWhere(filter.sql, filter.params);
  return qb;
}

/**
 * Applies a parsed list query to a builder: each filter as andWhere, the ordering (after any order the builder
 * already has, tie-breakers included) and, when paging, offset/limit.
 */
export function applyListQuery<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  spec: ListSpec,
  q: ListQuery,
  opts: { page?: boolean } = {},
): SelectQueryBuilder<T> {
  applyListFilters(qb, spec, q);
  // Parsed queries already end with the tie-breakers; a hand-built one gets them here.
  for (const term of withTieBreakers(q.sort, spec.defaultSort)) qb.addOrderBy(term.sql, term.direction);
  if (opts.page ?? spec.paging ?? true) qb.offset(q.skip).limit(q.limit);
  return qb;
}
