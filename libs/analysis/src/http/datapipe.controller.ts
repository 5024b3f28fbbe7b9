import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permissions } from '@app/identity';
import { ApiErrors, data, RequirePermission } from '@app/platform';
import { DatapipeStatusStore } from '../application/datapipe-ports.js';
import { presentDatapipeStatus } from './presenters.js';

@ApiTags('Datapipe')
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
  @ApiErrors(401, 403)
  async get() {
    return data(presentDatapipeStatus(await this.status.read()));
  }
}
