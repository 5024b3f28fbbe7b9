import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BodyReader } from '@app/platform';
import type { SelectorInput } from '../application/selector-commands.js';
import type { TagSearchInput } from '../application/tag-search.js';
import { SeedView } from './views.js';

// Read by hand, as the reference decodes them: a field of the wrong JSON type is `error unmarshalling JSON payload`;
// the values are the use cases' to check, with the reference's messages. The classes document the bodies.

/** POST /api/v2/asset-group-tags/search. */
export class TagSearchDto {
  @ApiProperty({ minLength: 3 }) query: string;
  @ApiProperty({ enum: [1, 2, 3], description: '1 zones, 2 labels (Owned included), 3 Owned' }) tag_type: number;
  @ApiPropertyOptional({ description: 'selectors and members of this tag only' }) asset_group_tag_id?: number;
}

/** POST /api/v2/asset-group-tags/preview-selectors. */
export class PreviewSelectorsDto {
  @ApiProperty({ type: [SeedView] }) seeds: SeedView[];
  @ApiPropertyOptional({ enum: [0, 1, 2, 3], description: '0 none, 1 all (default), 2 children, 3 parents' }) expansion?: number;
}

/** POST /api/v2/asset-group-tags-history. */
export class TagHistorySearchDto {
  @ApiProperty({ minLength: 3, description: 'contained in the actor, email, action or target' }) query: string;
}

export function readTagSearchBody(raw: unknown): TagSearchInput {
  const body = BodyReader.of(raw);
  return { query: body.string('query') ?? '', tagType: body.int32('tag_type'), tagId: body.int32('asset_group_tag_id') };
}

export function readPreviewBody(raw: unknown): { seeds: SelectorInput['seeds']; expansion: number | undefined } {
  const body = BodyReader.of(raw);
  const seeds = body.array('seeds')?.map((item) => {
    const seed = BodyReader.of(item);
    // A missing type or value is left for the seed rules to name.
    return { type: seed.int32('type') as number, value: seed.string('value') as string };
  });
  return { seeds, expansion: body.int32('expansion') };
}

export function readHistorySearchBody(raw: unknown): string {
  return BodyReader.of(raw).string('query') ?? '';
}
