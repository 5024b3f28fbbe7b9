import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiError, ApiErrors, Database, ErrorMessages, Public } from '@app/platform';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(private readonly db: Database) {}

  @Get()
  @Public()
  @ApiSecurity({})
  @ApiOperation({ summary: 'Liveness and database check' })
  @ApiOkResponse({ schema: { example: { status: 'ok', database: 'up' } } })
  @ApiErrors(400, 503) // 400: a malformed Prefer header
  async health() {
    try {
      await this.db.query('SELECT 1');
      return { status: 'ok', database: 'up' };
    } catch {
      throw new ApiError(503, [ErrorMessages.databaseUnavailable]);
    }
  }
}
