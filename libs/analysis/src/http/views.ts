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
  @ApiProperty({
    description: 'who asked: the id of the user who requested the analysis, or `datapipe` when no user did (an analysis '
      + 'owed to client uploads, the CLI or the sample data, handed on by an instance that stopped before running it)',
    example: 'datapipe',
  })
  requested_by: string;
  @ApiProperty({ format: 'date-time' }) requested_at: string;
  @ApiProperty({ enum: ['analysis'] }) request_type: string;
}
