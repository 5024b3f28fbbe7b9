/** A user's stored Cypher query. Names are unique per owner. */
export interface SavedQuery {
  id: number;
  /** The owner. */
  userId: string;
  name: string;
  query: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Which queries a list or an export covers, seen from the caller. */
export type SavedQueryScope = 'owned' | 'shared' | 'public' | 'all';

/** How a listed query reaches the caller: theirs, shared to them, or public. */
export type QueryReach = Exclude<SavedQueryScope, 'all'>;

/** A query with how it reaches the caller (list items). */
export interface ScopedSavedQuery extends SavedQuery {
  scope: QueryReach;
}

export const SAVED_QUERY_SCOPES: readonly SavedQueryScope[] = ['owned', 'shared', 'public', 'all'];

/** The scope a parameter names (case-insensitive, as the reference matches it); null for any other value. */
export function scopeOf(value: string): SavedQueryScope | null {
  const scope = value.toLowerCase();
  return (SAVED_QUERY_SCOPES as readonly string[]).includes(scope) ? (scope as SavedQueryScope) : null;
}

/** What a create or an import stores; an update changes only the non-empty fields. */
export interface SavedQueryDraft {
  name: string;
  query: string;
  description: string;
}

/** Who is asking: an admin is a caller who may manage users (auth:ManageUsers). */
export interface QueryCaller {
  userId: string;
  isAdmin: boolean;
}

/** Who else may read a query: everyone (public) or the users it is shared to (never both). */
export interface QuerySharing {
  isPublic: boolean;
  sharedTo: readonly string[];
}

/** A permission row: the query made public, or shared to one user. */
export interface QueryPermission {
  id: number;
  queryId: number;
  sharedToUserId: string | null;
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
}
