import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { ApiError, type RawQuery } from '@app/platform';
import { CollectionErrors } from '../application/collection-errors.js';
import type { Hydration } from '../application/references.js';

export { HYDRATION_PARAMS } from '../application/references.js';

/**
 * hydrate_ous / hydrate_domains: `true` (default) or `false` (also 1/0, any case); anything else is a 400. A repeated
 * parameter counts by its first value, as every other query parameter does.
 */
export function readHydration(query: RawQuery): Hydration {
  return { ous: flag(query, 'hydrate_ous'), domains: flag(query, 'hydrate_domains') };
}

function flag(query: RawQuery, name: string): boolean {
  const raw = query[name];
  if (raw === undefined) return true;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const text = String(value).trim().toLowerCase();
  if (text === '' || text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw ApiError.badRequest(CollectionErrors.hydrationMalformed(name));
}

const HYDRATE_OBJECTS = 'OUs (domains)';

/**
 * Documents hydrate_ous and hydrate_domains (read by readHydration). `of` says whose OUs and domains they change
 * when that is not the answer's own, e.g. "of events and jobs" for clients.
 */
export const Hydrated = (of = '') => {
  const description = `default true; false shows ${HYDRATE_OBJECTS}${of ? ` ${of}` : ''} as objectids`;
  return applyDecorators(
    ApiQuery({ name: 'hydrate_ous', required: false, type: Boolean, description }),
    ApiQuery({ name: 'hydrate_domains', required: false, type: Boolean, description }),
  );
};
