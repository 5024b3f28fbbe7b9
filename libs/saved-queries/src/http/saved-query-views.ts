import { ApiProperty } from '@nestjs/swagger';
import { NullTimeSchema } from '@app/platform';

/** A saved query (routes-misc A.1). */
export class SavedQueryView {
  @ApiProperty({ format: 'uuid', description: 'the owner' }) user_id: string;
  @ApiProperty() name: string;
  @ApiProperty() query: string;
  @ApiProperty({ description: '"" when none' }) description: string;
  @ApiProperty({ format: 'int64' }) id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema, description: 'never valid: saved queries are not soft-deleted' }) deleted_at: NullTimeSchema;
}

/** A listed saved query: how it reaches the caller. */
export class ScopedSavedQueryView extends SavedQueryView {
  @ApiProperty({ enum: ['owned', 'shared', 'public'] }) scope: string;
}

/** A permission row: public, or shared to one user. */
export class QueryPermissionView {
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) shared_to_user_id: string | null;
  @ApiProperty({ format: 'int64' }) query_id: number;
  @ApiProperty() public: boolean;
  @ApiProperty({ format: 'int64' }) id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
}

/** Who a query is shared to. */
export class QueryPermissionsView {
  @ApiProperty({ format: 'int64' }) query_id: number;
  @ApiProperty() public: boolean;
  @ApiProperty({ type: [String], format: 'uuid', description: '[] when public' }) shared_to_user_ids: string[];
}
