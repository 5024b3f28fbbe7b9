import { Controller, Get } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ApiErrors, data, dataSchema, Permissions, RequirePermission } from '@app/platform';
import { AnalysisRequestStore } from '../application/datapipe-ports.js';
import { presentAnalysisStatus } from './analysis-status-presenters.js';
import { AnalysisStatusView } from './analysis-status-views.js';

/** The analysis request as readers see it: graphdb:Read, unlike the rest of /analysis (reference: GetAnalysisRequest). */
@ApiTags('Analysis')
@ApiExtraModels(AnalysisStatusView)
@Controller('analysis/status')
export class AnalysisStatusController {
  constructor(private readonly requests: AnalysisRequestStore) {}

  @Get()
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'The pending analysis request',
    description: 'Always 200: with nothing pending, the zero-valued request (empty strings, the zero time), as the reference answers.',
  })
  @ApiOkResponse({ schema: dataSchema({ $ref: getSchemaPath(AnalysisStatusView) }) })
  @ApiErrors(401, 403)
  async get() {
    return data(presentAnalysisStatus(await this.requests.pending()));
  }
}
