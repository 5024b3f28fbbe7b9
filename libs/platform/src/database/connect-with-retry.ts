import { DataSource, type DataSourceOptions } from 'typeorm';

/** Connection failures worth retrying at start-up (the server is not up yet), as opposed to configuration errors. */
const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', '57P03']);

export function isTransientConnectionError(error: unknown): boolean {
  return TRANSIENT_CODES.has(String((error as { code?: string } | undefined)?.code));
}

/** Connection failures meaning the database server could not be reached at all (a bad host, down, no route). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EHOSTUNREACH',
  'ENETUNREACH']);

/** Whether `error` says the database server could not be reached (the API's and the CLI's one-line failures). */
export function isUnreachableDatabaseError(error: unknown): boolean {
  return UNREACHABLE_CODES.has(String((error as { code?: string } | undefined)?.code));
}

export interface RetryPolicy {
  attempts: number;
  delayMs: number;
  /** One terse line per failed attempt that will be tried again. */
  warn: (line: string) => void;
}

/**
 * A DataSource initialised (connected, pending migrations run), tried again while the server is unreachable or
 * starting (a database container starting beside the service). Anything else (an unknown host, refused
 * credentials, an unknown database, a failed migration) is thrown at once, for the caller to explain in one line.
 */
export async function initializeWithRetry(options: DataSourceOptions, policy: RetryPolicy): Promise<DataSource> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await new DataSource(options).initialize();
    } catch (error) {
      if (attempt >= policy.attempts || !isTransientConnectionError(error)) throw error;
      policy.warn(`database not reachable (${(error as Error).message}): attempt ${attempt} of ${policy.attempts}, ` +
        `trying again in ${policy.delayMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, policy.delayMs));
    }
  }
}
