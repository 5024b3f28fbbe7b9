import { Injectable } from '@nestjs/common';
import { ApiError, type ListQuery } from '@app/platform';
import type { Tag } from '../domain/tag.js';
import { TagStore } from './ports.js';

/** A tag with its counts (lists with `counts=true`). */
export interface TagWithCounts extends Tag {
  counts?: { selectors: number; members: number };
}

/** The filtered tag list (TAG_LIST), one statement. */
export abstract class TagReadModel {
  /** Tags matching the query, by id; with `counts`, each carries its selector count and distinct member count. */
  abstract listMatching(query: ListQuery, counts: boolean): Promise<TagWithCounts[]>;
}

/** The tag, or 404 `resource not found`: what every route under /asset-group-tags/{id} checks first. */
export async function existingTag(tags: TagStore, id: number): Promise<Tag> {
  const tag = await tags.get(id);
  if (!tag) throw ApiError.notFound();
  return tag;
}

/** Reads of asset group tags. */
@Injectable()
export class TagQueries {
  constructor(private readonly tags: TagStore, private readonly readModel: TagReadModel) {}

  list(query: ListQuery, counts: boolean): Promise<TagWithCounts[]> {
    return this.readModel.listMatching(query, counts);
  }

  get(id: number): Promise<Tag> {
    return existingTag(this.tags, id);
  }
}
