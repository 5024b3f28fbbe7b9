// Which entity endpoint describes a node, and which related lists its panel shows: the server's catalogues
// (libs/graph/src/domain/entity-catalog.ts and azure-entity-catalog.ts) as the panel needs them, names made human.
import type { RequestOptions } from '../api/client';

/** An AD entity (GET /api/v2/{type}/{id}) or an Azure one (GET /api/v2/azure/{type}?object_id=). */
export interface EntityRoute {
  platform: 'ad' | 'azure';
  type: string;
}

/** One related list of a panel. */
export interface PanelList {
  label: string;
  /** Key of its count in the entity's info (dotted keys nest, Azure's `Readers.KeyReaders`); none: count unknown. */
  countKey?: string;
  /** AD: the list's path segment; Azure: its related_entity_type. None: a count without a list route. */
  path?: string;
  /** false: the API has no graph form of this list (type=graph answers 400). */
  graph?: false;
}

const AD_TYPES: Readonly<Record<string, string>> = {
  User: 'users', Computer: 'computers', Group: 'groups', Domain: 'domains', OU: 'ous', GPO: 'gpos',
  Container: 'containers', AIACA: 'aiacas', RootCA: 'rootcas', EnterpriseCA: 'enterprisecas', NTAuthStore: 'ntauthstores',
  CertTemplate: 'certtemplates', IssuancePolicy: 'issuancepolicies', Meta: 'meta',
};

const AZURE_TYPES: Readonly<Record<string, string>> = {
  AZUser: 'users', AZGroup: 'groups', AZTenant: 'tenants', AZManagementGroup: 'management-groups',
  AZSubscription: 'subscriptions', AZResourceGroup: 'resource-groups', AZVM: 'vms', AZDevice: 'devices',
  AZKeyVault: 'key-vaults', AZServicePrincipal: 'service-principals', AZApp: 'applications', AZRole: 'roles',
  AZManagedCluster: 'managed-clusters', AZContainerRegistry: 'container-registries', AZWebApp: 'web-apps',
  AZLogicApp: 'logic-apps', AZAutomationAccount: 'automation-accounts', AZFunctionApp: 'function-apps',
  AZVMScaleSet: 'vm-scale-sets',
};

/**
 * The endpoint of a node from its kind (else the first of its kinds with one): AD kinds their type, Azure kinds
 * theirs (az-base for other AZBase nodes), other AD nodes `base`. Null when no endpoint would find the node (the
 * entity endpoints answer 404 for an object of another kind).
 */
export function entityRouteOf(kind: string | undefined, kinds: readonly string[] = []): EntityRoute | null {
  for (const candidate of [kind, ...kinds]) {
    if (!candidate) continue;
    // Own keys only: a kind named "constructor" or "__proto__" (collected data) is no entity type.
    if (Object.hasOwn(AD_TYPES, candidate)) return { platform: 'ad', type: AD_TYPES[candidate] };
    if (Object.hasOwn(AZURE_TYPES, candidate)) return { platform: 'azure', type: AZURE_TYPES[candidate] };
  }
  const all = [kind, ...kinds];
  if (all.includes('AZBase')) return { platform: 'azure', type: 'az-base' };
  if (all.includes('Base')) return { platform: 'ad', type: 'base' };
  // Only the kind is known (a search result): an AZ kind is an Azure node, anything else an AD one.
  if (kinds.length === 0 && kind) return kind.startsWith('AZ') ? { platform: 'azure', type: 'az-base' } : { platform: 'ad', type: 'base' };
  return null;
}

export interface ApiCall {
  path: string;
  query: NonNullable<RequestOptions['query']>;
}

/** An object id no entity call can carry. */
export class UnusableObjectId extends Error {
  constructor(objectId: string) {
    super(objectId === '' ? 'This node has no object id.' : `The object id "${objectId}" cannot be looked up.`);
  }
}

/**
 * The object id as a path segment. Empty, "." and ".." are refused: encodeURIComponent leaves dots as they are and
 * URL resolution would collapse the path (/api/v2/users/.. is /api/v2/), calling another route.
 */
