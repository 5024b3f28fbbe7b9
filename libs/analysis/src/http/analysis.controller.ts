import { Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permissions } from '@app/identity';
import { ApiError, ApiErrors, Clock, CurrentPrincipal, data, RequirePermission, type Principal } from '@app/platform';
import { AnalysisRequestStore } from '../application/datapipe-ports.js';
import { presentAnalysisRequest } from './presenters.js';

/** Analysis requests: the datapipe analyses on its next tick when one is pending (at most one is). */
@ApiTags('Analysis')
@RequirePermission(Permissions.GraphDBWrite)
@Controller('analysis')
export class AnalysisController {
  constructor(private readonly requests: AnalysisRequestStore, private readonly clock: Clock) {}

  @Put()
  @HttpCode(202)
  @ApiOperation({ summary: 'Request an analysis', description: 'Replaces a pending request (at most one is pending). 202, no body.' })
  @ApiErrors(401, 403)
  async request(@CurrentPrincipal() principal: Principal): Promise<void> {
    await this.requests.request({ requestedBy: principal.userId, requestedAt: this.clock.now() });
  }

  @Get()
  @ApiOperation({ summary: 'The pending analysis request', description: '404 when none is pending.' })
  @ApiErrors(401, 403, 404)
  async get() {
    const pending = await this.requests.pending();
    if (!pending) throw ApiError.notFound();
    return data(presentAnalysisRequest(pending));
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: 'Cancel the pending analysis request', description: '204 whether or not one was pending.' })
  @ApiErrors(401, 403)
  async cancel(): Promise<void> {
    await this.requests.cancel();
  }
}
