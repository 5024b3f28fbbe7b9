import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '../config/app-config.js';
import { HttpMetrics } from '../metrics/http-metrics.js';
import { REQUEST_LOG, type RequestLog } from '../logging/request-log.js';
import { enterRequestContext, jsonBody, onlyServedPaths, preferredWait, requestIdentity } from './request-pipeline.js';
import { answerClientErrors } from './transport-errors.js';
import { builtWebDir, webApp } from './web-app.js';

export const API_PREFIX = 'api/v2';

/** Routes live under /api/v2, except /health (also used to build the OpenAPI document without the pipeline). */
export function useApiPrefix(app: INestApplication): void {
  app.setGlobalPrefix(API_PREFIX, { exclude: ['health', 'api/version'] });
}

/**
 * The HTTP pipeline shared by main.ts and the e2e tests: request id, request log, deadline, JSON body parsing under the
 * 10 MiB limit, then the request context; routes live under /api/v2 except /health. Requests Node's own parser
 * refuses get the error body too.
 * The app must be created with `bodyParser: false` so this order holds.
 */
export function configureHttp(app: INestApplication): void {
  const express = app as NestExpressApplication;
  const requestLog = app.get<RequestLog>(REQUEST_LOG);
  answerClientErrors(express.getHttpServer(), (line) => requestLog.logger.info(line, 'request refused by the HTTP parser'));
  express.disable('x-powered-by');
  express.set('query parser', 'simple');
  express.set('trust proxy', app.get(AppConfig).trustProxy);
  // First, so every request is counted, including those refused before routing (not those Node's parser refuses:
  // they never become requests; they are logged above); only when metrics are served.
  if (app.get(AppConfig).metrics) express.use(app.get(HttpMetrics).middleware);
  express.use(requestIdentity);
  // Before anything that may refuse the request, so every answer has its log line.
  express.use(requestLog);
  express.use(preferredWait);
  // The explorer's pages and files outside /api and /health; what it does not serve gets the JSON 404.
  express.use(webApp({ dir: builtWebDir(), edition: app.get(AppConfig).edition }));
  express.use(onlyServedPaths);
  express.use(jsonBody);
  express.use(enterRequestContext);
  useApiPrefix(app);
}
