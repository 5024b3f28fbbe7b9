import type { EndpointRef } from '@app/graph';
import { endpoint } from './builder.js';
import { asArray, asObject, asString, isCollected, type JsonObject } from './json.js';
import { kindsOf } from './kinds.js';
import type { ObjectContext } from './object-context.js';
import { typedPrincipals } from './principals.js';

const NOT_ACL = { isacl: false };
const LOCAL_GROUP = kindsOf('ADLocalGroup');
/** SharpHound's name for a DC's "local" groups, which are really the domain's builtin groups: no node of their own. */
const IGNOREME = 'IGNOREME';
const DIRECT_ACCESS_USERS = 'DIRECT ACCESS USERS';

/** User rights SharpHound collects, by the edge kind each becomes (grantee → computer). */
const USER_RIGHT_EDGES: ReadonlyMap<string, string> = new Map([
  ['SeRemoteInteractiveLogonRight', 'RemoteInteractiveLogonRight'],
  ['SeBackupPrivilege', 'BackupPrivilege'],
  ['SeRestorePrivilege', 'RestorePrivilege'],
]);

/**
 * Computer `LocalGroups`: each collected group with members (or a Direct Access Users group, whose emptiness
 * matters for CanRDP) → LocalToComputer, members → MemberOfLocalGroup; the group becomes an ADLocalGroup node.
 */
export function convertLocalGroups(ctx: ObjectContext): void {
  for (const value of asArray(ctx.object.LocalGroups)) {
    const group = asObject(value);
    const id = asString(group?.ObjectIdentifier)?.trim();
    if (!group || !id || !isCollected(group)) continue;
    const name = asString(group.Name)?.toUpperCase();
    const members = typedPrincipals(group.Results);
    if (members.length === 0 && !name?.startsWith(DIRECT_ACCESS_USERS)) continue;
    if (name !== IGNOREME) ctx.out.node(id, LOCAL_GROUP, name === undefined ? {} : { name });
    const groupRef = endpoint(id, LOCAL_GROUP);
    ctx.out.edge(groupRef, ctx.self, 'LocalToComputer', NOT_ACL);
    for (const member of members) ctx.out.edge(member, groupRef, 'MemberOfLocalGroup', NOT_ACL);
    convertLocalNames(ctx, group);
  }
}

/**
 * Computer `UserRights`: grantee → computer per known right. Returns whether any right was collected: the
 * computer's `hasura`, which tells analysis that user-rights data exists (an empty collected list then means
 * nobody holds the right, rather than "unknown").
 */
export function convertUserRights(ctx: ObjectContext): boolean {
  let collected = false;
  for (const value of asArray(ctx.object.UserRights)) {
    const right = asObject(value);
    if (!right || !isCollected(right)) continue;
    collected = true;
    const kind = USER_RIGHT_EDGES.get(asString(right.Privilege) ?? '');
    if (kind === undefined) continue;
    for (const grantee of typedPrincipals(right.Results)) ctx.out.edge(grantee, ctx.self, kind, NOT_ACL);
    convertLocalNames(ctx, right);
  }
  return collected;
}

/** `LocalNames` ({ObjectIdentifier, PrincipalName}): local principals SharpHound could only name; Base nodes. */
function convertLocalNames(ctx: ObjectContext, result: JsonObject): void {
  for (const value of asArray(result.LocalNames)) {
    const local = asObject(value);
    const id = asString(local?.ObjectIdentifier)?.trim();
    const name = asString(local?.PrincipalName ?? local?.Name)?.toUpperCase();
    if (id) ctx.out.node(id, ['Base'], name === undefined ? {} : { name });
  }
}

/** The RID suffix of the local group each `GPOChanges` list fills. */
const GPO_CHANGE_GROUPS: ReadonlyArray<[field: string, rid: string]> = [
  ['LocalAdmins', '544'], ['RemoteDesktopUsers', '555'], ['DcomUsers', '562'], ['PSRemoteUsers', '580'],
];

/**
 * Domain/OU `GPOChanges`: group policy puts the listed principals into local groups of every affected computer;
 * the group `<computerSID>-<RID>` → LocalToComputer, each principal → MemberOfLocalGroup.
 */
export function convertGpoChanges(ctx: ObjectContext): void {
  const changes = asObject(ctx.object.GPOChanges);
  if (!changes) return;
  const computers = typedPrincipals(changes.AffectedComputers);
  for (const [field, rid] of GPO_CHANGE_GROUPS) {
    const members = typedPrincipals(changes[field]);
    if (members.length === 0) continue;
    for (const computer of computers) {
      const groupId = `${computer.objectid}-${rid}`;
      ctx.out.node(groupId, LOCAL_GROUP, {});
      const group: EndpointRef = endpoint(groupId, LOCAL_GROUP);
      ctx.out.edge(group, computer, 'LocalToComputer', NOT_ACL);
      for (const member of members) ctx.out.edge(member, group, 'MemberOfLocalGroup', NOT_ACL);
    }
  }
}
