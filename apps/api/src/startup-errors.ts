import { ConfigError, EmbeddedPostgresError, isUnreachableDatabaseError } from '@app/platform';
import { describeListenFailure, ListenError } from './listen-check.js';

/** Start-up failures the operator can fix get one clear line, not a stack trace. */
export function describeStartupError(error: unknown): string {
  if (error instanceof ConfigError) return `Configuration error: ${error.message}`;
  if (error instanceof ListenError) return error.message;
  if (error instanceof EmbeddedPostgresError) return `Start-up failed: ${error.message}`;
  const { code, message, syscall, address, port } = (error ?? {}) as {
    code?: string; message?: string; syscall?: string; address?: string; port?: number;
  };
  if (syscall === 'listen') return describeListenFailure(error, port ?? 0, address ?? '');
  if (isUnreachableDatabaseError(error)) return `Cannot reach the database (DATABASE_URL): ${message ?? code}`;
  // 3D000: unknown database; class 28: invalid authorization (wrong password, unknown role, refused by pg_hba).
  if (code === '3D000' || code?.startsWith('28')) return `The database refused the connection (DATABASE_URL): ${message}`;
  return `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
