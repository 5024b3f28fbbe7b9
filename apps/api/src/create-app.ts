import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppLogger, configureHttp, setupOpenApi } from '@app/platform';
import { AppModule } from './app.module.js';

/** Builds the API application (used by main.ts; the e2e tests build theirs the same way via configureHttp). */
export async function createApp(): Promise<NestExpressApplication> {
  // abortOnError false: start-up errors reach main.ts, which explains them in one line. autoFlushLogs false: the
  // start-up logs are buffered until the JSON logger takes them; a failed start drops them (and Nest's coloured
  // report of the error) for that one line.
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    bufferLogs: true,
    autoFlushLogs: false,
    abortOnError: false,
  });
  app.useLogger(app.get(AppLogger));
  app.flushLogs();
  configureHttp(app);
  setupOpenApi(app);
  // No enableShutdownHooks(): main.ts stops on SIGINT/SIGTERM itself (graceful-stop.ts) and exits 0, where Nest
  // would raise the signal again.
  return app;
}
