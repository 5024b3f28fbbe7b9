import {
  ACE_RIGHT_EDGE_KINDS, AZURE_EDGE_KINDS, AZURE_NODE_KINDS, POST_PROCESSED_EDGE_KINDS,
  type EdgeRule, type ObjectRule, type ReconcilePlan, type Scope,
} from '@app/graph';
import type { CollectorType, SharpHoundType } from './collector-types.js';
import type { ComputerListFamily, FileScope } from './collection-scope.js';

/** SharpHound's CollectionMethod bits (SharpHoundCommon `CollectionMethod`). */
const METHOD = {
  group: 1, localAdmin: 1 << 1, session: 1 << 3, loggedOn: 1 << 4, trusts: 1 << 5, acl: 1 << 6, container: 1 << 7,
  rdp: 1 << 8, objectProps: 1 << 9, dcom: 1 << 12, spnTargets: 1 << 13, psRemote: 1 << 14, userRights: 1 << 15,
  certServices: 1 << 18,
} as const;
const LOCAL_GROUPS = METHOD.localAdmin | METHOD.rdp | METHOD.dcom | METHOD.psRemote;

/** The node kind of each SharpHound object file. */
const OBJECT_KIND: Partial<Record<SharpHoundType, string>> = {
  users: 'User', groups: 'Group', computers: 'Computer', domains: 'Domain', gpos: 'GPO', ous: 'OU',
  containers: 'Container', aiacas: 'AIACA', rootcas: 'RootCA', enterprisecas: 'EnterpriseCA',
  ntauthstores: 'NTAuthStore', certtemplates: 'CertTemplate', issuancepolicies: 'IssuancePolicy',
};

const POST_PROCESSED = new Set(POST_PROCESSED_EDGE_KINDS);
/** What ACEs become at ingest (analysis turns the Raw kinds into Owns/WriteOwner). */
const ACE_KINDS = [
  ...ACE_RIGHT_EDGE_KINDS.filter((kind) => !POST_PROCESSED.has(kind)),
  'OwnsRaw', 'WriteOwnerRaw', 'OwnsLimitedRights', 'WriteOwnerLimitedRights',
];
const TRUST_KINDS = ['SameForestTrust', 'CrossForestTrust', 'AbuseTGTDelegation', 'SpoofSIDHistory'];
const USER_RIGHT_KINDS = ['RemoteInteractiveLogonRight', 'BackupPrivilege', 'RestorePrivilege'];
const AZURE_COLLECTED_EDGES = AZURE_EDGE_KINDS.filter((kind) => !POST_PROCESSED.has(kind));

/**
 * One family of edges an object's record lists completely when a collection method ran: `types` are the files whose
 * records list them, `owner` the end that record is (issue 18). Families are taken from the converters
 * (`sharphound/*.ts`); an edge two records report (Contains from a parent's ChildObjects and a child's ContainedBy)
 * survives when either of them reported it again, as both refresh its `lastseen`.
 */
interface Family {
  name: string;
  method: number;
  types: readonly SharpHoundType[];
  kinds: readonly string[];
  owner: EdgeRule['owner'];
  primaryGroup?: boolean;
  /** Owners whose list was not read stay out (computers SharpHound could not reach). */
  listOf?: ComputerListFamily;
}

const CONTAINED: readonly SharpHoundType[] = [
  'users', 'groups', 'computers', 'ous', 'containers', 'aiacas', 'rootcas', 'enterprisecas', 'ntauthstores',
  'certtemplates', 'issuancepolicies',
];
const ALL_OBJECTS = Object.keys(OBJECT_KIND) as SharpHoundType[];

// Local group members go before LocalToComputer: they are found through it.
const FAMILIES: readonly Family[] = [
  { name: 'acl', method: METHOD.acl, types: ALL_OBJECTS, kinds: ACE_KINDS, owner: 'end' },
  { name: 'members', method: METHOD.group, types: ['groups'], kinds: ['MemberOf'], owner: 'end', primaryGroup: false },
  { name: 'primaryGroup', method: METHOD.group, types: ['users', 'computers'], kinds: ['MemberOf'], owner: 'start', primaryGroup: true },
  { name: 'containedBy', method: METHOD.container, types: CONTAINED, kinds: ['Contains'], owner: 'end' },
  { name: 'childObjects', method: METHOD.container, types: ['domains', 'ous', 'containers'], kinds: ['Contains'], owner: 'start' },
  { name: 'gpLinks', method: METHOD.container, types: ['domains', 'ous'], kinds: ['GPLink'], owner: 'end' },
  { name: 'trusts', method: METHOD.trusts, types: ['domains'], kinds: TRUST_KINDS, owner: 'start' },
  { name: 'trusts', method: METHOD.trusts, types: ['domains'], kinds: TRUST_KINDS, owner: 'end' },
  { name: 'accountProperties', method: METHOD.objectProps, types: ['users', 'groups', 'computers'],
    kinds: ['HasSIDHistory', 'AllowedToDelegate', 'DumpSMSAPassword', 'DCFor', 'CoerceToTGT'], owner: 'start' },
  { name: 'allowedToAct', method: METHOD.objectProps, types: ['computers'], kinds: ['AllowedToAct'], owner: 'end' },
  { name: 'spnTargets', method: METHOD.spnTargets, types: ['users'], kinds: ['SQLAdmin'], owner: 'start' },
  { name: 'sessions', method: METHOD.session | METHOD.loggedOn, types: ['computers'], kinds: ['HasSession'], owner: 'start', listOf: 'sessions' },
  { name: 'localGroups', method: LOCAL_GROUPS, types: ['computers'], kinds: ['MemberOfLocalGroup'], owner: 'localGroup', listOf: 'localGroups' },
  { name: 'localGroups', method: LOCAL_GROUPS, types: ['computers'], kinds: ['LocalToComputer'], owner: 'end', listOf: 'localGroups' },
  { name: 'userRights', method: METHOD.userRights, types: ['computers'], kinds: USER_RIGHT_KINDS, owner: 'end', listOf: 'userRights' },
  { name: 'certServices', method: METHOD.certServices, types: ['rootcas'], kinds: ['RootCAFor'], owner: 'start' },
  { name: 'certServices', method: METHOD.certServices, types: ['ntauthstores'], kinds: ['NTAuthStoreFor'], owner: 'start' },
  { name: 'certServices', method: METHOD.certServices, types: ['issuancepolicies'], kinds: ['OIDGroupLink'], owner: 'start' },
  { name: 'certServices', method: METHOD.certServices, types: ['enterprisecas'], kinds: ['HostsCAService', 'PublishedTo'], owner: 'end' },
];

