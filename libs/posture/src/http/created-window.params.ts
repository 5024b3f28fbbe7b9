import { ApiError, parseRfc3339, type RawQuery } from '@app/platform';
import { isInverted, type CreatedWindow } from '../domain/created-window.js';
import { PostureErrors } from '../application/posture-errors.js';

/**
 * Reads the deprecated `from`/`to` parameters: RFC 3339, each at most once; empty counts as absent (as the
 * reference's Query().Get does). 400 with the reference's texts when malformed, repeated, or `to` precedes `from`.
 */
export function readCreatedWindow(query: RawQuery): CreatedWindow {
  const from = bound(query, 'from', PostureErrors.fromMalformed);
  const to = bound(query, 'to', PostureErrors.toMalformed);
  const window: CreatedWindow = {};
  if (from !== undefined) window.from = from;
  if (to !== undefined) window.to = to;
  if (isInverted(window)) throw ApiError.badRequest(PostureErrors.toBeforeFrom);
  return window;
}

function bound(query: RawQuery, name: 'from' | 'to', malformed: string): string | undefined {
  const raw = Object.hasOwn(query, name) ? query[name] : undefined;
  if (raw === undefined || raw === '') return undefined;
  // A repeated bound is ambiguous, so it counts as malformed rather than picking one.
  if (typeof raw !== 'string') throw ApiError.badRequest(malformed);
  const utc = parseRfc3339(raw);
  if (utc === undefined) throw ApiError.badRequest(malformed);
  return utc;
}
