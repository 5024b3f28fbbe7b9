import { ApiError } from '../common/api-error.js';
import { ErrorMessages } from '../common/error-messages.js';

/** The raw Express query object: repeated parameters arrive as arrays. */
export type RawQuery = Record<string, unknown>;

/** Parameters that are never filters on any endpoint (the reference's pagination names). */
export const PAGINATION_PARAMS: readonly string[] = ['skip', 'limit', 'offset', 'before', 'after', 'sort_by'];

// What the reference takes for a filter: an operator-like token, then a colon.
const OP_FORM = /^[A-Za-z0-9_~]+:/;

/** Every value of one parameter, in order; [] when absent. A non-string shape (a nested object) answers 400. */
export function paramValues(query: RawQuery, name: string): string[] {
  // Own properties only: `constructor` or `__proto__` must not resolve to Object.prototype members.
  const raw = Object.hasOwn(query, name) ? query[name] : undefined;
  if (raw === undefined) return [];
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw) && raw.every((item) => typeof item === 'string')) return raw as string[];
  throw ApiError.badRequest(ErrorMessages.filtersInvalid);
}

/** Whether any value of a parameter has the `op:value` form, i.e. the caller meant it as a filter. */
export function hasFilterForm(raw: unknown): boolean {
  const items: unknown[] = Array.isArray(raw) ? raw : [raw];
  return items.some((item) => typeof item === 'string' && OP_FORM.test(item));
}