function idSegment(objectId: string): string {
  if (objectId === '' || objectId === '.' || objectId === '..') throw new UnusableObjectId(objectId);
  return encodeURIComponent(objectId);
}

/** The Azure object id (a query parameter: an empty one would be left out of the URL). */
function azureId(objectId: string): string {
  if (objectId === '') throw new UnusableObjectId(objectId);
  return objectId;
}

/** The entity's info with its counts. Throws UnusableObjectId for an id no call can carry. */
export function infoCall(route: EntityRoute, objectId: string): ApiCall {
  if (route.platform === 'azure') return { path: `/api/v2/azure/${route.type}`, query: { object_id: azureId(objectId), counts: true } };
  return { path: `/api/v2/${route.type}/${idSegment(objectId)}`, query: { counts: true } };
}

/** One page of a related list (`type=list`), or its graph (`type=graph`). Throws UnusableObjectId as infoCall. */
export function listCall(
  route: EntityRoute, list: PanelList, objectId: string, page: { skip: number; limit: number; type: 'list' | 'graph' },
): ApiCall {
  const paging = { skip: page.skip, limit: page.limit, type: page.type };
  if (route.platform === 'azure') {
    return { path: `/api/v2/azure/${route.type}`, query: { object_id: azureId(objectId), related_entity_type: list.path, ...paging } };
  }
  return { path: `/api/v2/${route.type}/${idSegment(objectId)}/${list.path}`, query: paging };
}

// AD lists, by their route segment (the catalogue's), and the lists a type shows.
const ad = (path: string | undefined, countKey: string | undefined, label: string, graph?: false): PanelList =>
  ({ label, path, countKey, ...(graph === false ? { graph } : {}) });
const INBOUND_CONTROL = ad('controllers', 'controllers', 'Inbound object control');
const OUTBOUND_CONTROL = ad('controllables', 'controllables', 'Outbound object control');
const principalRights = [
  ad('admin-rights', 'adminRights', 'Local admin rights'),
  ad('rdp-rights', 'rdpRights', 'RDP rights'),
  ad('dcom-rights', 'dcomRights', 'DCOM rights'),
  ad('ps-remote-rights', 'psRemoteRights', 'PS remote rights'),
];
const domainObjects = (path: string, label: string) => ad(path, path, label, false);

