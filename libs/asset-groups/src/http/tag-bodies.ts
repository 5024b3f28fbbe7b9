import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiError, BodyReader } from '@app/platform';
import { AssetGroupsErrors } from '../application/asset-groups-errors.js';
import { normalizeGlyph } from '../domain/tag-rules.js';
import type { TagDraft, TagPatch, TagType } from '../domain/tag.js';

// Tag bodies are read with the BodyReader rather than by class-validator: the reference decodes them as Go does, so a
// field of the wrong JSON type (or a body that is not an object) is `error unmarshalling JSON payload`, and every
// other check has its own message in the reference's order (the tag rules). The classes below document the bodies.

/** POST /api/v2/asset-group-tags. */
export class CreateTagDto {
  @ApiProperty({ maxLength: 250, description: 'Letters, digits, underscores and spaces' }) name: string;
  @ApiProperty({ enum: [1, 2], description: '1 = tier (zone), 2 = label' }) type: number;
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional({ nullable: true, description: 'Tiers only: 2..(tiers + 1); default last' }) position?: number | null;
  @ApiPropertyOptional({ nullable: true, description: 'Tiers only (default false)' }) require_certify?: boolean | null;
  @ApiPropertyOptional({ nullable: true, description: 'Tiers only (default false)' }) analysis_enabled?: boolean | null;
  @ApiPropertyOptional({ nullable: true, description: 'Tiers only: an icon name; "" means none' }) glyph?: string | null;
}

/** PATCH /api/v2/asset-group-tags/{id}: only the fields given change; null position/booleans are ignored. */
export class UpdateTagDto {
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional({ nullable: true }) position?: number | null;
  @ApiPropertyOptional({ nullable: true }) require_certify?: boolean | null;
  @ApiPropertyOptional({ nullable: true }) analysis_enabled?: boolean | null;
  @ApiPropertyOptional({ nullable: true, description: 'null or "" clears the glyph' }) glyph?: string | null;
}

/** PUT /api/v2/asset-groups/{id}. */
export class RenameAssetGroupDto {
  @ApiProperty() name: string;
}

/** The glyph of a body: absent, or a string / null ("" and null both mean none). */
function glyphOf(body: BodyReader): string | null | undefined {
  const glyph = body.nullableString('glyph');
  return typeof glyph === 'string' ? normalizeGlyph(glyph) : glyph;
}

/** Reads a create body; the tag rules check the values. A missing name or type is refused here. */
export function readCreateTagBody(raw: unknown): TagDraft {
  const body = BodyReader.of(raw);
  const name = body.string('name');
  const type = body.int32('type');
  const draft = {
    description: body.string('description') ?? '',
    position: body.int32('position') ?? null,
    requireCertify: body.boolean('require_certify') ?? null,
    analysisEnabled: body.boolean('analysis_enabled') ?? null,
    glyph: glyphOf(body) ?? null,
  };
  if (name === undefined) throw ApiError.badRequest(AssetGroupsErrors.tagNameRequired);
  if (type === undefined) throw ApiError.badRequest(AssetGroupsErrors.tagTypeInvalid);
  return { ...draft, name, type: type as TagType };
}

/** Reads a change body: the recognised fields that are present. */
export function readUpdateTagBody(raw: unknown): TagPatch {
  const body = BodyReader.of(raw);
  return {
    name: body.string('name'),
    description: body.string('description'),
    position: body.int32('position'),
    requireCertify: body.boolean('require_certify'),
    analysisEnabled: body.boolean('analysis_enabled'),
    glyph: glyphOf(body),
  };
}

/** Reads the legacy rename body: `{name}`. */
export function readRenameAssetGroupBody(raw: unknown): string | undefined {
  return BodyReader.of(raw).string('name');
}
