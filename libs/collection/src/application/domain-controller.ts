import { ApiError } from '@app/platform';
import { longerThan } from '../domain/text.js';
import { CollectionErrors } from './collection-errors.js';

/** A DNS name is at most 253 characters; a little room for a trailing dot or a port. */
export const DOMAIN_CONTROLLER_MAX = 255;

/**
 * The one check of a domain_controller, for a client and for an ad-hoc job: trimmed; blank (or null) means none
 * (a client has none, an ad-hoc job takes its client's); at most 255 characters; no NUL (PostgreSQL text cannot
 * hold it). Undefined (absent) stays undefined.
 */
export function checkDomainController(raw: string | null | undefined): string | null | undefined {
  if (raw === undefined || raw === null) return raw;
  const value = raw.trim();
  if (value === '') return null;
  if (longerThan(value, DOMAIN_CONTROLLER_MAX)) throw ApiError.badRequest(CollectionErrors.domainControllerTooLong);
  if (value.includes('\0')) throw ApiError.badRequest(CollectionErrors.domainControllerNul);
  return value;
}
