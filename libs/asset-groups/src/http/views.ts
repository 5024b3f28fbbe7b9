import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NullInt32Schema, NullStringSchema, NullTimeSchema } from '@app/platform';

// OpenAPI schemas of the asset-group wire shapes; the presenters build the values.

/** A tag or selector member (the reference's AssetGroupMember, plus certified and certified_by). */
export class MemberView {
  @ApiProperty({ format: 'int64', description: 'graph node id' }) id: number;
  @ApiProperty() object_id: string;
  @ApiProperty({ description: 'domain SID or tenant id' }) environment_id: string;
  @ApiProperty({ example: 'User' }) primary_kind: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: [1, 2, 3], description: '1 seed, 2 child, 3 parent; a tag list shows the best of its selectors' })
  source: number;
  @ApiProperty() asset_group_tag_id: number;
  @ApiProperty({ enum: [0, 1, 2, 3], description: '0 pending, 1 revoked, 2 manual, 3 automatic (addition)' })
  certified: number;
  @ApiProperty({ description: 'who set the certification (email, else principal name), "" when pending (addition)' })
  certified_by: string;
}

export class MemberCountsView {
  @ApiProperty() total_count: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { User: 3, Group: 1 } })
  counts: Record<string, number>;
}

/** A row of the certification history (one record a certification request changed). */
export class CertificationRecordView {
  @ApiProperty({ format: 'int64', description: 'the member graph node id' }) id: number;
  @ApiProperty() object_id: string;
  @ApiProperty() environment_id: string;
  @ApiProperty() primary_kind: string;
  @ApiProperty() name: string;
  @ApiProperty() asset_group_tag_id: number;
  @ApiProperty({ format: 'date-time', description: 'when the action was taken' }) created_at: string;
  @ApiProperty({ description: 'email of the user who acted, else their principal name' }) certified_by: string;
  @ApiProperty({ enum: [0, 1, 2], description: 'state the record was left in (0: a lower-priority record reset)' })
  certified: number;
  @ApiProperty({ format: 'int64' }) history_id: number;
  @ApiProperty() selector_id: number;
  @ApiProperty({ enum: [1, 2], description: '1 revoke, 2 certify' }) action: number;
  @ApiProperty({ format: 'uuid', description: 'user id' }) actor: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: NullStringSchema }) note: NullStringSchema;
}

export class SeedView {
  @ApiProperty({ enum: [1, 2], description: '1 = objectid, 2 = Cypher' }) type: number;
  @ApiProperty() value: string;
}

export class SelectorCountsView {
  @ApiProperty() members: number;
}

/** A tag selector (agt-wire §2), plus last_evaluated_at and last_error (additions). */
export class SelectorView {
  @ApiProperty() id: number;
  @ApiProperty() asset_group_tag_id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ description: "the creator's email, else their principal name; SYSTEM for seeded rows" }) created_by: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty() updated_by: string;
  @ApiProperty({ type: NullTimeSchema }) disabled_at: NullTimeSchema;
  @ApiProperty({ type: NullStringSchema }) disabled_by: NullStringSchema;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: [0, 1, 2], description: '0 off, 1 seeds only, 2 every member' }) auto_certify: number;
  @ApiProperty() is_default: boolean;
  @ApiProperty() allow_disable: boolean;
  @ApiProperty({ type: [SeedView] }) seeds: SeedView[];
  @ApiProperty({ type: NullTimeSchema, description: 'the last successful evaluation (addition)' })
  last_evaluated_at: NullTimeSchema;
  @ApiProperty({ type: NullStringSchema, description: "the last evaluation's failure (addition)" })
  last_error: NullStringSchema;
  @ApiPropertyOptional({ type: SelectorCountsView, description: 'with counts=true' }) counts?: SelectorCountsView;
}

export class TagEvaluationView {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'nodes carrying the tag after evaluation' }) members: number;
  @ApiProperty({ description: 'nodes that gained the tag' }) added: number;
  @ApiProperty({ description: 'nodes that lost the tag' }) removed: number;
}

export class SelectorEvaluationView {
  @ApiProperty() id: number;
  @ApiProperty() asset_group_tag_id: number;
  @ApiProperty({ type: NullStringSchema, description: 'why the selector failed (its previous members are kept)' })
  error: NullStringSchema;
}

export class EvaluationReportView {
  @ApiProperty({ type: [TagEvaluationView] }) tags: TagEvaluationView[];
  @ApiProperty({ type: [SelectorEvaluationView] }) selectors: SelectorEvaluationView[];
}

/** The NullBool wrapper (spec §2.1). */
export class NullBoolSchema {
  @ApiProperty() bool: boolean;
  @ApiProperty() valid: boolean;
}

export class TagCountsView {
  @ApiProperty() selectors: number;
  @ApiProperty({ description: 'distinct member nodes' }) members: number;
}

