import { Injectable } from '@nestjs/common';
import { ApiError, ErrorMessages } from '@app/platform';
import { UserQueries } from '@app/identity';
import { canSeeSharing, shareVerdict, unshareVerdict, type ShareRequest } from '../domain/access-rules.js';
import type { QueryCaller, QueryPermission, QuerySharing } from '../domain/saved-query.js';
import { SavedQueryStore } from './ports.js';
import { SavedQueriesErrors } from './saved-queries-errors.js';

/** Most users one share or unshare may name. */
export const MAX_SHARE_USERS = 1000;

/** Who a query is shared to (GET .../permissions). */
export interface QueryPermissions extends QuerySharing {
  queryId: number;
}

/** What a share did: published or shared (the rows written), or nothing left to write (already public, unshared). */
export type ShareOutcome = { changed: true; rows: QueryPermission[] } | { changed: false };

/** Who may read a saved query besides its owner: public, or shared to users. */
@Injectable()
export class QuerySharingCommands {
  constructor(private readonly store: SavedQueryStore, private readonly users: UserQueries) {}

  /** 404 when nothing makes the query visible to others, or the caller may not see who it is shared to. */
  async permissions(caller: QueryCaller, id: number): Promise<QueryPermissions> {
    const query = await this.store.get(id);
    const sharing = await this.store.sharing(id);
    const none = !sharing.isPublic && sharing.sharedTo.length === 0;
    if (!query || none || !canSeeSharing(query, sharing, caller)) throw ApiError.notFound(SavedQueriesErrors.noPermissions);
    return { queryId: id, isPublic: sharing.isPublic, sharedTo: sharing.isPublic ? [] : sharing.sharedTo };
  }

  /** Makes the query public, shares it to users, or (neither) makes it private to its owner again. */
  async share(caller: QueryCaller, id: number, request: ShareRequest): Promise<ShareOutcome> {
    if (request.isPublic && request.userIds.length > 0) throw ApiError.badRequest(SavedQueriesErrors.publicWithUsers);
    if (request.userIds.length > MAX_SHARE_USERS) throw ApiError.badRequest(SavedQueriesErrors.tooManyUsers(MAX_SHARE_USERS));
    const query = await this.store.get(id);
    if (!query) throw ApiError.notFound(SavedQueriesErrors.shareQueryDoesNotExist);
    const sharing = await this.store.sharing(id);
    switch (shareVerdict(query, sharing, caller, request)) {
      case 'forbidden': throw ApiError.forbidden(SavedQueriesErrors.forbidden);
      case 'self-share': throw ApiError.badRequest(SavedQueriesErrors.selfShare);
      case 'public-share': throw ApiError.badRequest(SavedQueriesErrors.publicShare);
      case 'allowed': break;
    }
    if (request.isPublic) return sharing.isPublic ? { changed: false } : { changed: true, rows: [await this.store.makePublic(id)] };
    if (request.userIds.length === 0) {
      await this.store.unshare(id, null);
      return { changed: false };
    }
    await this.requireUsers(request.userIds);
    return { changed: true, rows: await this.store.shareTo(id, [...new Set(request.userIds)]) };
  }

  /** Removes the shares to these users; none named removes every permission of the query (public included). */
  async unshare(caller: QueryCaller, id: number, userIds: readonly string[]): Promise<void> {
    if (userIds.length > MAX_SHARE_USERS) throw ApiError.badRequest(SavedQueriesErrors.tooManyUsers(MAX_SHARE_USERS));
    const query = await this.store.get(id);
    if (!query) throw ApiError.notFound(ErrorMessages.resourceNotFound);
    switch (unshareVerdict(query, await this.store.sharing(id), caller, userIds)) {
      case 'not-shared-to-self': throw ApiError.badRequest(SavedQueriesErrors.unshareSelfNotShared);
      case 'forbidden': throw ApiError.forbidden(SavedQueriesErrors.notOwner);
      case 'allowed': break;
    }
    await this.store.unshare(id, userIds.length === 0 ? null : userIds);
  }

  /** Shares go to live users only: 400 naming the ids that are not. */
  private async requireUsers(ids: readonly string[]): Promise<void> {
    const live = await this.users.liveUserIds(ids);
    const unknown = [...new Set(ids)].filter((id) => !live.has(id));
    if (unknown.length > 0) throw ApiError.badRequest(SavedQueriesErrors.unknownUsers(unknown.slice(0, 10)));
  }
}
