import type { Properties } from '@app/graph';
import { endpoint } from './builder.js';
import { convertChildObjects, convertGpLinks } from './containment.js';
import { asArray, asBoolean, asObject, asString } from './json.js';
import { kindsOf } from './kinds.js';
import { convertGpoChanges } from './local-groups.js';
import type { ObjectContext } from './object-context.js';

const INTEGER_PROPERTIES = ['machineaccountquota', 'minpwdlength', 'pwdproperties', 'pwdhistorylength', 'lockoutthreshold'];
const BOOLEAN_PROPERTIES = ['expirepasswordsonsmartcardonlyaccounts'];
/** Trust types inside one forest; every other type crosses a forest boundary. */
const SAME_FOREST = new Set(['ParentChild', 'TreeRoot', 'CrossLink']);

/**
 * Domain-specific properties and edges: policy coercions, containment, GPO links and changes, trusts.
 * `ForestRootIdentifier` is not read: BloodHound's ingest model has no such field and stores neither a property
 * nor an edge for it.
 */
export function convertDomain(ctx: ObjectContext): void {
  coerceProperties(ctx.properties);
  convertChildObjects(ctx);
  convertGpLinks(ctx);
  convertGpoChanges(ctx);
  for (const trust of asArray(ctx.object.Trusts)) convertTrust(ctx, asObject(trust));
}

/** Collectors write some policy values as strings; analysis compares them as numbers/booleans. */
function coerceProperties(properties: Properties): void {
  for (const name of INTEGER_PROPERTIES) {
    if (!(name in properties)) continue;
    const value = properties[name];
    const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    if (typeof number === 'number' && Number.isInteger(number)) properties[name] = number;
    else delete properties[name];
  }
  for (const name of BOOLEAN_PROPERTIES) {
    if (!(name in properties)) continue;
    const value = properties[name];
    const flag = typeof value === 'string' ? { true: true, false: false, '1': true, '0': false }[value.trim().toLowerCase()] : value;
    if (typeof flag === 'boolean') properties[name] = flag;
    else if (flag === 1 || flag === 0) properties[name] = flag === 1;
    else delete properties[name];
  }
}

/**
 * A trust makes the target a Domain node (named only) and trust edges in the direction(s) of trust; cross-forest
 * trusts add the abuse edges their settings allow (TGT delegation inbound, SID history without filtering outbound).
 */
function convertTrust(ctx: ObjectContext, trust: ReturnType<typeof asObject>): void {
  const targetSid = asString(trust?.TargetDomainSid)?.trim();
  if (!trust || !targetSid) return;
  const name = asString(trust.TargetDomainName)?.toUpperCase();
  ctx.out.node(targetSid, kindsOf('Domain'), name === undefined ? {} : { name });
  const target = endpoint(targetSid, kindsOf('Domain'));
  const direction = asString(trust.TrustDirection) ?? '';
  const trustType = asString(trust.TrustType) ?? 'Unknown';
  const sameForest = SAME_FOREST.has(trustType);
  const kind = sameForest ? 'SameForestTrust' : 'CrossForestTrust';
  const transitive = asBoolean(trust.IsTransitive) ?? false;
  const sidFiltering = asBoolean(trust.SidFilteringEnabled) ?? false;
  const attributes = typeof trust.TrustAttributes === 'number' ? trust.TrustAttributes : undefined;
  const tgtDelegation = asBoolean(trust.TGTDelegationEnabled);
  const inbound = direction === 'Inbound' || direction === 'Bidirectional';
  const outbound = direction === 'Outbound' || direction === 'Bidirectional';
  if (inbound) {
    const properties: Properties = { isacl: false, trusttype: trustType, transitive };
    if (attributes !== undefined) properties.trustattributesinbound = attributes;
    if (tgtDelegation !== undefined) properties.tgtdelegation = tgtDelegation;
    ctx.out.edge(target, ctx.self, kind, properties);
    if (!sameForest && tgtDelegation === true) ctx.out.edge(target, ctx.self, 'AbuseTGTDelegation', { isacl: false });
  }
  if (outbound) {
    const properties: Properties = { isacl: false, trusttype: trustType, transitive, spoofsidhistoryblocked: sidFiltering };
    if (attributes !== undefined) properties.trustattributesoutbound = attributes;
    ctx.out.edge(ctx.self, target, kind, properties);
    if (!sameForest && !sidFiltering) ctx.out.edge(target, ctx.self, 'SpoofSIDHistory', { isacl: false });
  }
}