/**
 * The reconciliation of one collection (the files of one upload job, or of one CLI run) with the graph:
 *
 * - It covers the domains whose domain object it reported (a `domains` file) and the tenants AzureHound marked
 *   collected. A collection of one OU, or of sessions alone, reports no domain object: it removes nothing.
 * - Objects of a file type leave when their file was read in full with ObjectProps (LDAP enumeration of every
 *   object) and did not report them.
 * - An edge family leaves where its owner was reported by a file whose methods collect that family.
 * - A file that failed removes nothing of its type; one that could not be read at all stops the whole plan, as
 *   nobody knows what it held. Files without `meta.methods` (0) remove nothing.
 *
 * Undefined when nothing can be removed.
 */
export function planReconciliation(files: readonly FileScope[]): ReconcilePlan | undefined {
  if (files.length === 0 || files.some((file) => file.failed && file.type === undefined)) return undefined;
  const since = files.map((file) => file.seenAt).reduce((a, b) => (a < b ? a : b));
  const failedTypes = new Set(files.filter((file) => file.failed).map((file) => file.type));
  const usable = files.filter((file) => !file.failed && !failedTypes.has(file.type));
  const domains = scopeOf('domainsid', usable.filter((file) => file.type === 'domains'));
  const tenants = scopeOf('tenantid', usable.filter((file) => file.type === 'azure'));
  const plan: ReconcilePlan = { since, edges: [], objects: [] };
  if (domains.values.length > 0) addSharpHoundRules(plan, usable, domains);
  if (tenants.values.length > 0) addAzureRules(plan, tenants);
  return plan.edges.length + plan.objects.length > 0 ? plan : undefined;
}

function addSharpHoundRules(plan: ReconcilePlan, files: readonly FileScope[], scope: Scope): void {
  const byType = new Map<CollectorType | undefined, FileScope[]>();
  for (const file of files) byType.set(file.type, [...(byType.get(file.type) ?? []), file]);
  // Families first (in FAMILIES order, which matters for local groups), then objects.
  for (const family of FAMILIES) {
    const ownerKinds = family.types.filter((type) => (byType.get(type) ?? []).some((file) => (file.methods & family.method) !== 0))
      .map((type) => OBJECT_KIND[type] as string);
    if (ownerKinds.length === 0) continue;
    const rule: EdgeRule = { family: family.name, kinds: [...family.kinds], owner: family.owner, ownerKinds, scope };
    if (family.primaryGroup !== undefined) rule.primaryGroup = family.primaryGroup;
    if (family.listOf) rule.exceptOwners = files.flatMap((file) => file.uncollected[family.listOf as ComputerListFamily] ?? []);
    plan.edges.push(rule);
  }
  const objectKinds = [...byType].filter(([type, list]) => type !== undefined && OBJECT_KIND[type as SharpHoundType]
    && list.some((file) => (file.methods & METHOD.objectProps) !== 0)).map(([type]) => OBJECT_KIND[type as SharpHoundType] as string);
  if (objectKinds.length > 0) plan.objects.push({ kinds: objectKinds, scope } satisfies ObjectRule);
}

/** AzureHound collects a tenant whole: its objects and every edge it collects, from either end. */
function addAzureRules(plan: ReconcilePlan, scope: Scope): void {
  for (const owner of ['start', 'end'] as const) {
    plan.edges.push({ family: 'azure', kinds: [...AZURE_COLLECTED_EDGES], owner, ownerKinds: [...AZURE_NODE_KINDS], scope });
  }
  plan.objects.push({ kinds: [...AZURE_NODE_KINDS], scope });
}

function scopeOf(property: Scope['property'], files: readonly FileScope[]): Scope {
  return { property, values: [...new Set(files.flatMap((file) => file.covers))].sort() };
}
