import { DEFAULT_WAIT_SECONDS } from '../context/request-context.js';
import { ApiError } from '../common/api-error.js';
import { ErrorMessages } from '../common/error-messages.js';

/** Longest deadline a caller may ask for; larger waits are clamped. */
export const MAX_WAIT_SECONDS = 300;

/**
 * Reads `Prefer: wait=N` (RFC 7240): the request's deadline in seconds. Other preferences are ignored; no wait, or
 * wait=0, means the default; a larger wait than MAX_WAIT_SECONDS is clamped. Malformed → 400.
 */
export function parsePreferWait(header: string | string[] | undefined): number {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header];
  let wait: number | undefined;
  for (const preference of values.flatMap((value) => value.split(','))) {
    const [rawKey, ...rest] = preference.split('=');
    if (rawKey.trim().toLowerCase() !== 'wait') continue;
    const raw = rest.join('=').trim();
    if (!/^[0-9]+$/.test(raw)) {
      throw ApiError.badRequest(
        ErrorMessages.preferInvalid(`wait must be a whole number of seconds (wait=N), got "${raw.slice(0, 32)}"`),
      );
    }
    wait = Number(raw);
  }
  if (wait === undefined || wait === 0) return DEFAULT_WAIT_SECONDS;
  return Math.min(wait, MAX_WAIT_SECONDS);
}
