import { dateOf, type Row } from '@app/platform';
import type { Tag, TagType } from '../domain/tag.js';

/** The columns of `asset_group_tags` every tag read selects (alias `t`). */
export const TAG_COLUMNS = `t.id, t.type, t.kind_id, t.name, t.description, t.position, t.require_certify,
  t.analysis_enabled, t.glyph, t.created_at, t.created_by, t.updated_at, t.updated_by`;

export function toTag(row: Row): Tag {
  return {
    id: Number(row.id),
    type: Number(row.type) as TagType,
    kindId: Number(row.kind_id),
    name: String(row.name),
    description: String(row.description),
    position: row.position === null ? null : Number(row.position),
    requireCertify: row.require_certify as boolean | null,
    analysisEnabled: row.analysis_enabled as boolean | null,
    glyph: row.glyph as string | null,
    createdAt: dateOf(row.created_at),
    createdBy: String(row.created_by),
    updatedAt: dateOf(row.updated_at),
    updatedBy: String(row.updated_by),
  };
}
