import type { QueryCaller, QuerySharing, SavedQuery } from './saved-query.js';

// Who may do what with a saved query (the reference's rules, compat notes in routes-misc A.4-A.7). An admin holds
// auth:ManageUsers: they may read any query, and update, delete or un-publish a public one, but not edit another
// user's private query.

type Owned = Pick<SavedQuery, 'userId'>;

const owns = (query: Owned, caller: QueryCaller) => query.userId === caller.userId;

/** The owner, an admin, anyone for a public query, and the users it is shared to. */
export function canRead(query: Owned, sharing: QuerySharing, caller: QueryCaller): boolean {
  return owns(query, caller) || caller.isAdmin || sharing.isPublic || sharing.sharedTo.includes(caller.userId);
}

/** The owner; an admin for a public query. Updates and deletes follow the same rule. */
export function canChange(query: Owned, sharing: QuerySharing, caller: QueryCaller): boolean {
  return owns(query, caller) || (caller.isAdmin && sharing.isPublic);
}

/** The owner, an admin, and anyone for a public query, may see who a query is shared to. */
export function canSeeSharing(query: Owned, sharing: QuerySharing, caller: QueryCaller): boolean {
  return owns(query, caller) || caller.isAdmin || sharing.isPublic;
}

/** A sharing change: make public, or share to users (none: make private and unshare everyone). */
export interface ShareRequest {
  isPublic: boolean;
  userIds: readonly string[];
}

export type ShareVerdict = 'allowed' | 'forbidden' | 'self-share' | 'public-share';

/**
 * Whether the caller may make this sharing change (the reference's CanUpdateSavedQueriesPermission). The owner of
 * a private query may publish it or share it to others; only an admin may un-publish (user_ids empty) a public
 * query, theirs or not, and nobody may share a public query to users before making it private.
 */
export function shareVerdict(query: Owned, sharing: QuerySharing, caller: QueryCaller, request: ShareRequest): ShareVerdict {
  const owner = owns(query, caller);
  const toSelf = request.userIds.includes(caller.userId);
  if (caller.isAdmin) {
    if (request.isPublic && owner) return 'allowed';
    if (request.userIds.length === 0) return owner || sharing.isPublic ? 'allowed' : 'forbidden';
    if (request.isPublic) return 'forbidden';
    if (sharing.isPublic) return 'public-share';
    if (!owner) return 'forbidden';
    return toSelf ? 'self-share' : 'allowed';
  }
  if (!owner || sharing.isPublic) return 'forbidden';
  return toSelf ? 'self-share' : 'allowed';
}

export type UnshareVerdict = 'allowed' | 'forbidden' | 'not-shared-to-self';

/**
 * Whether the caller may remove these users' shares (none: every permission of the query). A user the query is
 * shared to may remove their own share; every other removal needs the owner or an admin. (The reference skips the
 * owner check whenever the caller names themselves, which would let them unshare others too.)
 */
export function unshareVerdict(
  query: Owned, sharing: QuerySharing, caller: QueryCaller, userIds: readonly string[],
): UnshareVerdict {
  if (userIds.includes(caller.userId) && !sharing.sharedTo.includes(caller.userId)) return 'not-shared-to-self';
  const others = userIds.length === 0 || userIds.some((id) => id !== caller.userId);
  return others && !owns(query, caller) && !caller.isAdmin ? 'forbidden' : 'allowed';
}
