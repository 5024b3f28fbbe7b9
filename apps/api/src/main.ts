import { Datapipe, SampleData } from '@app/analysis';
import { Scheduler } from '@app/collection';
import { TraversalIndexKeeper } from '@app/graph';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig, loadConfig, MetricsServer, stopStartedPostgres } from '@app/platform';
import { checkApiConfig } from './check-config.js';
import { createApp } from './create-app.js';
import { GracefulStop } from './graceful-stop.js';
import { checkCanListen, METRICS_LISTEN } from './listen-check.js';
import { describeStartupError } from './startup-errors.js';

const stop = new GracefulStop().listen();
let app: NestExpressApplication | undefined;
try {
  const started = Date.now();
  checkApiConfig(); // fail fast, before anything starts, on a bad environment
  const { port, host, metrics } = loadConfig();
  // A port in use stops the start before a cluster is initialised or an admin created.
  await checkCanListen(port, host);
  if (metrics) await checkCanListen(metrics.port, metrics.host, METRICS_LISTEN);
  app = await createApp();
  const config = app.get(AppConfig);
  await app.get(MetricsServer).start(); // GET /metrics on its own port when METRICS_PORT is set; closed on shutdown
  await app.listen(config.port, config.host);
  const database = config.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL';
  console.log(
    `Pathwarden listening on ${config.rootUrl} (port ${config.port}, ${database}) after ${Date.now() - started} ms; ` +
      `OpenAPI at ${config.rootUrl}/api/v2/swagger`,
  );
  // Background work starts once the server answers: the traversal index build, scheduler and datapipe ticks, then the
  // sample data (first start).
  app.get(TraversalIndexKeeper).startBackground();
  app.get(Scheduler).startBackground();
  app.get(Datapipe).startBackground();
  app.get(SampleData).startInBackground();
  stop.serving(app);
} catch (error) {
  console.error(describeStartupError(error));
  // Stop what started before the failure: the app, then the embedded PostgreSQL whichever way that went (a failed app
  // creation never gets an app to close; a close stops at its first failing hook).
  await app?.close().catch(() => undefined);
  await stopStartedPostgres();
  process.exit(1);
}
