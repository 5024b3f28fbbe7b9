import { nullTime, timestamp, type NullTime } from '@app/platform';
import type { QueryPermissions } from '../application/query-sharing-commands.js';
import type { QueryPermission, SavedQuery, ScopedSavedQuery } from '../domain/saved-query.js';

/** A saved query on the wire (routes-misc A.1): the owner's id as text, never deleted. */
export interface SavedQueryWire {
  user_id: string;
  name: string;
  query: string;
  description: string;
  id: number;
  created_at: string;
  updated_at: string;
  deleted_at: NullTime;
}

export function presentSavedQuery(query: SavedQuery): SavedQueryWire {
  return {
    user_id: query.userId,
    name: query.name,
    query: query.query,
    description: query.description,
    id: query.id,
    created_at: timestamp(query.createdAt),
    updated_at: timestamp(query.updatedAt),
    deleted_at: nullTime(null),
  };
}

/** A list item: the query and how it reaches the caller. */
export function presentScopedSavedQuery(query: ScopedSavedQuery): SavedQueryWire & { scope: string } {
  return { ...presentSavedQuery(query), scope: query.scope };
}

/** A permission row, as a share answers it. */
export function presentQueryPermission(row: QueryPermission) {
  return {
    shared_to_user_id: row.sharedToUserId,
    query_id: row.queryId,
    public: row.isPublic,
    id: row.id,
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
    deleted_at: nullTime(null),
  };
}

export function presentQueryPermissions(permissions: QueryPermissions) {
  return { query_id: permissions.queryId, public: permissions.isPublic, shared_to_user_ids: [...permissions.sharedTo] };
}
