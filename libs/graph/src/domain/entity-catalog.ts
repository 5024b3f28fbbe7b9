import { AD_ACL_EDGE_KINDS } from './kinds.js';

/**
 * The entity endpoints (GET /api/v2/{type}/{object_id} and its related lists), as data: which node kind each type
 * names, and how each related list is found from the entity. One evaluator (application/entity-lists.ts) answers
 * every list and every count from this table, so a list and its count in the entity panel never disagree.
 */

/** One step of a walk from the entity: a single hop, or the transitive closure over some edge kinds. */
export type WalkStep =
  /** `via`: only edges whose far node has one of these kinds. */
  | { hop: 'outbound' | 'inbound'; edges: readonly string[]; via?: readonly string[] }
  /**
   * Every node reached over one or more edges; with `withSeeds` the step's own start nodes stay in the set; with
   * `leaves`, only the reached nodes the closure could not expand further (the reference's terminal nodes).
   */
  | { closure: 'outbound' | 'inbound'; edges: readonly string[]; withSeeds?: boolean; leaves?: boolean; via?: readonly string[] }
  /** The union of what each of these walks reaches from the step's start nodes. */
  | { union: readonly (readonly WalkStep[])[] };

export interface RelatedList {
  /** The path segment: `/api/v2/{type}/{object_id}/{path}`; undefined for a count without a route. */
  path?: string;
  /** The key of its count in the entity's info (counts=true); undefined for a route without a count. */
  countKey?: string;
  /**
   * Where the walk starts: the entity itself (absent), or the nodes of these kinds in the entity's domain
   * (`domainsid` equal to the domain's `domainsid`, else its objectid).
   */
  inDomain?: readonly string[];
  /** The steps from the start set; the result is the last step's set, the entity itself left out. */
  walk: readonly WalkStep[];
  /** Only result nodes of one of these kinds (every kind when absent). */
  kinds?: readonly string[];
  /** Never result nodes of these kinds. */
  exceptKinds?: readonly string[];
  /** Only result nodes of another domain (a `domainsid` other than the entity's): foreign principals. */
  foreign?: boolean;
  /** false: type=graph is refused for this list (the reference has no path form of it). */
  graph?: false;
}

export interface EntityType {
  /** The path segment: `/api/v2/{path}/{object_id}`. */
  path: string;
  /** The kind the object must have (404 `node not found` otherwise). */
  kind: string;
  lists: readonly RelatedList[];
}

const ACL = AD_ACL_EDGE_KINDS;
const inbound = (...edges: string[]): WalkStep => ({ hop: 'inbound', edges });
const outbound = (...edges: string[]): WalkStep => ({ hop: 'outbound', edges });
const groupsOf: WalkStep = { closure: 'outbound', edges: ['MemberOf'] };
const withGroups: WalkStep = { closure: 'outbound', edges: ['MemberOf'], withSeeds: true };
const withMembers: WalkStep = { closure: 'inbound', edges: ['MemberOf'], withSeeds: true };
/** The principals below holders: groups are expanded to their members, only the leaves are kept. */
const leafMembers: WalkStep = { closure: 'inbound', edges: ['MemberOf'], withSeeds: true, leaves: true };

/** What the entity (and every group it belongs to) holds an `edge` over, among computers. */
const rightsOver = (path: string, countKey: string, edge: string): RelatedList => ({
  path, countKey, walk: [withGroups, outbound(edge)], kinds: ['Computer'],
});
/** The principals holding an `edge` over the entity, through nested groups (leaves only). */
const localGroup = (path: string, countKey: string, edge: string): RelatedList => ({
  path, countKey, walk: [inbound(edge), leafMembers],
});
/** Whoever holds an ACL edge over the entity, and every member (nested) of a holding group. */
const controllers: RelatedList = { path: 'controllers', countKey: 'controllers', walk: [inbound(...ACL), withMembers] };
const controllables: RelatedList = { path: 'controllables', countKey: 'controllables', walk: [withGroups, outbound(...ACL)] };
const memberships = (path: string, countKey = 'groupMembership'): RelatedList => ({ path, countKey, walk: [groupsOf] });
const principalRights: RelatedList[] = [
  rightsOver('admin-rights', 'adminRights', 'AdminTo'),
  rightsOver('rdp-rights', 'rdpRights', 'CanRDP'),
  rightsOver('dcom-rights', 'dcomRights', 'ExecuteDCOM'),
  rightsOver('ps-remote-rights', 'psRemoteRights', 'CanPSRemote'),
];
/**
 * The GPOs linked above an object: up its Contains chain through domains and OUs only (a container breaks it),
 * then the GPOs linked there. Blocked inheritance is not applied (docs/architecture.md, deviation 24).
 */
