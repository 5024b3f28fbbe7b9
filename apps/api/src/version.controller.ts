import { existsSync, readFileSync } from 'node:fs';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Authenticated, data } from '@app/platform';

/** package.json's version (the nearest one above this file, in the sources or the build), read once. */
function serverVersion(): string {
  for (const up of ['../../../package.json', '../../../../package.json']) {
    const file = new URL(up, import.meta.url);
    if (existsSync(file)) return `v${(JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version}`;
  }
  return 'v0.0.0';
}
const SERVER_VERSION = serverVersion();

/** GET /api/version (outside /api/v2, as the reference serves it): the API versions and the server's. */
@ApiTags('Health')
@Controller('api/version')
export class VersionController {
  @Get()
  @Authenticated()
  @ApiOperation({ summary: 'The API version this server speaks, and the server version' })
  @ApiOkResponse({
    schema: { example: { data: { API: { current_version: 'v2', deprecated_version: 'none' }, server_version: 'v0.1.0' } } },
  })
  @ApiErrors(401, 429)
  version() {
    return data({ API: { current_version: 'v2', deprecated_version: 'none' }, server_version: SERVER_VERSION });
  }
}
