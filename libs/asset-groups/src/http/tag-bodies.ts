import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiError, ErrorMessages, isInt32 } from '@app/platform';
import { AssetGroupsErrors } from '../application/asset-groups-errors.js';
import { normalizeGlyph } from '../domain/tag-rules.js';
import type { TagDraft, TagPatch, TagType } from '../domain/tag.js';

// Tag bodies are read by hand rather than by class-validator: the reference decodes them as Go does, so a field of
// the wrong JSON type (or a body that is not an object) is `error unmarshalling JSON payload`, and every other check
// has its own message in the reference's order (the tag rules). The classes below document the bodies.

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

type Body = Record<string, unknown>;

const unmarshal = () => ApiError.badRequest(ErrorMessages.unmarshalJson);

function objectBody(body: unknown): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw unmarshal();
  return body as Body;
}

/** A field of one JSON type; null reads as absent (Go's null.X). Any other type cannot be decoded. */
function field<T>(body: Body, name: string, is: (value: unknown) => value is T): T | undefined {
  const value = Object.hasOwn(body, name) ? body[name] : undefined;
  if (value === undefined || value === null) return undefined;
  if (!is(value)) throw unmarshal();
  return value;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** The glyph of a body: absent, or a string / null ("" and null both mean none). */
function glyphOf(body: Body): string | null | undefined {
  if (!Object.hasOwn(body, 'glyph') || body.glyph === undefined) return undefined;
  if (body.glyph === null) return null;
  if (!isString(body.glyph)) throw unmarshal();
  return normalizeGlyph(body.glyph);
}

/** Reads a create body; the tag rules check the values. A missing name or type is refused here. */
export function readCreateTagBody(raw: unknown): TagDraft {
  const body = objectBody(raw);
  const name = field(body, 'name', isString);
  const type = field(body, 'type', isInt32);
  const draft = {
    description: field(body, 'description', isString) ?? '',
    position: field(body, 'position', isInt32) ?? null,
    requireCertify: field(body, 'require_certify', isBoolean) ?? null,
    analysisEnabled: field(body, 'analysis_enabled', isBoolean) ?? null,
    glyph: glyphOf(body) ?? null,
  };
  if (name === undefined) throw ApiError.badRequest(AssetGroupsErrors.tagNameRequired);
  if (type === undefined) throw ApiError.badRequest(AssetGroupsErrors.tagTypeInvalid);
  return { ...draft, name, type: type as TagType };
}

/** Reads a change body: the recognised fields that are present. */
export function readUpdateTagBody(raw: unknown): TagPatch {
  const body = objectBody(raw);
  return {
    name: field(body, 'name', isString),
    description: field(body, 'description', isString),
    position: field(body, 'position', isInt32),
    requireCertify: field(body, 'require_certify', isBoolean),
    analysisEnabled: field(body, 'analysis_enabled', isBoolean),
    glyph: glyphOf(body),
  };
}

/** Reads the legacy rename body: `{name}`. */
export function readRenameAssetGroupBody(raw: unknown): string | undefined {
  return field(objectBody(raw), 'name', isString);
}
