import type { EntityType, RelatedList, WalkStep } from './entity-catalog.js';

/**
 * GET /api/v2/azure/{entity_type} as data (the AD catalogue's shapes, evaluated by the same walks): which entity
 * types exist, the counts each one's info carries (a dotted count key nests: `Readers.KeyReaders`), and the related
 * lists `related_entity_type` names, which every entity type offers. The reference looks every object up as AZBase
 * whatever the type, and so do we.
 */

const CONTROL = [
  'AZAvereContributor', 'AZContributor', 'AZOwner', 'AZVMContributor', 'AZAutomationContributor', 'AZKeyVaultContributor',
  'AZAddMembers', 'AZAddSecret', 'AZExecuteCommand', 'AZGlobalAdmin', 'AZGrant', 'AZGrantSelf', 'AZPrivilegedRoleAdmin',
  'AZResetPassword', 'AZUserAccessAdministrator', 'AZOwns', 'AZCloudAppAdmin', 'AZAppAdmin', 'AZAddOwner',
  'AZManagedIdentity', 'AZAKSContributor', 'AZWebsiteContributor', 'AZLogicAppContributor', 'AZMGAddMember',
  'AZMGAddOwner', 'AZMGAddSecret', 'AZMGGrantAppRoles', 'AZMGGrantRole',
];
const EXECUTION = ['AZVMAdminLogin', 'AZVMContributor', 'AZAvereContributor', 'AZWebsiteContributor', 'AZContributor', 'AZExecuteCommand'];
const ABUSABLE = [
  'AZMGApplication_ReadWrite_All', 'AZMGAppRoleAssignment_ReadWrite_All', 'AZMGDirectory_ReadWrite_All',
  'AZMGGroup_ReadWrite_All', 'AZMGGroupMember_ReadWrite_All', 'AZMGRoleManagement_ReadWrite_Directory',
  'AZMGServicePrincipalEndpoint_ReadWrite_All',
];

const inbound = (...edges: string[]): WalkStep => ({ hop: 'inbound', edges });
const outbound = (...edges: string[]): WalkStep => ({ hop: 'outbound', edges });
const withGroups: WalkStep = { closure: 'outbound', edges: ['AZMemberOf'], withSeeds: true };
const withMembers: WalkStep = { closure: 'inbound', edges: ['AZMemberOf'], withSeeds: true };
/** Holders expanded to the members of holding groups, leaves only (the reference's terminal nodes). */
const leafMembers: WalkStep = { closure: 'inbound', edges: ['AZMemberOf'], withSeeds: true, leaves: true };
const readers = (edge: string): readonly WalkStep[] => [inbound('AZContributor', 'AZOwner', edge), leafMembers];

/** The kinds a descendent list names, by its suffix. */
const DESCENDENTS: Readonly<Record<string, string>> = {
  users: 'AZUser', groups: 'AZGroup', 'management-groups': 'AZManagementGroup', subscriptions: 'AZSubscription',
  'resource-groups': 'AZResourceGroup', 'virtual-machines': 'AZVM', 'managed-clusters': 'AZManagedCluster',
  'web-apps': 'AZWebApp', 'logic-apps': 'AZLogicApp', 'automation-accounts': 'AZAutomationAccount',
  'key-vaults': 'AZKeyVault', applications: 'AZApp', 'service-principals': 'AZServicePrincipal', devices: 'AZDevice',
  'vm-scale-sets': 'AZVMScaleSet', 'container-registries': 'AZContainerRegistry', 'function-apps': 'AZFunctionApp',
};
const BELOW: readonly WalkStep[] = [{ closure: 'outbound', edges: ['AZContains'] }];

/** Every related list, by its `related_entity_type`. */
export const AZURE_RELATED_LISTS: readonly RelatedList[] = [
  ...Object.entries(DESCENDENTS).map(([suffix, kind]): RelatedList => ({
    path: `descendent-${suffix}`, walk: BELOW, kinds: [kind],
  })),
  { path: 'active-assignments', walk: [inbound('AZHasRole'), leafMembers] },
  { path: 'pim-assignments', walk: [inbound('AZGrant', 'AZGrantSelf'), leafMembers] },
  { path: 'role-approvers', walk: [inbound('AZRoleApprover'), leafMembers] },
  { path: 'key-readers', walk: readers('AZGetKeys') },
  { path: 'certificate-readers', walk: readers('AZGetCertificates') },
  { path: 'secret-readers', walk: readers('AZGetSecrets') },
  { path: 'all-readers', walk: [{ union: [readers('AZGetKeys'), readers('AZGetCertificates'), readers('AZGetSecrets')] }] },
  { path: 'group-members', walk: [inbound('AZMemberOf')] },
  { path: 'group-membership', walk: [outbound('AZMemberOf')] },
  // Roles held directly or through a group the principal is a direct member of.
  { path: 'roles', walk: [{ union: [[outbound('AZHasRole')], [outbound('AZMemberOf'), outbound('AZHasRole')]] }], kinds: ['AZRole'] },
  { path: 'outbound-execution-privileges', walk: [withGroups, outbound(...EXECUTION)] },
  { path: 'inbound-execution-privileges', walk: [inbound(...EXECUTION), withMembers] },
  { path: 'outbound-control', walk: [withGroups, outbound(...CONTROL)] },
  { path: 'inbound-control', walk: [inbound(...CONTROL, 'AZContains'), withMembers] },
  { path: 'outbound-abusable-app-role-assignments', walk: [{ closure: 'outbound', edges: ABUSABLE, leaves: true }] },
  { path: 'inbound-abusable-app-role-assignments', walk: [{ closure: 'inbound', edges: ABUSABLE, leaves: true }] },
];

