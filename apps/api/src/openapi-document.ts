import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { createOpenApiDocument, useApiPrefix } from '@app/platform';
import { AppModule } from './app.module.js';

/**
 * The OpenAPI document the service serves, built without a server, a database or any configuration: Nest's
 * preview mode registers the modules and routes but instantiates no provider (so nothing connects or reads the
 * environment). `rootPath` is the path of ROOT_URL. `npm run lint:openapi` lints it; the e2e tests check it equals
 * the served one.
 */
export async function buildOpenApiDocument(rootPath = '/'): Promise<OpenAPIObject> {
  const app = await NestFactory.create(AppModule, { preview: true, logger: false, abortOnError: false, bodyParser: false });
  try {
    useApiPrefix(app);
    return createOpenApiDocument(app, rootPath);
  } finally {
    await app.close();
  }
}
