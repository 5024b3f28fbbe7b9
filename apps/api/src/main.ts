import { AppConfig, ConfigError, loadConfig } from '@app/platform';
import { createApp } from './create-app.js';

/** Start-up failures the operator can fix get one clear line, not a stack trace. */
function describeStartupError(error: unknown): string {
  if (error instanceof ConfigError) return `Configuration error: ${error.message}`;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EAI_AGAIN') {
    return `Cannot reach the database (DATABASE_URL): ${message ?? code}`;
  }
  if (code === '28P01' || code === '3D000') return `The database refused the connection (DATABASE_URL): ${message}`;
  return `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}

try {
  const started = Date.now();
  loadConfig(); // fail fast, before anything starts, on a bad environment
  const app = await createApp();
  const config = app.get(AppConfig);
  await app.listen(config.port, config.host);
  const database = config.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL';
  console.log(
    `Pathwarden listening on ${config.rootUrl} (port ${config.port}, ${database}) after ${Date.now() - started} ms; ` +
      `OpenAPI at ${config.rootUrl}/api/v2/swagger`,
  );
} catch (error) {
  console.error(describeStartupError(error));
  process.exit(1);
}
