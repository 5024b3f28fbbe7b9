import { Controller, Get, HttpException, HttpStatus } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Database, Public } from '@app/platform';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(private readonly db: Database) {}

  @Get()
  @Public()
  @ApiSecurity({})
  @ApiOperation({ summary: 'Liveness and database check' })
  @ApiOkResponse({ schema: { example: { status: 'ok', database: 'up' } } })
  async health() {
    try {
      await this.db.query('SELECT 1');
      return { status: 'ok', database: 'up' };
    } catch {
      throw new HttpException({ status: 'error', database: 'down' }, HttpStatus.SERVICE_UNAVAILABLE);
    }
  }
}
