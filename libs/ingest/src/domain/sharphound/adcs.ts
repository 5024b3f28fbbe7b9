import { readAce } from './aces.js';
import { endpoint } from './builder.js';
import { addWebEnrollmentProperties } from './ca-web-enrollment.js';
import { domainSidOf } from './account-edges.js';
import { asArray, asBoolean, asObject, asString, isCollected } from './json.js';
import { kindsOf } from './kinds.js';
import type { ObjectContext } from './object-context.js';
import { idEndpoint, typedPrincipal, typedPrincipals } from './principals.js';

const NOT_ACL = { isacl: false };
/** Rights the CA's own registry security descriptor is authoritative for, when it was collected. */
const CA_REGISTRY_RIGHTS = new Set(['ManageCA', 'ManageCertificates', 'Enroll']);

/** Root CAs and NTAuth stores: object → their domain (RootCAFor / NTAuthStoreFor). */
export function convertDomainScoped(ctx: ObjectContext, kind: 'RootCAFor' | 'NTAuthStoreFor'): void {
  const domainSid = domainSidOf(ctx);
  if (domainSid) ctx.out.edge(ctx.self, endpoint(domainSid, kindsOf('Domain')), kind, NOT_ACL);
}

/** Issuance policies linked to a group (ESC13): policy → group (OIDGroupLink), `grouplinkid` on the policy. */
export function convertIssuancePolicy(ctx: ObjectContext): void {
  const group = typedPrincipal(ctx.object.GroupLink);
  if (!group) return;
  ctx.properties.grouplinkid = group.objectid;
  ctx.out.edge(ctx.self, group, 'OIDGroupLink', NOT_ACL);
}

/**
 * Enterprise CAs: hosting computer → CA (HostsCAService), published templates → CA (PublishedTo), enrollment
 * agent restrictions (DelegatedEnrollmentAgent), the CA registry and web-enrollment properties. Returns the ACEs
 * to convert.
 */
export function convertEnterpriseCa(ctx: ObjectContext): unknown[] {
  const host = idEndpoint(ctx.object.HostingComputer, kindsOf('Computer'));
  if (host) ctx.out.edge(host, ctx.self, 'HostsCAService', NOT_ACL);
  const templates = typedPrincipals(ctx.object.EnabledCertTemplates);
  for (const template of templates) ctx.out.edge(template, ctx.self, 'PublishedTo', NOT_ACL);
  const registry = asObject(ctx.object.CARegistryData);
  convertEnrollmentAgents(ctx, asObject(registry?.EnrollmentAgentRestrictions), templates);
  for (const [field, property] of [['IsUserSpecifiesSanEnabled', 'isuserspecifiessanenabled'], ['RoleSeparationEnabled', 'roleseparationenabled']]) {
    const result = asObject(registry?.[field]);
    const value = asBoolean(result?.Value);
    if (isCollected(result) && value !== undefined) ctx.properties[property] = value;
  }
  addWebEnrollmentProperties(ctx.object.HttpEnrollmentEndpoints, ctx.properties);
  return caAces(ctx, asObject(registry?.CASecurity), host?.objectid);
}

function convertEnrollmentAgents(ctx: ObjectContext, restrictions: ReturnType<typeof asObject>, enabled: ReturnType<typeof typedPrincipals>): void {
  if (!isCollected(restrictions)) return;
  const list = asArray(restrictions?.Restrictions);
  ctx.properties.hasenrollmentagentrestrictions = list.length > 0;
  for (const value of list) {
    const restriction = asObject(value);
    if (asString(restriction?.AccessType) !== 'AccessAllowedCallback') continue;
    const agent = typedPrincipal(restriction?.Agent);
    if (!agent) continue;
    const targets = asBoolean(restriction?.AllTemplates) ? enabled : typedPrincipals([restriction?.Template]);
    for (const template of targets) ctx.out.edge(agent, template, 'DelegatedEnrollmentAgent', NOT_ACL);
  }
}

/**
 * When the CA's registry security descriptor was collected it decides ManageCA/ManageCertificates/Enroll (minus
 * ownership and the host's local groups, which are not directory principals); the object's own ACEs keep every
 * other right, and those three only for the hosting computer.
 */
function caAces(ctx: ObjectContext, security: ReturnType<typeof asObject>, hostId: string | undefined): unknown[] {
  const objectAces = asArray(ctx.object.Aces);
  if (!isCollected(security)) return objectAces;
  const registryAces = asArray(security?.Data).filter((value) => {
    const ace = readAce(value);
    if (!ace) return false;
    const localGroup = String(ace.principalType).toLowerCase() === 'localgroup' || (hostId !== undefined && ace.principal.startsWith(`${hostId}-`));
    return ace.right !== 'Owns' && !localGroup;
  });
  const kept = objectAces.filter((value) => {
    const ace = readAce(value);
    return !ace || !CA_REGISTRY_RIGHTS.has(ace.right) || ace.principal === hostId;
  });
  return [...kept, ...registryAces];
}