const related = (path: string, countKey: string): RelatedList => ({
  ...AZURE_RELATED_LISTS.find((list) => list.path === path)!, path: undefined, countKey,
});
const inboundControl = related('inbound-control', 'inbound_object_control');
const outboundControl = related('outbound-control', 'outbound_object_control');
const descendentCounts = (...kinds: string[]): RelatedList[] => kinds.map((kind) => ({
  countKey: `descendents.descendent_counts.${kind}`, walk: BELOW, kinds: [kind],
}));
const RESOURCES = [
  'AZVM', 'AZManagedCluster', 'AZVMScaleSet', 'AZContainerRegistry', 'AZWebApp', 'AZLogicApp', 'AZAutomationAccount',
  'AZKeyVault', 'AZFunctionApp',
];
const resource = (path: string): EntityType => ({ path, kind: 'AZBase', lists: [inboundControl] });

/** The application a service principal runs as (its `appid`), and the service principal of an application. */
export const AZURE_RUNS_AS = {
  application: { walk: [inbound('AZRunsAs')], kinds: ['AZApp'] } satisfies RelatedList,
  servicePrincipal: { walk: [outbound('AZRunsAs')], kinds: ['AZServicePrincipal'] } satisfies RelatedList,
};

export const AZURE_ENTITY_TYPES: readonly EntityType[] = [
  { path: 'az-base', kind: 'AZBase', lists: [outboundControl] },
  {
    path: 'users', kind: 'AZBase',
    lists: [
      related('group-membership', 'group_membership'), related('roles', 'roles'),
      related('outbound-execution-privileges', 'execution_privileges'), outboundControl, inboundControl,
    ],
  },
  {
    path: 'groups', kind: 'AZBase',
    lists: [
      related('roles', 'roles'), related('group-members', 'group_members'), related('group-membership', 'group_membership'),
      outboundControl, inboundControl,
    ],
  },
  {
    path: 'tenants', kind: 'AZBase',
    lists: [
      ...descendentCounts('AZUser', 'AZGroup', 'AZManagementGroup', 'AZSubscription', 'AZResourceGroup', ...RESOURCES,
        'AZApp', 'AZServicePrincipal', 'AZDevice'),
      inboundControl,
    ],
  },
  { path: 'management-groups', kind: 'AZBase', lists: [...descendentCounts('AZManagementGroup', 'AZSubscription', 'AZResourceGroup', ...RESOURCES), inboundControl] },
  { path: 'subscriptions', kind: 'AZBase', lists: [...descendentCounts('AZResourceGroup', ...RESOURCES), inboundControl] },
  { path: 'resource-groups', kind: 'AZBase', lists: [...descendentCounts(...RESOURCES), inboundControl] },
  { path: 'vms', kind: 'AZBase', lists: [related('inbound-execution-privileges', 'inboundExecutionPrivileges'), inboundControl] },
  { path: 'devices', kind: 'AZBase', lists: [related('inbound-execution-privileges', 'inboundExecutionPrivileges'), inboundControl] },
  {
    path: 'key-vaults', kind: 'AZBase',
    lists: [
      related('key-readers', 'Readers.KeyReaders'), related('certificate-readers', 'Readers.CertificateReaders'),
      related('secret-readers', 'Readers.SecretReaders'), related('all-readers', 'Readers.AllReaders'), inboundControl,
    ],
  },
  {
    path: 'service-principals', kind: 'AZBase',
    lists: [
      related('roles', 'roles'), inboundControl, outboundControl,
      related('inbound-abusable-app-role-assignments', 'inbound-abusable-app-role-assignments'),
      related('outbound-abusable-app-role-assignments', 'outbound-abusable-app-role-assignments'),
    ],
  },
  { path: 'applications', kind: 'AZBase', lists: [inboundControl] },
  {
    path: 'roles', kind: 'AZBase',
    lists: [related('active-assignments', 'active_assignments'), related('pim-assignments', 'pim_assignments'), related('role-approvers', 'approvers')],
  },
  ...['managed-clusters', 'container-registries', 'web-apps', 'logic-apps', 'automation-accounts', 'function-apps', 'vm-scale-sets'].map(resource),
];
