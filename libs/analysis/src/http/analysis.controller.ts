import { Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import {
  ApiAcceptedResponse, ApiExtraModels, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath,
} from '@nestjs/swagger';
import {
  ApiError, ApiErrors, Clock, CurrentPrincipal, data, dataSchema, Permissions, type Principal, RequirePermission,
} from '@app/platform';
import { AnalysisRequestStore } from '../application/datapipe-ports.js';
import { presentAnalysisRequest } from './presenters.js';
import { AnalysisRequestView } from './views.js';

/** Analysis requests: the datapipe analyses on its next tick when one is pending (at most one is). */
@ApiTags('Analysis')
@ApiExtraModels(AnalysisRequestView)
@RequirePermission(Permissions.GraphDBWrite)
@Controller('analysis')
export class AnalysisController {
  constructor(private readonly requests: AnalysisRequestStore, private readonly clock: Clock) {}

  @Put()
  @HttpCode(202)
  @ApiOperation({ summary: 'Request an analysis', description: 'Replaces a pending request (at most one is pending). 202, no body.' })
  @ApiAcceptedResponse({ description: 'Requested. No body' })
  @ApiErrors(401, 403)
  async request(@CurrentPrincipal() principal: Principal): Promise<void> {
    await this.requests.request({ requestedBy: principal.userId, requestedAt: this.clock.now() });
  }

  @Get()
  @ApiOperation({ summary: 'The pending analysis request', description: '404 when none is pending.' })
  @ApiOkResponse({ description: 'The pending request', schema: dataSchema({ $ref: getSchemaPath(AnalysisRequestView) }) })
  @ApiErrors(401, 403, 404)
  async get() {
    const pending = await this.requests.pending();
    if (!pending) throw ApiError.notFound();
    return data(presentAnalysisRequest(pending));
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: 'Cancel the pending analysis request', description: '204 whether or not one was pending.' })
  @ApiNoContentResponse({ description: 'No pending request any more' })
  @ApiErrors(401, 403)
  async cancel(): Promise<void> {
    await this.requests.cancel();
  }
}