const AD_LISTS: Readonly<Record<string, readonly PanelList[]>> = {
  base: [OUTBOUND_CONTROL, { ...INBOUND_CONTROL, countKey: undefined }],
  users: [
    ad('sessions', 'sessions', 'Sessions'),
    ad('memberships', 'groupMembership', 'Member of'),
    ...principalRights,
    ad('sql-admin-rights', 'sqlAdmin', 'SQL admin rights'),
    ad('constrained-delegation-rights', 'constrainedDelegation', 'Constrained delegation rights'),
    OUTBOUND_CONTROL,
    INBOUND_CONTROL,
    ad(undefined, 'gpos', 'Affecting GPOs'),
  ],
  computers: [
    ad('sessions', 'sessions', 'Sessions'),
    ad('admin-users', 'adminUsers', 'Local admins'),
    ad('rdp-users', 'rdpUsers', 'RDP users'),
    ad('dcom-users', 'dcomUsers', 'DCOM users'),
    ad('ps-remote-users', 'psRemoteUsers', 'PS remote users'),
    ad('sql-admins', 'sqlAdminUsers', 'SQL admins'),
    ad('constrained-users', 'constrainedUsers', 'Constrained delegation principals'),
    ad('group-membership', 'groupMembership', 'Member of'),
    ...principalRights,
    ad('constrained-delegation-rights', 'constrainedPrivs', 'Constrained delegation rights'),
    OUTBOUND_CONTROL,
    INBOUND_CONTROL,
    ad(undefined, 'gpos', 'Affecting GPOs'),
  ],
  groups: [
    ad('sessions', 'sessions', 'Sessions'),
    ad('members', 'members', 'Members'),
    ad('memberships', 'membership', 'Member of'),
    ...principalRights,
    OUTBOUND_CONTROL,
    INBOUND_CONTROL,
  ],
  domains: [
    domainObjects('users', 'Users'),
    domainObjects('groups', 'Groups'),
    domainObjects('computers', 'Computers'),
    domainObjects('ous', 'OUs'),
    domainObjects('gpos', 'GPOs'),
    ad('foreign-users', 'foreignUsers', 'Foreign users'),
    ad('foreign-groups', 'foreignGroups', 'Foreign groups'),
    ad('foreign-admins', 'foreignAdmins', 'Foreign admins'),
    ad('foreign-gpo-controllers', 'foreignGPOControllers', 'Foreign GPO controllers'),
    ad('inbound-trusts', 'inboundTrusts', 'Inbound trusts'),
    ad('outbound-trusts', 'outboundTrusts', 'Outbound trusts'),
    INBOUND_CONTROL,
    ad('dc-syncers', 'dcsyncers', 'DCSync principals'),
    ad('linked-gpos', 'linkedgpos', 'Linked GPOs'),
    ad('adcs-escalations', 'adcs-escalations', 'ADCS escalations'),
  ],
  gpos: [
    ad('ous', 'ous', 'Affected OUs and domains'),
    ad('computers', 'computers', 'Affected computers'),
    ad('users', 'users', 'Affected users'),
    ad('tier-zero', 'tierzero', 'Affected Tier Zero objects'),
    INBOUND_CONTROL,
  ],
  ous: [
    ad('gpos', 'gpos', 'Affecting GPOs'),
    ad('users', 'users', 'Users'),
    ad('groups', 'groups', 'Groups'),
    ad('computers', 'computers', 'Computers'),
  ],
  containers: [INBOUND_CONTROL],
  aiacas: [INBOUND_CONTROL, ad('pki-hierarchy', 'pki-hierarchy', 'PKI hierarchy')],
  rootcas: [INBOUND_CONTROL, ad('pki-hierarchy', 'pki-hierarchy', 'PKI hierarchy')],
  enterprisecas: [
    INBOUND_CONTROL,
    ad('pki-hierarchy', 'pki-hierarchy', 'PKI hierarchy'),
    ad('published-templates', 'published-templates', 'Published templates'),
  ],
  ntauthstores: [INBOUND_CONTROL, ad('trusted-cas', 'trusted-cas', 'Trusted CAs')],
  certtemplates: [INBOUND_CONTROL, ad('published-to-cas', 'published-to-cas', 'Published to CAs')],
  issuancepolicies: [INBOUND_CONTROL, ad('linkedtemplates', 'linkedTemplates', 'Linked templates')],
  meta: [],
};

// Azure lists: related_entity_type and the count key each type writes for it.
const az = (path: string, countKey: string, label: string): PanelList => ({ label, path, countKey });
const AZ_INBOUND = az('inbound-control', 'inbound_object_control', 'Inbound object control');
const AZ_OUTBOUND = az('outbound-control', 'outbound_object_control', 'Outbound object control');
const AZ_ROLES = az('roles', 'roles', 'Roles');
const AZ_MEMBER_OF = az('group-membership', 'group_membership', 'Member of');

/** descendent-<suffix> lists, by the kind they hold. */
const DESCENDENTS: readonly (readonly [kind: string, suffix: string, label: string])[] = [
  ['AZUser', 'users', 'Users'], ['AZGroup', 'groups', 'Groups'], ['AZManagementGroup', 'management-groups', 'Management groups'],
  ['AZSubscription', 'subscriptions', 'Subscriptions'], ['AZResourceGroup', 'resource-groups', 'Resource groups'],
  ['AZVM', 'virtual-machines', 'Virtual machines'], ['AZManagedCluster', 'managed-clusters', 'Managed clusters'],
  ['AZVMScaleSet', 'vm-scale-sets', 'VM scale sets'], ['AZContainerRegistry', 'container-registries', 'Container registries'],
  ['AZWebApp', 'web-apps', 'Web apps'], ['AZLogicApp', 'logic-apps', 'Logic apps'],
  ['AZAutomationAccount', 'automation-accounts', 'Automation accounts'], ['AZKeyVault', 'key-vaults', 'Key vaults'],
  ['AZFunctionApp', 'function-apps', 'Function apps'], ['AZApp', 'applications', 'Applications'],
  ['AZServicePrincipal', 'service-principals', 'Service principals'], ['AZDevice', 'devices', 'Devices'],
];
const RESOURCES = ['AZVM', 'AZManagedCluster', 'AZVMScaleSet', 'AZContainerRegistry', 'AZWebApp', 'AZLogicApp',
  'AZAutomationAccount', 'AZKeyVault', 'AZFunctionApp'];
