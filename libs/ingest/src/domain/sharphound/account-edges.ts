import type { EndpointRef } from '@app/graph';
import { checkId, MAX_INDEXED_BYTES } from '../storable.js';
import { endpoint } from './builder.js';
import { asArray, asBoolean, asObject, asString } from './json.js';
import { kindsOf } from './kinds.js';
import type { ObjectContext } from './object-context.js';
import { idEndpoint, typedPrincipals } from './principals.js';

const NOT_ACL = { isacl: false };
const DN_PREFIX = 'DN=';
/** SPN target services SharpHound resolves, each an edge kind (a file must not pick arbitrary kinds). */
const SPN_SERVICES: ReadonlySet<string> = new Set(['SQLAdmin']);

/** Group `Members`: member → group. A `DN=` member is matched by distinguishedname (SharpHound could not resolve it). */
export function convertMembers(ctx: ObjectContext): void {
  for (const value of asArray(ctx.object.Members)) {
    const member = memberEndpoint(value);
    if (member) ctx.out.edge(member, ctx.self, 'MemberOf', { isacl: false, isprimarygroup: false });
  }
}

function memberEndpoint(value: unknown): EndpointRef | undefined {
  const id = asString(asObject(value)?.ObjectIdentifier)?.trim();
  if (!id) return undefined;
  if (id.toUpperCase().startsWith(DN_PREFIX)) {
    const dn = id.slice(DN_PREFIX.length).trim();
    if (!dn) return undefined;
    return { objectid: checkId(dn.toUpperCase(), 'member distinguishedname', MAX_INDEXED_BYTES), kinds: [], matchBy: 'distinguishedname' };
  }
  checkId(id, 'member ObjectIdentifier');
  return typedPrincipals([value])[0];
}

/** `PrimaryGroupSID` of users and computers: object → group, flagged as the primary group. */
export function convertPrimaryGroup(ctx: ObjectContext): void {
  const group = idEndpoint(ctx.object.PrimaryGroupSID, kindsOf('Group'));
  if (group) ctx.out.edge(ctx.self, group, 'MemberOf', { isacl: false, isprimarygroup: true });
}

/** Edges from this object to each TypedPrincipal of a list field (HasSIDHistory, AllowedToDelegate, ...). */
export function convertOutgoing(ctx: ObjectContext, field: string, kind: string): void {
  for (const target of typedPrincipals(ctx.object[field])) ctx.out.edge(ctx.self, target, kind, NOT_ACL);
}

/** Edges from each TypedPrincipal of a list field to this object (AllowedToAct). */
export function convertIncoming(ctx: ObjectContext, field: string, kind: string): void {
  for (const source of typedPrincipals(ctx.object[field])) ctx.out.edge(source, ctx.self, kind, NOT_ACL);
}

/** The object's domain SID: top-level `DomainSID` (newer SharpHound) or `Properties.domainsid` (v5, older v6). */
export function domainSidOf(ctx: ObjectContext): string | undefined {
  const sid = asString(ctx.object.DomainSID) ?? asString(ctx.properties.domainsid);
  return sid?.trim().toUpperCase() || undefined;
}

/**
 * Unconstrained delegation outside the domain controllers lets the account be coerced into handing over a TGT:
 * CoerceToTGT → its domain. The flag is top-level in newer SharpHound, only in Properties before.
 */
export function convertCoerceToTgt(ctx: ObjectContext, isDc: boolean): void {
  const unconstrained = asBoolean(ctx.object.UnconstrainedDelegation) ?? ctx.properties.unconstraineddelegation === true;
  const domainSid = domainSidOf(ctx);
  if (unconstrained && !isDc && domainSid) ctx.out.edge(ctx.self, endpoint(domainSid, kindsOf('Domain')), 'CoerceToTGT', NOT_ACL);
}

/** User `SPNTargets`: user → computer with the service's edge kind (SQLAdmin), property `port`. */
export function convertSpnTargets(ctx: ObjectContext): void {
  for (const value of asArray(ctx.object.SPNTargets)) {
    const target = asObject(value);
    const computer = idEndpoint(target?.ComputerSID, kindsOf('Computer'));
    const service = asString(target?.Service);
    if (!computer || !service) continue;
    if (!SPN_SERVICES.has(service)) {
      ctx.out.warn(`unknown SPN target service "${service}" dropped`);
      continue;
    }
    const port = typeof target?.Port === 'number' ? target.Port : undefined;
    ctx.out.edge(ctx.self, computer, service, port === undefined ? NOT_ACL : { isacl: false, port });
  }
}
