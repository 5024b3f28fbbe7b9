import { Injectable } from '@nestjs/common';
import { ApiError, type ListQuery } from '@app/platform';
import type { Selector } from '../domain/selector.js';
import type { Tag } from '../domain/tag.js';
import { AssetGroupsErrors } from './asset-groups-errors.js';
import { SelectorStore, TagStore, type SelectorWithCounts } from './ports.js';
import { existingTag } from './tag-queries.js';

/** Reads of a tag's selectors: the tag must exist (404) and a selector must belong to it (404). */
@Injectable()
export class SelectorQueries {
  constructor(private readonly tags: TagStore, private readonly selectors: SelectorStore) {}

  async list(
    tagId: number, query: ListQuery, counts: { environments: string[] } | null,
  ): Promise<{ items: SelectorWithCounts[]; count: number }> {
    await this.tagOrNotFound(tagId);
    return this.selectors.list(tagId, query, counts);
  }

  async get(tagId: number, selectorId: number): Promise<Selector> {
    return (await this.selectorOfTag(tagId, selectorId)).selector;
  }

  /** The tag and its selector: 404 `resource not found` for either missing, 404 when the selector is another tag's. */
  async selectorOfTag(tagId: number, selectorId: number): Promise<{ tag: Tag; selector: Selector }> {
    const tag = await this.tagOrNotFound(tagId);
    const selector = await this.selectors.get(selectorId);
    if (!selector) throw ApiError.notFound();
    if (selector.tagId !== tagId) throw ApiError.notFound(AssetGroupsErrors.selectorNotInTag);
    return { tag, selector };
  }

  tagOrNotFound(tagId: number): Promise<Tag> {
    return existingTag(this.tags, tagId);
  }
}
