import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { TraversalIndexKeeper } from '@app/graph';
import { ApiError, ApiErrors, Database, ErrorMessages, Public } from '@app/platform';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(private readonly db: Database, private readonly traversalIndex: TraversalIndexKeeper) {}

  @Get()
  @Public()
  @ApiSecurity({})
  @ApiOperation({ summary: 'Liveness and database check' })
  @ApiOkResponse({
    schema: {
      example: {
        status: 'ok',
        database: 'up',
        traversal_index: {
          state: 'ready', version: 42, nodes: 100000, edges: 1000000, bytes: 26400000, bytes_per_edge: 26.4,
          last_build_ms: 1900, last_build_at: '2026-11-27T10:00:00.000Z', last_catch_up_ms: 3,
          last_catch_up_at: '2026-11-27T10:05:00.000Z',
        },
      },
    },
  })
  @ApiErrors(400, 503) // 400: a malformed Prefer header
  async health() {
    try {
      await this.db.query('SELECT 1');
      // The traversal index only speeds pathfinding up (SQL answers without it): its state never fails the check.
      return { status: 'ok', database: 'up', traversal_index: this.traversalIndex.status() };
    } catch {
      throw new ApiError(503, [ErrorMessages.databaseUnavailable]);
    }
  }
}
