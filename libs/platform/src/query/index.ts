// The list-query language of every list endpoint: `?column=op:value` filters, sort_by, skip/limit (compat.md
// "Lists"). Declare a spec once with defineListSpec, parseListQuery per request, applyListQuery to the builder.
//
// Choices beyond the brief:
// - Timestamp predicate values are UTC RFC 3339 strings, not Dates: a Date would cut microseconds to milliseconds.
//   Integer values are canonical decimal strings (exact for int64), uuids lower case.
// - ListQuery.sort is the complete ordering, tie-breakers included; applyListQuery adds its terms with addOrderBy,
//   after any order the builder already has.
// - Parameters are named lq_<predicate index>: apply one ListQuery per builder.
// - A string value containing NUL, and a query value that is neither a string nor a string array, answer 400 like any
//   other bad filter. skip/limit outside int64 get Go's "value out of range" text; a skip beyond 2^53 is capped.
export type { ColumnSpec, ColumnType, FilterOperator, ListQuery, ListSpec, Predicate, SortSpec } from './types.js';
export type { CompiledFilter } from './compile-filters.js';
export type { RawQuery } from './query.params.js';
export { paramValues } from './query.params.js';
export { defineListSpec, recordTimestampFilters } from './list-spec.js';
export { parseListQuery } from './parse-list-query.js';
export { readPaging, type PagingFailure } from './parse-paging.js';
export { compileFilters } from './compile-filters.js';
export { applyListFilters, applyListQuery } from './apply-list-query.js';
export { parseRfc3339 } from './rfc3339.js';
