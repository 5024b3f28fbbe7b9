import { ACE_RIGHT_EDGE_KINDS, type EndpointRef, type Properties } from '@app/graph';
import { checkId } from '../storable.js';
import { endpoint } from './builder.js';
import { asBoolean, asObject, asString } from './json.js';
import { stubKinds } from './kinds.js';
import type { ObjectContext } from './object-context.js';

/** RightNames that become ACL edges of the same name (ingest-reference §3): the catalogue's ACE rights. */
const ACL_RIGHTS: ReadonlySet<string> = new Set(ACE_RIGHT_EDGE_KINDS);

export interface Ace {
  principal: string;
  principalType: unknown;
  right: string;
  inherited: boolean;
  inheritanceHash?: string;
}

export function readAce(value: unknown): Ace | undefined {
  const ace = asObject(value);
  const principal = asString(ace?.PrincipalSID)?.trim();
  const right = asString(ace?.RightName);
  if (!ace || !principal || !right) return undefined;
  return {
    principal: checkId(principal.toUpperCase(), 'ACE PrincipalSID'), principalType: ace.PrincipalType, right,
    inherited: asBoolean(ace.IsInherited) ?? false, inheritanceHash: asString(ace.InheritanceHash),
  };
}

/** The OWNER RIGHTS well-known SID, written bare or domain-prefixed (`DOMAIN-S-1-3-4`). */
function isOwnerRights(sid: string): boolean {
  return sid === 'S-1-3-4' || sid.endsWith('-S-1-3-4');
}

/**
 * Turns ACEs into edges principal → object. Self-ACEs are dropped; unknown rights are dropped with a warning.
 * Ownership is not abusable as such when OWNER RIGHTS restricts it, so Owns/WriteOwner become the non-traversable
 * OwnsRaw/WriteOwnerRaw (analysis decides) or the LimitedRights kinds when OWNER RIGHTS ACEs are present.
 */
export function convertAces(ctx: ObjectContext, values: readonly unknown[]): void {
  const owners: Ace[] = [];
  const writeOwners: Ace[] = [];
  const ownerRights: Ace[] = [];
  for (const value of values) {
    const ace = readAce(value);
    if (!ace) {
      ctx.out.warn('malformed ACE dropped');
      continue;
    }
    if (ace.right === 'Owns' && ctx.properties.ownersid === undefined) ctx.properties.ownersid = ace.principal;
    if (ace.principal === ctx.id) continue;
    if (!ACL_RIGHTS.has(ace.right)) {
      ctx.out.warn(`unknown ACE right name "${ace.right}" dropped`);
      continue;
    }
    if (isOwnerRights(ace.principal)) ownerRights.push(ace);
    else if (ace.right === 'Owns') owners.push(ace);
    else if (ace.right === 'WriteOwner') writeOwners.push(ace);
    else ctx.out.edge(principalOf(ace), ctx.self, ace.right, aceProperties(ace));
  }
  convertOwnership(ctx, owners, writeOwners, ownerRights);
}

function convertOwnership(ctx: ObjectContext, owners: Ace[], writeOwners: Ace[], ownerRights: Ace[]): void {
  if (ownerRights.length > 0) {
    const privileges = [...new Set(ownerRights.map((ace) => ace.right))].sort();
    const inheritedRestriction = ownerRights.some((ace) => ace.inherited);
    for (const ace of owners) ctx.out.edge(principalOf(ace), ctx.self, 'OwnsLimitedRights', { ...aceProperties(ace), privileges });
    for (const ace of writeOwners) {
      if (inheritedRestriction) {
        ctx.out.edge(principalOf(ace), ctx.self, 'WriteOwnerLimitedRights', { ...aceProperties(ace), privileges });
      } else {
        ctx.out.edge(principalOf(ace), ctx.self, 'WriteOwnerRaw', aceProperties(ace));
      }
    }
    return;
  }
  // Newer collectors summarise OWNER RIGHTS ACEs they did not emit: non-abusable rights for the owner remove the
  // implicit owner rights; inherited ones survive an owner change, so WriteOwner grants nothing either.
  if (ctx.properties.doesanyacegrantownerrights !== true) {
    for (const ace of owners) ctx.out.edge(principalOf(ace), ctx.self, 'OwnsRaw', aceProperties(ace));
  }
  if (ctx.properties.doesanyinheritedacegrantownerrights !== true) {
    for (const ace of writeOwners) ctx.out.edge(principalOf(ace), ctx.self, 'WriteOwnerRaw', aceProperties(ace));
  }
}

function principalOf(ace: Ace): EndpointRef {
  return endpoint(ace.principal, stubKinds(ace.principalType));
}

function aceProperties(ace: Ace): Properties {
  const properties: Properties = { isacl: true, isinherited: ace.inherited };
  if (ace.inheritanceHash !== undefined) properties.inheritancehash = ace.inheritanceHash;
  return properties;
}
