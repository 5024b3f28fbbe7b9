import { applyDecorators, type INestApplication } from '@nestjs/common';
import {
  ApiBody, ApiConsumes, ApiProperty, ApiResponse, DocumentBuilder, SwaggerModule, type OpenAPIObject, type ReferenceObject,
  type SchemaObject,
} from '@nestjs/swagger';
import { AppConfig } from '../config/app-config.js';

class ErrorDetail {
  @ApiProperty({ example: '' }) context: string;
  @ApiProperty({ example: 'resource not found' }) message: string;
}

/** The error body every failure carries (spec §7). */
export class ErrorBodyDto {
  @ApiProperty({ example: 404 }) http_status: number;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({ format: 'uuid' }) request_id: string;
  @ApiProperty({ type: [ErrorDetail] }) errors: ErrorDetail[];
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request: malformed path, query, header or body',
  401: 'Missing, invalid or expired credentials',
  403: 'The caller lacks the required permission',
  404: 'Unknown id or route',
  409: 'Conflicts with existing data',
  413: 'JSON body larger than 10 MiB',
  429: 'Too many requests',
  500: 'Unexpected error (no internals disclosed)',
  503: 'A dependency (the database) is unavailable',
  504: 'The request outlived its deadline (Prefer: wait=N)',
};

/** Documents the error responses a route may give, all with the shared error body. */
export const ApiErrors = (...statuses: number[]) =>
  applyDecorators(
    ...[...new Set([...statuses, 500, 504])].map((status) =>
      ApiResponse({ status, description: DESCRIPTIONS[status] ?? 'Error', type: ErrorBodyDto }),
    ),
  );

const UPLOAD_TOO_LARGE =
  'Body larger than the upload limit (INGEST_MAX_UPLOAD_BYTES, 1 GiB by default), or an archive past the ingest ' +
  'limits (INGEST_MAX_UNCOMPRESSED_BYTES, INGEST_MAX_COMPRESSION_RATIO)';

/**
 * Documents a raw-body upload route: a required binary body in each media type it takes (so Swagger UI offers a
 * file picker), and its 413, which is the upload limit rather than the JSON routes' 10 MiB.
 */
export const ApiUploadBody = (mediaTypes: readonly string[], description: string) =>
  applyDecorators(
    ApiConsumes(...mediaTypes),
    ApiBody({ required: true, description, schema: { type: 'string', format: 'binary' } }),
    ApiResponse({ status: 413, description: UPLOAD_TOO_LARGE, type: ErrorBodyDto }),
  );

/** `{"data": …}`: the schema of a success body in the plain envelope. */
export function dataSchema(data: SchemaObject | ReferenceObject): SchemaObject {
  return { type: 'object', required: ['data'], properties: { data } };
}

/** `{count, skip, limit, data: …}`: the schema of a success body in the paginated envelope. */
export function pageSchema(data: SchemaObject | ReferenceObject): SchemaObject {
  const count = { type: 'integer', minimum: 0 };
  return {
    type: 'object', required: ['count', 'skip', 'limit', 'data'], properties: { count, skip: count, limit: count, data },
  };
}

export const OPENAPI_UI_PATH = 'api/v2/swagger';
export const OPENAPI_JSON_PATH = 'api/v2/spec/openapi.json';

/**
 * The OpenAPI document of the app's routes. Reads only route metadata, so it also works on an app built in Nest's
 * preview mode (no provider instantiated, no database): apps/api/src/openapi-document.ts. Its one server is
 * `rootPath` (the path of ROOT_URL), relative, so "Try it out" calls the host the document was loaded from, whatever
 * name the browser used, under the prefix a reverse proxy may add.
 */
export function createOpenApiDocument(app: INestApplication, rootPath: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Pathwarden API')
    .setDescription('Directory attack-path analysis service, BloodHound API v2 compatible. Nullable fields are ' +
      'written as the wrappers this document shows (`{"string", "valid"}`, `{"time", "valid"}`, ...); a server ' +
      'started with WIRE_FORMAT=bloodhound writes them as BloodHound\'s server does instead: the plain value or ' +
      'null, and `deleted_at` as `{"Time", "Valid"}`.')
    .setVersion('v2')
    .addServer(rootPath, 'This service (the path of ROOT_URL)')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Session token from POST /api/v2/login' }, 'bearer')
    .addSecurity('signature', {
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description:
        '`bhesignature <token id>` with `RequestDate` (RFC 3339) and `Signature` (base64 HMAC-SHA256 chain over ' +
        'method + path with query, the date to the hour, and the body) headers',
    })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.security = [{ bearer: [] }, { signature: [] }];
  return document;
}

/** Serves Swagger UI and the OpenAPI JSON; both security schemes are described and either one satisfies a route. */
export function setupOpenApi(app: INestApplication): void {
  const document = createOpenApiDocument(app, new URL(app.get(AppConfig).rootUrl).pathname);
  SwaggerModule.setup(OPENAPI_UI_PATH, app, document, { jsonDocumentUrl: OPENAPI_JSON_PATH, useGlobalPrefix: false });
}
