import { ApiError, type RawQuery } from '@app/platform';
import type { Hydration } from '../application/references.js';

/** Parameters of event and job listings that are not filters (list specs reserve them). */
export const HYDRATION_PARAMS = ['hydrate_ous', 'hydrate_domains'] as const;

/** hydrate_ous / hydrate_domains: `true` (default) or `false`, case-insensitive; anything else is a 400. */
export function readHydration(query: RawQuery): Hydration {
  return { ous: flag(query, 'hydrate_ous'), domains: flag(query, 'hydrate_domains') };
}

function flag(query: RawQuery, name: string): boolean {
  const raw = query[name];
  if (raw === undefined) return true;
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  const text = String(value).trim().toLowerCase();
  if (text === '' || text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw ApiError.badRequest(`query parameter "${name}" is malformed: expected true or false`);
}