const descendents = (...kinds: string[]): PanelList[] => DESCENDENTS
  .filter(([kind]) => kinds.includes(kind))
  .map(([kind, suffix, label]) => az(`descendent-${suffix}`, `descendents.descendent_counts.${kind}`, label));
const INBOUND_EXECUTION = az('inbound-execution-privileges', 'inboundExecutionPrivileges', 'Inbound execution privileges');

const AZURE_LISTS: Readonly<Record<string, readonly PanelList[]>> = {
  'az-base': [AZ_OUTBOUND],
  users: [AZ_MEMBER_OF, AZ_ROLES, az('outbound-execution-privileges', 'execution_privileges', 'Execution privileges'), AZ_OUTBOUND, AZ_INBOUND],
  groups: [AZ_ROLES, az('group-members', 'group_members', 'Members'), AZ_MEMBER_OF, AZ_OUTBOUND, AZ_INBOUND],
  tenants: [
    ...descendents('AZUser', 'AZGroup', 'AZManagementGroup', 'AZSubscription', 'AZResourceGroup', ...RESOURCES, 'AZApp', 'AZServicePrincipal', 'AZDevice'),
    AZ_INBOUND,
  ],
  'management-groups': [...descendents('AZManagementGroup', 'AZSubscription', 'AZResourceGroup', ...RESOURCES), AZ_INBOUND],
  subscriptions: [...descendents('AZResourceGroup', ...RESOURCES), AZ_INBOUND],
  'resource-groups': [...descendents(...RESOURCES), AZ_INBOUND],
  vms: [INBOUND_EXECUTION, AZ_INBOUND],
  devices: [INBOUND_EXECUTION, AZ_INBOUND],
  'key-vaults': [
    az('key-readers', 'Readers.KeyReaders', 'Key readers'),
    az('certificate-readers', 'Readers.CertificateReaders', 'Certificate readers'),
    az('secret-readers', 'Readers.SecretReaders', 'Secret readers'),
    az('all-readers', 'Readers.AllReaders', 'All readers'),
    AZ_INBOUND,
  ],
  'service-principals': [
    AZ_ROLES, AZ_INBOUND, AZ_OUTBOUND,
    az('inbound-abusable-app-role-assignments', 'inbound-abusable-app-role-assignments', 'Inbound abusable app role assignments'),
    az('outbound-abusable-app-role-assignments', 'outbound-abusable-app-role-assignments', 'Outbound abusable app role assignments'),
  ],
  applications: [AZ_INBOUND],
  roles: [
    az('active-assignments', 'active_assignments', 'Active assignments'),
    az('pim-assignments', 'pim_assignments', 'PIM assignments'),
    az('role-approvers', 'approvers', 'Role approvers'),
  ],
  'managed-clusters': [AZ_INBOUND], 'container-registries': [AZ_INBOUND], 'web-apps': [AZ_INBOUND], 'logic-apps': [AZ_INBOUND],
  'automation-accounts': [AZ_INBOUND], 'function-apps': [AZ_INBOUND], 'vm-scale-sets': [AZ_INBOUND],
};

/** The related lists a panel of this entity type shows, in the catalogue's order. */
export function panelLists(route: EntityRoute): readonly PanelList[] {
  const lists = route.platform === 'azure' ? AZURE_LISTS : AD_LISTS;
  return Object.hasOwn(lists, route.type) ? lists[route.type] : [];
}

/** Every entity type the panel knows (tests check them against the routes). */
export const PANEL_TYPES = { ad: Object.keys(AD_LISTS), azure: Object.keys(AZURE_LISTS) };
