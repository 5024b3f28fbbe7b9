import { applyDecorators, type INestApplication } from '@nestjs/common';
import { ApiProperty, ApiResponse, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

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
  413: 'Body larger than 10 MiB',
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

export const OPENAPI_UI_PATH = 'api/v2/swagger';
export const OPENAPI_JSON_PATH = 'api/v2/spec/openapi.json';

/** Serves Swagger UI and the OpenAPI JSON; both security schemes are described and either one satisfies a route. */
export function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Pathwarden API')
    .setDescription('Directory attack-path analysis service, BloodHound API v2 compatible.')
    .setVersion('v2')
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
  SwaggerModule.setup(OPENAPI_UI_PATH, app, document, { jsonDocumentUrl: OPENAPI_JSON_PATH, useGlobalPrefix: false });
}
