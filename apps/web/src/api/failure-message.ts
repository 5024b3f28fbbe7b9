// What a failed call says to the user (failures are shown, never thrown to the console): the API's own messages
// (they name the rule broken), else a sentence for the status; never a bare "HTTP 500".
import { ApiFailure } from './client';

/** An aborted request (a superseded type-ahead, a closed panel): nothing to show. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** What the server said, joined; "" when it said nothing (client.ts puts "HTTP <status>" in that case). */
export function serverMessage(error: ApiFailure): string {
  return error.errors
    .map((e) => e.message)
    .filter((m) => m && !/^HTTP \d+$/.test(m))
    .join('; ');
}

export function failureMessage(error: unknown, fallback = 'The request failed'): string {
  if (error instanceof ApiFailure) {
    const said = serverMessage(error);
    if (error.status === 403) return said ? `Not allowed: ${said}` : 'You do not have permission to do this.';
    if (error.status === 429) return 'Too many requests: try again in a moment.';
    if (said) return said;
    if (error.status === 404) return 'Not found.';
    if (error.status === 413) return 'The file is too large.';
    if (error.status >= 500) return `The server failed (HTTP ${error.status}).`;
    return `${fallback} (HTTP ${error.status}).`;
  }
  // fetch and XMLHttpRequest fail with a TypeError when the server cannot be reached.
  if (error instanceof TypeError) return 'The server could not be reached.';
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
