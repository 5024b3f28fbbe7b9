import { ApiError, ConfigError, EmbeddedPostgresError, isUnreachableDatabaseError } from '@app/platform';

/** An operator mistake the CLI reports as one line, without a stack trace. */
export class CliError extends Error {}

/** PostgreSQL's connection/authentication SQLSTATE classes (08, 28, 3D). */
const CONNECTION_SQLSTATE = /^(08|28|3D)/;

/** True when `error` says the database cannot be reached or refuses us (bad URL, down, wrong password). */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return isUnreachableDatabaseError(error) || (typeof code === 'string' && CONNECTION_SQLSTATE.test(code));
}

/**
 * The message of any error. Duck-typed, not `instanceof Error`: errors raised inside Node (e.g. by `net`) belong to
 * another realm under Jest. Node's AggregateError (every address refused) has an empty message of its own.
 */
export function messageOf(error: unknown): string {
  const { message, errors } = (error ?? {}) as { message?: unknown; errors?: unknown };
  if (!message && Array.isArray(errors) && errors.length > 0) return messageOf(errors[0]);
  return typeof message === 'string' && message !== '' ? message : String(error);
}

/**
 * The lines printed for a failed command. Expected failures (bad input, bad configuration, a rule of the identity
 * module, an unreachable database, an embedded PostgreSQL that would not start) are their message alone; anything
 * else is a bug, so its stack is kept.
 */
export function describeFailure(error: unknown): string[] {
  if (error instanceof ApiError) return error.messages.map((message) => `error: ${message}`);
  if (error instanceof CliError || error instanceof ConfigError || error instanceof EmbeddedPostgresError) return [`error: ${error.message}`];
  if (isConnectionError(error)) return [`error: cannot connect to the database: ${messageOf(error)}`];
  const stack = (error as { stack?: unknown } | undefined)?.stack;
  // The frames only: the stack's first line repeats the message.
  const at = typeof stack === 'string' ? stack.indexOf('\n    at ') : -1;
  return [`error: ${messageOf(error)}`, ...(at >= 0 ? [(stack as string).slice(at + 1)] : [])];
}
