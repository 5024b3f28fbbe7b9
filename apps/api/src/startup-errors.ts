import { ConfigError } from '@app/platform';

/** Start-up failures the operator can fix get one clear line, not a stack trace. */
export function describeStartupError(error: unknown): string {
  if (error instanceof ConfigError) return `Configuration error: ${error.message}`;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EAI_AGAIN') {
    return `Cannot reach the database (DATABASE_URL): ${message ?? code}`;
  }
  if (code === '28P01' || code === '3D000') return `The database refused the connection (DATABASE_URL): ${message}`;
  return `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
