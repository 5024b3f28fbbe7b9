import { pageSizes } from './list-spec.js';
import { parseFilters } from './parse-filters.js';
import { parsePaging } from './parse-paging.js';
import { parseSort } from './parse-sort.js';
import type { RawQuery } from './query.params.js';
import type { ListQuery, ListSpec } from './types.js';

/** Parses and validates a raw Express query for a list endpoint; throws ApiError 400 on misuse and nothing else. */
export function parseListQuery(spec: ListSpec, query: RawQuery): ListQuery {
  // The reference's check order: sort, filters, skip, limit.
  const sort = parseSort(spec, query);
  const filters = parseFilters(spec, query);
  const unpaged = { skip: 0, limit: pageSizes(spec).defaultLimit };
  const { skip, limit } = spec.paging === false ? unpaged : parsePaging(spec, query);
  return { filters, sort, skip, limit };
}
