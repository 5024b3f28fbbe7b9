import { Controller, Get } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ApiErrors, data, dataSchema, Permissions, RequirePermission } from '@app/platform';
import { DatapipeStatusStore } from '../application/datapipe-ports.js';
import { presentDatapipeStatus } from './presenters.js';
import { DatapipeStatusView } from './views.js';

@ApiTags('Datapipe')
@ApiExtraModels(DatapipeStatusView)
@Controller('datapipe')
export class DatapipeController {
  constructor(private readonly status: DatapipeStatusStore) {}

  @Get('status')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'What the datapipe is doing',
    description: 'status: idle, ingesting or analyzing; updated_at; last_complete_analysis_at (end of the latest ' +
      'successful analysis); last_analysis_run_at (start of the latest analysis); next_scheduled_analysis_at (always ' +
      'the zero time: analysis follows ingest and requests, there is no schedule). The zero time when never.',
  })
  @ApiOkResponse({ description: 'The datapipe status', schema: dataSchema({ $ref: getSchemaPath(DatapipeStatusView) }) })
  @ApiErrors(401, 403)
  async get() {
    return data(presentDatapipeStatus(await this.status.read()));
  }
}