/** An asset group tag (spec §2.2). */
export class TagView {
  @ApiProperty() id: number;
  @ApiProperty({ enum: [1, 2, 3], description: '1 tier (zone), 2 label, 3 owned' }) type: number;
  @ApiProperty({ description: 'id of the graph kind `Tag_<name>` its members carry' }) kind_id: number;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ description: "the creator's email, else their principal name; SYSTEM for seeded rows" }) created_by: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty() updated_by: string;
  @ApiProperty({ type: NullTimeSchema, description: 'always null: tags are deleted outright' }) deleted_at: NullTimeSchema;
  @ApiProperty({ type: NullStringSchema, description: 'always null: tags are deleted outright' }) deleted_by: NullStringSchema;
  @ApiProperty({ type: NullInt32Schema, description: 'tiers: 1 (Tier Zero) .. n' }) position: NullInt32Schema;
  @ApiProperty({ type: NullBoolSchema }) require_certify: NullBoolSchema;
  @ApiProperty({ type: NullBoolSchema }) analysis_enabled: NullBoolSchema;
  @ApiProperty({ type: NullStringSchema }) glyph: NullStringSchema;
  @ApiPropertyOptional({ type: TagCountsView, description: 'with counts=true' }) counts?: TagCountsView;
}

/** A legacy asset group selector: one seed of a selector of the group's tag. */
export class LegacySelectorView {
  @ApiProperty({ description: 'the seed id' }) id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
  @ApiProperty() asset_group_id: number;
  @ApiProperty({ description: 'the selector name' }) name: string;
  @ApiProperty({ description: 'the seed value (objectid or Cypher)' }) selector: string;
  @ApiProperty({ description: 'a seeded default selector' }) system_selector: boolean;
}

/** A legacy asset group (spec §2.2): a view of a seeded tag. */
export class AssetGroupView {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: NullTimeSchema }) deleted_at: NullTimeSchema;
  @ApiProperty() name: string;
  @ApiProperty({ example: 'admin_tier_0' }) tag: string;
  @ApiProperty() system_group: boolean;
  @ApiProperty({ type: [LegacySelectorView] }) selectors: LegacySelectorView[];
  @ApiProperty() member_count: number;
}

/** A member of a legacy asset group (deprecated listing). */
export class AssetGroupMemberView {
  @ApiProperty() asset_group_id: number;
  @ApiProperty() object_id: string;
  @ApiProperty({ example: 'User' }) primary_kind: string;
  @ApiProperty({ type: [String] }) kinds: string[];
  @ApiProperty() environment_id: string;
  @ApiProperty({ enum: ['', 'Domain', 'AZTenant'] }) environment_kind: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'selected by a selector that is not a seeded default' }) custom_member: boolean;
}

/** PUT /api/v2/asset-groups/{id}/selectors: the legacy selectors added and removed. */
export class UpdatedLegacySelectorsView {
  @ApiProperty({ type: [LegacySelectorView] }) added_selectors: LegacySelectorView[];
  @ApiProperty({ type: [LegacySelectorView] }) removed_selectors: LegacySelectorView[];
}

/** A member found by a tag search. */
export class SearchedMemberView {
  @ApiProperty({ format: 'int64', description: 'graph node id' }) id: number;
  @ApiProperty() object_id: string;
  @ApiProperty() environment_id: string;
  @ApiProperty() primary_kind: string;
  @ApiProperty() name: string;
  @ApiProperty() asset_group_tag_id: number;
}

export class TagSearchResultView {
  @ApiProperty({ type: [TagView] }) tags: TagView[];
  @ApiProperty({ type: [SelectorView] }) selectors: SelectorView[];
  @ApiProperty({ type: [SearchedMemberView] }) members: SearchedMemberView[];
}

/** A node a selector preview selects. */
export class PreviewMemberView {
  @ApiProperty({ format: 'int64', description: 'graph node id' }) id: number;
  @ApiProperty() object_id: string;
  @ApiProperty() environment_id: string;
  @ApiProperty() primary_kind: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: [1, 2, 3], description: '1 seed, 2 child, 3 parent' }) source: number;
}

/** A row of the asset group tag history. */
export class TagHistoryRecordView {
  @ApiProperty({ format: 'int64' }) id: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ description: 'user id, or SYSTEM' }) actor: string;
  @ApiProperty({ type: NullStringSchema, description: "the actor's email at the time" }) email: NullStringSchema;
  @ApiProperty({
    enum: ['CreateTag', 'UpdateTag', 'DeleteTag', 'AnalysisEnabledTag', 'AnalysisDisabledTag', 'CreateSelector',
      'UpdateSelector', 'DeleteSelector'],
  })
  action: string;
  @ApiProperty({ description: 'the name of the tag or selector changed' }) target: string;
  @ApiProperty() asset_group_tag_id: number;
  @ApiProperty({ type: NullStringSchema }) environment_id: NullStringSchema;
  @ApiProperty({ type: NullStringSchema }) note: NullStringSchema;
}
