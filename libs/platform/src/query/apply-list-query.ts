import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { compileFilters } from './compile-filters.js';
import { withTieBreakers } from './parse-sort.js';
import type { ListQuery, ListSpec } from './types.js';

/**
 * Applies a parsed list query to a builder: each filter as andWhere, the ordering (after any order the builder
 * already has, tie-breakers included) and, when paging, offset/limit. `page: false` suits the count query.
 */
export function applyListQuery<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  spec: ListSpec,
  q: ListQuery,
  opts: { page?: boolean } = {},
): SelectQueryBuilder<T> {
  for (const filter of compileFilters(spec, q)) qb.andWhere(filter.sql, filter.params);
  // Parsed queries already end with the tie-breakers; a hand-built one gets them here.
  for (const term of withTieBreakers(q.sort, spec.defaultSort)) qb.addOrderBy(term.sql, term.direction);
  if (opts.page ?? spec.paging ?? true) qb.offset(q.skip).limit(q.limit);
  return qb;
}
