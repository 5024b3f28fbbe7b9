import { Injectable } from '@nestjs/common';
import { ApiError, type ListQuery } from '@app/platform';
import type { TagHistoryEntry, TagHistoryRecord } from '../domain/tag-history.js';
import { AssetGroupsErrors } from './asset-groups-errors.js';

/** The shortest text the history and tag searches look for (the reference's). */
export const MIN_SEARCH_LENGTH = 3;

/**
 * The asset group tag history (asset_group_tag_history): the tag and selector commands record each change inside
 * their unit of work; GET and POST /api/v2/asset-group-tags-history read it.
 */
export abstract class TagHistory {
  /** Records the change, with the actor's email as it is now. */
  abstract record(entries: readonly TagHistoryEntry[]): Promise<void>;
  /**
   * One page of the history (TAG_HISTORY_LIST) and the total; with `search`, only rows whose actor, email, action or
   * target contains it (or it without spaces), case-insensitively.
   */
  abstract list(query: ListQuery, search: string | null): Promise<{ items: TagHistoryRecord[]; count: number }>;
}

/** Reads of the tag history. */
@Injectable()
export class TagHistoryQueries {
  constructor(private readonly history: TagHistory) {}

  list(query: ListQuery): Promise<{ items: TagHistoryRecord[]; count: number }> {
    return this.history.list(query, null);
  }

  async search(query: ListQuery, text: string): Promise<{ items: TagHistoryRecord[]; count: number }> {
    if (text.length < MIN_SEARCH_LENGTH) throw ApiError.badRequest(AssetGroupsErrors.searchQueryTooShort);
    return this.history.list(query, text);
  }
}
