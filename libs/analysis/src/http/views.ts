import { ApiProperty } from '@nestjs/swagger';
import { DatapipeStatuses } from '../domain/datapipe-state.js';

/** OpenAPI schema of GET /api/v2/datapipe/status (presentDatapipeStatus). */
export class DatapipeStatusView {
  @ApiProperty({ enum: DatapipeStatuses }) status: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ format: 'date-time', description: 'end of the latest successful analysis; the zero time when never' })
  last_complete_analysis_at: string;
  @ApiProperty({ format: 'date-time', description: 'start of the latest analysis; the zero time when never' })
  last_analysis_run_at: string;
  @ApiProperty({
    format: 'date-time', description: 'always the zero time: analysis follows ingest and requests, there is no schedule',
  })
  next_scheduled_analysis_at: string;
}

/** OpenAPI schema of GET /api/v2/analysis (presentAnalysisRequest). */
export class AnalysisRequestView {
  @ApiProperty({ format: 'uuid', description: 'the requesting user' }) requested_by: string;
  @ApiProperty({ format: 'date-time' }) requested_at: string;
  @ApiProperty({ enum: ['analysis'] }) request_type: string;
}
