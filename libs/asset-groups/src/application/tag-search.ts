import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import type { Selector } from '../domain/selector.js';
import { TagType, type Tag } from '../domain/tag.js';
import { AssetGroupsErrors } from './asset-groups-errors.js';
import { MIN_SEARCH_LENGTH } from './tag-history.js';

/** Each list of a search answers at most this many (the reference's). */
export const SEARCH_LIMIT = 50;

/** A member found by a search: a node of one tag's membership. */
export interface SearchedMember {
  nodeId: string;
  objectId: string;
  environmentId: string;
  primaryKind: string;
  name: string;
  tagId: number;
}

export interface TagSearchResult {
  tags: Tag[];
  selectors: Selector[];
  members: SearchedMember[];
}

/** Where a search looks: tags of these types, or (for selectors and members) the one tag given. */
export interface SearchScope {
  types: TagType[];
  tagId: number | null;
}

/** The search's reads, one statement per list. */
export abstract class TagSearchReadModel {
  /**
   * Tags of the types whose name contains `text`, by id; selectors of the scope whose name contains it, by id;
   * members of the scope (one per node and tag) whose name or object id contains it, by name. Case-insensitive.
   */
  abstract search(text: string, scope: SearchScope, limit: number): Promise<TagSearchResult>;
}

export interface TagSearchInput {
  query: string;
  tagType: number | undefined;
  tagId: number | undefined;
}

/** POST /api/v2/asset-group-tags/search: the reference's checks in its order, labels searched with Owned. */
@Injectable()
export class TagSearch {
  constructor(private readonly readModel: TagSearchReadModel) {}

  async search(input: TagSearchInput): Promise<TagSearchResult> {
    const type = input.tagType;
    if (type !== TagType.Tier && type !== TagType.Label && type !== TagType.Owned) {
      throw ApiError.badRequest(AssetGroupsErrors.tagTypeInvalid);
    }
    if (input.query.length < MIN_SEARCH_LENGTH) throw ApiError.badRequest(AssetGroupsErrors.searchQueryTooShort);
    const types: TagType[] = type === TagType.Label ? [TagType.Label, TagType.Owned] : [type];
    return this.readModel.search(input.query, { types, tagId: input.tagId ?? null }, SEARCH_LIMIT);
  }
}
