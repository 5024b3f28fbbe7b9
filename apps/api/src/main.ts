import { Datapipe, SampleData } from '@app/analysis';
import { Scheduler } from '@app/collection';
import { AppConfig, MetricsServer } from '@app/platform';
import { checkApiConfig } from './check-config.js';
import { createApp } from './create-app.js';
import { describeStartupError } from './startup-errors.js';

try {
  const started = Date.now();
  checkApiConfig(); // fail fast, before anything starts, on a bad environment
  const app = await createApp();
  const config = app.get(AppConfig);
  await app.get(MetricsServer).start(); // GET /metrics on its own port when METRICS_PORT is set; closed on shutdown
  await app.listen(config.port, config.host);
  const database = config.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL';
  console.log(
    `Pathwarden listening on ${config.rootUrl} (port ${config.port}, ${database}) after ${Date.now() - started} ms; ` +
      `OpenAPI at ${config.rootUrl}/api/v2/swagger`,
  );
  // Background work starts once the server answers: scheduler and datapipe ticks, then the sample data (first start).
  app.get(Scheduler).startBackground();
  app.get(Datapipe).startBackground();
  app.get(SampleData).startInBackground();
} catch (error) {
  console.error(describeStartupError(error));
  process.exit(1);
}
