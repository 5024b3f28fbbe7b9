import { ApiProperty } from '@nestjs/swagger';
import { NullTimeSchema } from '@app/platform';

/** Wire shape of a Posture stat (spec §2.2, plus the zone it measures). */
export class PostureStatView {
  @ApiProperty({ format: 'int64' }) id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
  @ApiProperty({ example: 'S-1-5-21-3130019616-2776909439-2417379446' }) domain_sid: string;
  @ApiProperty() exposure_index: number;
  @ApiProperty() tier_zero_count: number;
  @ApiProperty() critical_risk_count: number;
  @ApiProperty({ description: 'the asset group tag (zone) measured' }) asset_group_tag_id: number;
}

/** The time-windowed paginated envelope of GET /api/v2/posture-stats. */
export class PostureStatsPageView {
  @ApiProperty() count: number;
  @ApiProperty() skip: number;
  @ApiProperty() limit: number;
  @ApiProperty({ format: 'date-time', description: '`from`, else the earliest created_at of the matching rows' }) start: string;
  @ApiProperty({ format: 'date-time', description: '`to`, else now' }) end: string;
  @ApiProperty({ type: [PostureStatView] }) data: PostureStatView[];
}
