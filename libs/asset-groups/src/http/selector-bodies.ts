import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested,
} from 'class-validator';
import { INT32_MAX, NoNul } from '@app/platform';
import { AssetGroupsErrors } from '../application/asset-groups-errors.js';
import { MAX_SEEDS, MAX_SELECTOR_NAME_LENGTH } from '../domain/selector.js';

// class-validator reports a property's failures in the reverse of the decorators' source order, so each property
// lists its type check last. Seed types, values and counts, and auto_certify's range, are the selector rules'
// (with the reference's messages), not shape checks here; the seed count is also capped here, with the rule's
// message, so an oversized array is refused before each element is validated and transformed.

const MAX_DESCRIPTION_LENGTH = 4096;
const MAX_EVALUATED_TAGS = 1000;
/** Tag ids are int32 columns: larger values are refused before they reach the database. */
const MAX_TAG_ID = Number(INT32_MAX);
const MaxSeeds = () => ArrayMaxSize(MAX_SEEDS, { message: AssetGroupsErrors.seedsTooMany(MAX_SEEDS) });

/** Optional, but never null: the column behind it is NOT NULL. */
const OptionalNotNull = () => ValidateIf((_, value) => value !== undefined);

export class SeedDto {
  @ApiProperty({ enum: [1, 2], description: '1 = objectid, 2 = Cypher' }) @IsInt() type: number;
  @ApiProperty({ description: 'An objectid, or a Cypher read query returning nodes' }) @NoNul() @IsString() value: string;
}

/** POST /api/v2/asset-group-tags/{id}/selectors. */
export class CreateSelectorDto {
  @ApiProperty() @NoNul() @MaxLength(MAX_SELECTOR_NAME_LENGTH) @IsNotEmpty() @IsString() name: string;
  @ApiPropertyOptional() @OptionalNotNull() @NoNul() @MaxLength(MAX_DESCRIPTION_LENGTH) @IsString() description?: string;
  @ApiPropertyOptional({ enum: [0, 1, 2], description: '0 off, 1 seeds only, 2 every member (zones only)' })
  @OptionalNotNull() @IsInt() auto_certify?: number;
  @ApiProperty({ type: [SeedDto], maxItems: MAX_SEEDS, description: 'One or more seeds, all of one type' })
  @IsOptional() @ValidateNested({ each: true }) @Type(() => SeedDto) @MaxSeeds() @IsArray() seeds?: SeedDto[];
}

/** PATCH /api/v2/asset-group-tags/{id}/selectors/{selector_id}: only the fields given change. */
export class UpdateSelectorDto {
  @ApiPropertyOptional() @OptionalNotNull() @NoNul() @MaxLength(MAX_SELECTOR_NAME_LENGTH) @IsNotEmpty() @IsString() name?: string;
  @ApiPropertyOptional() @OptionalNotNull() @NoNul() @MaxLength(MAX_DESCRIPTION_LENGTH) @IsString() description?: string;
  @ApiPropertyOptional({ enum: [0, 1, 2] }) @OptionalNotNull() @IsInt() auto_certify?: number;
  @ApiPropertyOptional({ description: 'true sets disabled_at/disabled_by, false clears them' })
  @OptionalNotNull() @IsBoolean() disabled?: boolean;
  @ApiPropertyOptional({ type: [SeedDto], maxItems: MAX_SEEDS, description: 'Replaces every seed' })
  @OptionalNotNull() @ValidateNested({ each: true }) @Type(() => SeedDto) @MaxSeeds() @IsArray() seeds?: SeedDto[];
}

/** POST /api/v2/asset-group-tags/evaluation: no body, or the tags to evaluate. */
export class EvaluationRequestDto {
  @ApiPropertyOptional({ type: [Number], description: 'Tags to evaluate (default: every tag)' })
  @IsOptional() @ArrayMaxSize(MAX_EVALUATED_TAGS) @Max(MAX_TAG_ID, { each: true }) @Min(1, { each: true }) @IsInt({ each: true }) @IsArray()
  asset_group_tag_ids?: number[];
}
