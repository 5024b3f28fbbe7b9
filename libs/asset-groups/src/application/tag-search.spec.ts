import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@app/platform';
import { TagType } from '../domain/tag.js';
import { AssetGroupsErrors } from './asset-groups-errors.js';
import { SEARCH_LIMIT, TagSearch, TagSearchReadModel, type SearchScope } from './tag-search.js';

class RecordingReadModel extends TagSearchReadModel {
  readonly calls: { text: string; scope: SearchScope; limit: number }[] = [];
  async search(text: string, scope: SearchScope, limit: number) {
    this.calls.push({ text, scope, limit });
    return { tags: [], selectors: [], members: [] };
  }
}

describe('TagSearch', () => {
  const search = (input: { query: string; tagType?: number; tagId?: number }) => {
    const readModel = new RecordingReadModel();
    return { readModel, done: new TagSearch(readModel).search({ tagType: undefined, tagId: undefined, ...input }) };
  };

  it.each([undefined, 0, 4])('answers 400 valid tag_type is required for tag_type %p, before the query length', async (tagType) => {
    await expect(search({ query: 'x', tagType }).done).rejects.toEqual(ApiError.badRequest(AssetGroupsErrors.tagTypeInvalid));
  });

  it('answers 400 for a query shorter than 3 characters', async () => {
    await expect(search({ query: 'ab', tagType: 1 }).done).rejects.toEqual(ApiError.badRequest(AssetGroupsErrors.searchQueryTooShort));
  });

  it('searches labels together with Owned, and zones alone, 50 of each list', async () => {
    const labels = search({ query: 'jewel', tagType: TagType.Label });
    await labels.done;
    expect(labels.readModel.calls).toEqual([
      { text: 'jewel', scope: { types: [TagType.Label, TagType.Owned], tagId: null }, limit: SEARCH_LIMIT },
    ]);
    const zones = search({ query: 'tier', tagType: TagType.Tier, tagId: 7 });
    await zones.done;
    expect(zones.readModel.calls[0].scope).toEqual({ types: [TagType.Tier], tagId: 7 });
  });
});
