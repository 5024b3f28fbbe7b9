import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRINCIPAL_KEY, type Principal } from '../http/access.js';

const ANSWERED_ERRORS = Symbol('answered error messages');

/** Longest error message kept on a log line (messages may quote input). */
export const LOGGED_MESSAGE_CHARS = 500;

/** Who called, as logged: ids only, never a session, token key or signature. */
export interface LoggedPrincipal {
  via: Principal['via'];
  user_id?: string;
  token_id?: string;
  client_id?: string;
}

/** What the request-completed line adds to method, URL and status. */
export interface RequestLogFields {
  principal?: LoggedPrincipal;
  /** The messages of an error answer (its `errors[].message`). */
  errors?: string[];
}

/** Remembers the messages of the error answer being sent, for the request-completed log line. */
export function noteErrorMessages(res: object, messages: readonly string[]): void {
  (res as { [ANSWERED_ERRORS]?: readonly string[] })[ANSWERED_ERRORS] = messages;
}

/**
 * The reason of a refusal and who was refused, so a 4xx line says why and to whom: the answered messages, and the
 * authenticated principal when authentication got that far (a 401 has none).
 */
export function requestLogFields(req: IncomingMessage, res: ServerResponse): RequestLogFields {
  const fields: RequestLogFields = {};
  const principal = (req as { [PRINCIPAL_KEY]?: Principal })[PRINCIPAL_KEY];
  if (principal) fields.principal = loggedPrincipal(principal);
  const errors = (res as { [ANSWERED_ERRORS]?: readonly string[] })[ANSWERED_ERRORS];
  if (errors) fields.errors = errors.map((message) => message.slice(0, LOGGED_MESSAGE_CHARS));
  return fields;
}

function loggedPrincipal(principal: Principal): LoggedPrincipal {
  if (principal.via === 'client') return { via: 'client', client_id: principal.clientId ?? principal.userId };
  if (principal.via === 'token') return { via: 'token', user_id: principal.userId, token_id: principal.tokenId };
  return { via: 'session', user_id: principal.userId };
}
