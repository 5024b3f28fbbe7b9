import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiErrors, CurrentPrincipal, MalformedJsonMessage, Permissions, type Principal, RequirePermission,
} from '@app/platform';
import { AnalysisErrors } from '../application/analysis-errors.js';
import { DatabaseWipe } from '../application/database-wipe.js';
import { DatabaseWipeDto, readWipeRequest } from './database-wipe-bodies.js';

@ApiTags('Analysis')
@Controller('clear-database')
export class DatabaseWipeController {
  constructor(private readonly wipe: DatabaseWipe) {}

  @Post()
  @HttpCode(204)
  @MalformedJsonMessage(AnalysisErrors.jsonMalformed)
  @RequirePermission(Permissions.DBWipe)
  @ApiOperation({
    summary: 'Delete data: graph data, file ingest history, posture history, custom selectors, edges by kind',
    description:
      'Deletes what each field names and nothing else, at once; deleting graph data or selectors requests an ' +
      'analysis. deleteCollectedGraphData and deleteSourceKinds exclude each other. 409 while ingest or analysis runs.',
  })
  @ApiBody({ type: DatabaseWipeDto })
  @ApiNoContentResponse({ description: 'Deleted. No body' })
  @ApiErrors(400, 401, 403, 409)
  async clear(@Body() body: unknown, @CurrentPrincipal() principal: Principal): Promise<void> {
    await this.wipe.wipe(readWipeRequest(body), principal.userId);
  }
}
