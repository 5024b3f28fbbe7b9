import { ApiProperty } from '@nestjs/swagger';

/** OpenAPI schema of GET /api/v2/analysis/status (presentAnalysisStatus). */
export class AnalysisStatusView {
  @ApiProperty({ description: 'who asked (a user id or `datapipe`); empty when nothing is pending' }) requested_by: string;
  @ApiProperty({ enum: ['analysis', ''], description: 'empty when nothing is pending' }) request_type: string;
  @ApiProperty({ format: 'date-time', description: 'the zero time when nothing is pending' }) requested_at: string;
  @ApiProperty({ description: 'always 0: analyses run every step' }) analysis_step: number;
  @ApiProperty() delete_all_graph: boolean;
  @ApiProperty() delete_sourceless_graph: boolean;
  @ApiProperty({ type: [String], nullable: true, description: 'always null' }) DeleteSourceKinds: string[] | null;
  @ApiProperty({ type: [String], nullable: true, description: 'always null' }) DeleteRelationships: string[] | null;
}
