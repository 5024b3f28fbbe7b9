import { AppConfig, ConfigError } from '@app/platform';
import { createApp } from './create-app.js';

try {
  const started = Date.now();
  const app = await createApp();
  const config = app.get(AppConfig);
  await app.listen(config.port, config.host);
  console.log(
    `Pathwarden listening on ${config.rootUrl} (port ${config.port}, ${config.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL'}) ` +
      `after ${Date.now() - started} ms; OpenAPI at ${config.rootUrl}/api/v2/swagger`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
}
