import { ApiError, paramValues, Permissions, type Principal, type RawQuery } from '@app/platform';
import { SavedQueriesErrors } from '../application/saved-queries-errors.js';
import { scopeOf, type QueryCaller, type SavedQueryScope } from '../domain/saved-query.js';

/** Path parameter of one saved query. */
export const QUERY_ID = 'saved_query_id';

/** The caller as the sharing rules see them: an admin may manage users. */
export function callerOf(principal: Principal): QueryCaller {
  return { userId: principal.userId, isAdmin: principal.permissions.has(Permissions.AuthManageUsers) };
}

/** A scope value as messages show it: user text, capped. */
const shown = (value: string) => (value.length > 100 ? `${value.slice(0, 100)}…` : value);

/** `scope` of the list: the first value, case-insensitive; absent or empty means `owned`. */
export function readListScope(query: RawQuery): SavedQueryScope {
  const [value = ''] = paramValues(query, 'scope');
  if (value === '') return 'owned';
  const scope = scopeOf(value);
  if (!scope) throw ApiError.badRequest(SavedQueriesErrors.invalidScope(shown(value)));
  return scope;
}

/** `scope` of an export: required (first value, case-insensitive). */
export function readExportScope(query: RawQuery): SavedQueryScope {
  const [value = ''] = paramValues(query, 'scope');
  if (value === '') throw ApiError.badRequest(SavedQueriesErrors.exportScopeEmpty);
  const scope = scopeOf(value);
  if (!scope) throw ApiError.badRequest(SavedQueriesErrors.invalidExportScope(shown(value)));
  return scope;
}

/** The id of a saved query path (Int64Id's decimal text). Past 2^53 it is 0, which no bigserial row has: not found. */
export function queryId(text: string): number {
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : 0;
}

/** Media types of a zip import (matched as the reference does: the header contains one of them). */
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/zip-compressed'];

/** What an import body is by its Content-Type: JSON, a zip, or neither (415). */
export function importKind(contentType: string | undefined): 'json' | 'zip' {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('application/json')) return 'json';
  if (ZIP_TYPES.some((zip) => type.includes(zip))) return 'zip';
  throw new ApiError(415, [SavedQueriesErrors.importContentType(shown(contentType ?? ''))]);
}
