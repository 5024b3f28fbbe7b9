import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppLogger, configureHttp, setupOpenApi } from '@app/platform';
import { AppModule } from './app.module.js';

/** Builds the API application (used by main.ts; the e2e tests build theirs the same way via configureHttp). */
export async function createApp(): Promise<NestExpressApplication> {
  // abortOnError false: start-up errors reach main.ts, which explains them in one line.
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(AppLogger));
  configureHttp(app);
  setupOpenApi(app);
  app.enableShutdownHooks();
  return app;
}
