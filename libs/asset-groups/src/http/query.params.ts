import { ApiError, ErrorMessages, paramValues, type RawQuery } from '@app/platform';
import { AssetGroupsErrors } from '../application/asset-groups-errors.js';

/** Path parameter names of the asset group tag routes. */
export const TAG_ID = 'asset_group_tag_id';
export const SELECTOR_ID = 'asset_group_tag_selector_id';

/**
 * The repeatable `environments` parameter of member lists, member counts, selector counts and the certification
 * history: keep members whose environment (domain SID or tenant id) is one of these. Empty values are ignored;
 * a nested value or a NUL (which PostgreSQL text cannot hold) answers 400 like any other bad filter.
 */
export function readEnvironments(query: RawQuery): string[] {
  const values = paramValues(query, 'environments');
  if (values.some((value) => value.includes('\u0000'))) throw ApiError.badRequest(ErrorMessages.filtersInvalid);
  return [...new Set(values.filter((value) => value !== ''))];
}

/** `counts=true|false` (absent: false); anything else is refused as the reference does. */
export function readCounts(query: RawQuery): boolean {
  const value = Object.hasOwn(query, 'counts') ? query.counts : undefined;
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw ApiError.badRequest(AssetGroupsErrors.includeCountsInvalid);
}
