import { ApiError } from '../common/api-error.js';
import { ErrorMessages } from '../common/error-messages.js';
import { paramValues, type RawQuery } from './query.params.js';
import type { ListSpec, SortSpec } from './types.js';

/** Reads the repeatable sort_by into ORDER BY terms, defaultSort appended as tie-breakers; 400 on misuse. */
export function parseSort(spec: ListSpec, query: RawQuery): SortSpec[] {
  const terms = paramValues(query, 'sort_by').map((value) => sortTerm(spec, value));
  return withTieBreakers(terms, spec.defaultSort);
}

/** Appends the defaultSort terms whose SQL is not ordered on yet, so equal keys still page in a stable order. */
export function withTieBreakers(sort: readonly SortSpec[], defaultSort: readonly SortSpec[]): SortSpec[] {
  const result: SortSpec[] = [];
  // A column ordered twice adds nothing: the first mention decides its direction.
  for (const term of [...sort, ...defaultSort]) {
    if (!result.some((seen) => seen.sql === term.sql)) result.push({ sql: term.sql, direction: term.direction });
  }
  return result;
}

function sortTerm(spec: ListSpec, value: string): SortSpec {
  const descending = value.startsWith('-');
  const column = descending ? value.slice(1) : value;
  if (column === '') throw ApiError.badRequest(ErrorMessages.emptySortBy);
  if (!Object.hasOwn(spec.sortable, column)) throw ApiError.badRequest(ErrorMessages.columnNotSortable(column));
  return { sql: spec.sortable[column], direction: descending ? 'DESC' : 'ASC' };
}