const enforcedGpos = (path: string | undefined, countKey: string): RelatedList => ({
  path, countKey,
  walk: [{ closure: 'inbound', edges: ['Contains'], withSeeds: true, via: ['Domain', 'OU'] }, inbound('GPLink')],
  kinds: ['GPO'],
});
const CA_ABOVE = ['HostsCAService', 'IssuedSignedBy', 'EnterpriseCAFor'];
const CA_BELOW = ['EnterpriseCAFor', 'TrustedForNTAuth', 'IssuedSignedBy', 'RootCAFor', 'NTAuthStoreFor'];
/** A CA's PKI hierarchy: above it over hosting and signing, and down its chain to the stores and domains it serves. */
const caPkiHierarchy: RelatedList = {
  path: 'pki-hierarchy', countKey: 'pki-hierarchy',
  walk: [{ union: [[{ closure: 'inbound', edges: CA_ABOVE }], [{ closure: 'outbound', edges: CA_BELOW }]] }],
};
const rootPkiHierarchy: RelatedList = { path: 'pki-hierarchy', countKey: 'pki-hierarchy', walk: [{ closure: 'inbound', edges: CA_ABOVE }] };
/** Everything reached inbound (or outbound) over `edges`, transitively. */
const reach = (path: string, countKey: string, direction: 'inbound' | 'outbound', edges: string[], kinds?: string[]): RelatedList => ({
  path, countKey, walk: [{ closure: direction, edges }], kinds,
});
const domainObjects = (path: string, kind: string): RelatedList => ({ path, countKey: path, inDomain: [kind], walk: [], graph: false });
/** Principals of other domains that hold `edges` over the domain's objects of `kind` (and members of holding groups). */
const foreignHolders = (path: string, countKey: string, kind: string, edges: readonly string[]): RelatedList => ({
  path, countKey, inDomain: [kind], walk: [inbound(...edges), withMembers], foreign: true,
});
/** Principals of other domains in the domain's groups, through nested membership. */
const foreignMembers = (path: string, countKey: string, kind: string): RelatedList => ({
  path, countKey, inDomain: ['Group'], walk: [{ closure: 'inbound', edges: ['MemberOf'] }], kinds: [kind], foreign: true,
});
/** The objects of `kind` below an OU (down its Contains tree). */
const contained = (path: string, kind: string): RelatedList => ({
  path, countKey: path, walk: [{ closure: 'outbound', edges: ['Contains'] }], kinds: [kind],
});
/** The objects a GPO applies to: the domains and OUs it is linked to, and everything below them. */
const gpoAffected = (path: string, countKey: string, kinds: string[], exceptKinds?: string[]): RelatedList => ({
  path, countKey,
  walk: [{ hop: 'outbound', edges: ['GPLink'], via: ['Domain', 'OU'] }, { closure: 'outbound', edges: ['Contains'], withSeeds: true }],
  kinds, exceptKinds,
});
const ADCS_ESCALATIONS = [
  'GoldenCert', 'ADCSESC1', 'ADCSESC3', 'ADCSESC4', 'ADCSESC6a', 'ADCSESC6b', 'ADCSESC9a', 'ADCSESC9b', 'ADCSESC10a', 'ADCSESC10b',
];

