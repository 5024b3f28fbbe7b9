// How a failed call reads in the sidebar and panel (errors are shown, never thrown to the console).
import { ApiFailure } from '../api/client';

/** An aborted request (a superseded type-ahead, a closed panel): nothing to show. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function failureMessage(error: unknown): string {
  if (error instanceof ApiFailure) {
    if (error.status === 403) return `Not allowed: ${error.message}`;
    if (error.status === 429) return 'Too many requests: try again in a moment.';
    return error.message;
  }
  if (error instanceof TypeError) return 'The server cannot be reached.';
  return error instanceof Error ? error.message : String(error);
}
