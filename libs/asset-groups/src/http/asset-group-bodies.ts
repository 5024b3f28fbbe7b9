import { ApiProperty } from '@nestjs/swagger';
import { ApiError, BodyReader, ErrorMessages, INT32_MAX } from '@app/platform';
import { AssetGroupsErrors } from '../application/asset-groups-errors.js';
import type { SelectorSpec } from '../domain/legacy-asset-group.js';
import { MAX_SEEDS, MAX_SELECTOR_NAME_LENGTH } from '../domain/selector.js';

// Legacy asset group bodies are read by hand, as Go decodes them: a field of the wrong JSON type (or a body of the
// wrong shape) is `error unmarshalling JSON payload`. The classes document the bodies.

/** POST /api/v2/asset-groups. */
export class CreateAssetGroupDto {
  @ApiProperty({ maxLength: 250 }) name: string;
  @ApiProperty({ maxLength: 250, description: 'No whitespace, e.g. `crown_jewels`' }) tag: string;
}

/** One entry of the PUT/POST /api/v2/asset-groups/{id}/selectors array. */
export class SelectorSpecDto {
  @ApiProperty({ maxLength: MAX_SELECTOR_NAME_LENGTH }) selector_name: string;
  @ApiProperty({ description: 'the object id the selector selects (used by `add`)' }) sid: string;
  @ApiProperty({ enum: ['add', 'remove'] }) action: string;
}

/** `{name, tag}`; absent values are empty (the rules refuse them). */
export function readCreateAssetGroupBody(raw: unknown): { name: string; tag: string } {
  const body = BodyReader.of(raw);
  return { name: body.string('name') ?? '', tag: body.string('tag') ?? '' };
}

/** The array of selector changes: at most MAX_SEEDS, each with a usable name and a known action. */
export function readSelectorSpecs(raw: unknown): SelectorSpec[] {
  if (!Array.isArray(raw)) throw ApiError.badRequest(ErrorMessages.unmarshalJson);
  if (raw.length > MAX_SEEDS) throw ApiError.badRequest(AssetGroupsErrors.selectorSpecsTooMany(MAX_SEEDS));
  return raw.map((item) => {
    const body = BodyReader.of(item);
    const selectorName = body.string('selector_name') ?? '';
    const objectId = body.string('sid') ?? '';
    const action = body.string('action');
    const nameUsable = selectorName.trim() !== '' && selectorName.length <= MAX_SELECTOR_NAME_LENGTH && !selectorName.includes('\u0000');
    if (!nameUsable || (action !== 'add' && action !== 'remove')) throw ApiError.badRequest(AssetGroupsErrors.selectorSpecsInvalid);
    return { selectorName, objectId, action };
  });
}

/** A legacy selector id, read after its group was found (the reference's order): int32, else 400 `id is malformed`. */
export function readLegacySelectorId(raw: string): number {
  if (/^[0-9]{1,10}$/.test(raw) && BigInt(raw) <= INT32_MAX) return Number(raw);
  throw ApiError.badRequest(ErrorMessages.idMalformed);
}