/** The reference's entity types and lists (registration of commit afc31ad, docs/architecture.md), count keys as it writes them. */
export const ENTITY_TYPES: readonly EntityType[] = [
  {
    path: 'base', kind: 'Base',
    lists: [controllables, { ...controllers, countKey: undefined }],
  },
  {
    path: 'users', kind: 'User',
    lists: [
      { path: 'sessions', countKey: 'sessions', walk: [inbound('HasSession')] },
      memberships('memberships'),
      ...principalRights,
      { path: 'sql-admin-rights', countKey: 'sqlAdmin', walk: [outbound('SQLAdmin')] },
      reach('constrained-delegation-rights', 'constrainedDelegation', 'outbound', ['AllowedToDelegate']),
      controllables,
      controllers,
      enforcedGpos(undefined, 'gpos'),
    ],
  },
  {
    path: 'computers', kind: 'Computer',
    lists: [
      { path: 'sessions', countKey: 'sessions', walk: [outbound('HasSession')] },
      localGroup('admin-users', 'adminUsers', 'AdminTo'),
      localGroup('rdp-users', 'rdpUsers', 'CanRDP'),
      localGroup('dcom-users', 'dcomUsers', 'ExecuteDCOM'),
      localGroup('ps-remote-users', 'psRemoteUsers', 'CanPSRemote'),
      { path: 'sql-admins', countKey: 'sqlAdminUsers', walk: [inbound('SQLAdmin')] },
      reach('constrained-users', 'constrainedUsers', 'inbound', ['AllowedToDelegate']),
      memberships('group-membership'),
      ...principalRights,
      // Served by its own handler (the seed's route, as it was); listed here for its count.
      reach('constrained-delegation-rights', 'constrainedPrivs', 'outbound', ['AllowedToDelegate']),
      controllables,
      controllers,
      enforcedGpos(undefined, 'gpos'),
    ],
  },
  {
    path: 'groups', kind: 'Group',
    lists: [
      {
        path: 'sessions', countKey: 'sessions',
        walk: [{ closure: 'inbound', edges: ['MemberOf'], withSeeds: true }, inbound('HasSession')], kinds: ['Computer'],
      },
      { path: 'members', countKey: 'members', walk: [{ closure: 'inbound', edges: ['MemberOf'] }] },
      memberships('memberships', 'membership'),
      ...principalRights,
      controllables,
      controllers,
    ],
  },
  {
    path: 'domains', kind: 'Domain',
    lists: [
      domainObjects('users', 'User'),
      domainObjects('groups', 'Group'),
      domainObjects('computers', 'Computer'),
      domainObjects('ous', 'OU'),
      domainObjects('gpos', 'GPO'),
      foreignMembers('foreign-users', 'foreignUsers', 'User'),
      foreignMembers('foreign-groups', 'foreignGroups', 'Group'),
      foreignHolders('foreign-admins', 'foreignAdmins', 'Computer', ['AdminTo']),
      foreignHolders('foreign-gpo-controllers', 'foreignGPOControllers', 'GPO', ACL),
      reach('inbound-trusts', 'inboundTrusts', 'inbound', ['SameForestTrust', 'CrossForestTrust'], ['Domain']),
      reach('outbound-trusts', 'outboundTrusts', 'outbound', ['SameForestTrust', 'CrossForestTrust'], ['Domain']),
      controllers,
      { path: 'dc-syncers', countKey: 'dcsyncers', walk: [inbound('DCSync')] },
      enforcedGpos('linked-gpos', 'linkedgpos'),
      reach('adcs-escalations', 'adcs-escalations', 'inbound', ADCS_ESCALATIONS),
    ],
  },
  {
    path: 'gpos', kind: 'GPO',
    lists: [
      gpoAffected('ous', 'ous', ['OU', 'Domain']),
      gpoAffected('computers', 'computers', ['Computer']),
      gpoAffected('users', 'users', ['User']),
      gpoAffected('tier-zero', 'tierzero', ['Tag_Tier_Zero'], ['Group']),
      controllers,
    ],
  },
  {
    path: 'ous', kind: 'OU',
    lists: [enforcedGpos('gpos', 'gpos'), contained('users', 'User'), contained('groups', 'Group'), contained('computers', 'Computer')],
  },
  { path: 'containers', kind: 'Container', lists: [controllers] },
  { path: 'aiacas', kind: 'AIACA', lists: [controllers, caPkiHierarchy] },
  { path: 'rootcas', kind: 'RootCA', lists: [controllers, rootPkiHierarchy] },
  {
    path: 'enterprisecas', kind: 'EnterpriseCA',
    lists: [controllers, caPkiHierarchy, reach('published-templates', 'published-templates', 'inbound', ['PublishedTo'])],
  },
  { path: 'ntauthstores', kind: 'NTAuthStore', lists: [controllers, reach('trusted-cas', 'trusted-cas', 'inbound', ['TrustedForNTAuth'])] },
  { path: 'certtemplates', kind: 'CertTemplate', lists: [controllers, reach('published-to-cas', 'published-to-cas', 'outbound', ['PublishedTo'])] },
  {
    path: 'issuancepolicies', kind: 'IssuancePolicy',
    lists: [
      controllers,
      { path: 'linkedtemplates', countKey: 'linkedTemplates', walk: [{ closure: 'inbound', edges: ['ExtendedByPolicy'], via: ['CertTemplate'] }] },
    ],
  },
  // The enterprise reference's meta nodes (its client's getMetaV2); no lists.
  { path: 'meta', kind: 'Meta', lists: [] },
];

/** Related lists served by a handler of their own (not the catalogue's generic one). */
export const OWN_HANDLER_LISTS = new Set(['computers/constrained-delegation-rights']);
