// What a failed call says to the user: the API's own messages (they name the rule broken), else a short fallback.
import { ApiFailure } from '../api/client';

export function failureMessage(error: unknown, fallback = 'The request failed'): string {
  if (error instanceof ApiFailure) {
    const messages = error.errors.map((e) => e.message).filter((m) => m && !/^HTTP \d+$/.test(m));
    if (messages.length > 0) return messages.join('; ');
    if (error.status === 403) return 'You do not have permission to do this.';
    if (error.status === 404) return 'Not found.';
    if (error.status === 413) return 'The file is too large.';
    if (error.status >= 500) return `The server failed (HTTP ${error.status}).`;
    return `${fallback} (HTTP ${error.status}).`;
  }
  // fetch and XMLHttpRequest fail with a TypeError (or our own Error) when the server cannot be reached.
  if (error instanceof TypeError) return 'The server could not be reached.';
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
