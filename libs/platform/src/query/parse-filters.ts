import { ApiError } from '../common/api-error.js';
import { ErrorMessages } from '../common/error-messages.js';
import { parseColumnValue } from './column-value.js';
import { allowedOperators, isFilterOperator } from './operators.js';
import { hasFilterForm, PAGINATION_PARAMS, paramValues, type RawQuery } from './query.params.js';
import type { ColumnSpec, FilterOperator, ListSpec, Predicate } from './types.js';

/** Reads every `column=op:value` parameter into typed predicates, in query order; 400 on misuse. */
export function parseFilters(spec: ListSpec, query: RawQuery): Predicate[] {
  const notFilters = new Set([...PAGINATION_PARAMS, ...(spec.reserved ?? [])]);
  const predicates: Predicate[] = [];
  for (const name of Object.keys(query)) {
    if (notFilters.has(name)) continue;
    if (!Object.hasOwn(spec.filters, name)) {
      // Unknown parameters are tolerated unless they were clearly meant as filters.
      if (hasFilterForm(query[name])) throw ApiError.badRequest(ErrorMessages.columnNotFilterable(name));
      continue;
    }
    const column = spec.filters[name];
    for (const text of paramValues(query, name)) predicates.push(parsePredicate(name, column, text));
  }
  return predicates;
}

function parsePredicate(name: string, column: ColumnSpec, text: string): Predicate {
  const colon = text.indexOf(':');
  if (colon < 0) {
    // `?session_collection=true` is how clients pass boolean flags.
    if (column.type === 'boolean') return typedPredicate(name, column, 'eq', text);
    throw ApiError.badRequest(ErrorMessages.filtersInvalid);
  }
  const token = text.slice(0, colon);
  if (!isFilterOperator(token)) throw ApiError.badRequest(ErrorMessages.filtersInvalid);
  return typedPredicate(name, column, token, text.slice(colon + 1));
}

function typedPredicate(name: string, column: ColumnSpec, op: FilterOperator, raw: string): Predicate {
  if (!allowedOperators(column).includes(op)) {
    throw ApiError.badRequest(ErrorMessages.predicateNotSupported(name, op));
  }
  return { column: name, op, value: predicateValue(column, op, raw) };
}

function predicateValue(column: ColumnSpec, op: FilterOperator, raw: string): unknown {
  if ((op === 'eq' || op === 'neq') && raw === 'null') return null;
  if (op !== 'in') return parseColumnValue(column, raw);
  return raw.split(',').map((item) => {
    if (item === '') throw ApiError.badRequest(ErrorMessages.filtersInvalid);
    return parseColumnValue(column, item);
  });
}
