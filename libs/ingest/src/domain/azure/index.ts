import { ObjectError, type Converted } from '../converted.js';
import { storable } from '../storable.js';
import type { Fields } from './azure-builder.js';
import {
  convertApp, convertAppRoleAssignment, convertDevice, convertFederatedIdentityCredential, convertGroup, convertRole,
  convertRoleAssignment, convertServicePrincipal, convertTenant, convertUser, directoryLinks,
} from './directory-converters.js';
import { resourceRoleAssignments, roleHolders } from './rbac-converters.js';
import {
  convertIdentityResource, convertKeyVault, convertKeyVaultAccessPolicy, convertManagedCluster, convertManagementGroup,
  convertManagementGroupDescendant, convertResourceGroup, convertSubscription, vmProperties,
} from './resource-converters.js';

type RecordConverter = (data: Fields) => Converted;

/**
 * Record kinds AzureHound writes (ingest-reference §1.4) that map to the graph. Left out on purpose: kinds
 * BloodHound does not ingest either (storage accounts and containers), AZRoleManagementPolicyAssignment (PIM
 * approval policies: their record shape could not be confirmed), and anything newer; they convert to nothing.
 */
const CONVERTERS: Readonly<Record<string, RecordConverter>> = {
  AZTenant: convertTenant,
  AZUser: convertUser,
  AZGroup: convertGroup,
  AZGroupMember: directoryLinks('AZGroupMember', 'members', 'member', 'groupId', 'AZGroup', 'AZMemberOf'),
  AZGroupOwner: directoryLinks('AZGroupOwner', 'owners', 'owner', 'groupId', 'AZGroup', 'AZOwns'),
  AZApp: convertApp,
  AZAppOwner: directoryLinks('AZAppOwner', 'owners', 'owner', 'appId', 'AZApp', 'AZOwns'),
  AZAppRoleAssignment: convertAppRoleAssignment,
  AZServicePrincipal: convertServicePrincipal,
  AZServicePrincipalOwner: directoryLinks(
    'AZServicePrincipalOwner', 'owners', 'owner', 'servicePrincipalId', 'AZServicePrincipal', 'AZOwns'),
  AZDevice: convertDevice,
  AZDeviceOwner: directoryLinks('AZDeviceOwner', 'owners', 'owner', 'deviceId', 'AZDevice', 'AZOwns'),
  AZRole: convertRole,
  AZRoleAssignment: convertRoleAssignment,
  AZFederatedIdentityCredential: convertFederatedIdentityCredential,

  AZSubscription: convertSubscription,
  AZSubscriptionOwner: roleHolders('owners', 'owner', 'subscriptionId', 'AZSubscription', 'AZOwner'),
  AZSubscriptionUserAccessAdmin: roleHolders(
    'userAccessAdmins', 'userAccessAdmin', 'subscriptionId', 'AZSubscription', 'AZUserAccessAdministrator'),
  AZResourceGroup: convertResourceGroup,
  AZResourceGroupOwner: roleHolders('owners', 'owner', 'resourceGroupId', 'AZResourceGroup', 'AZOwner'),
  AZResourceGroupUserAccessAdmin: roleHolders(
    'userAccessAdmins', 'userAccessAdmin', 'resourceGroupId', 'AZResourceGroup', 'AZUserAccessAdministrator'),
  AZManagementGroup: convertManagementGroup,
  AZManagementGroupDescendant: convertManagementGroupDescendant,
  AZManagementGroupOwner: roleHolders('owners', 'owner', 'managementGroupId', 'AZManagementGroup', 'AZOwner'),
  AZManagementGroupUserAccessAdmin: roleHolders(
    'userAccessAdmins', 'userAccessAdmin', 'managementGroupId', 'AZManagementGroup', 'AZUserAccessAdministrator'),

  AZKeyVault: convertKeyVault,
  AZKeyVaultAccessPolicy: convertKeyVaultAccessPolicy,
  AZKeyVaultOwner: roleHolders('owners', 'owner', 'keyVaultId', 'AZKeyVault', 'AZOwner'),
  AZKeyVaultUserAccessAdmin: roleHolders(
    'userAccessAdmins', 'userAccessAdmin', 'keyVaultId', 'AZKeyVault', 'AZUserAccessAdministrator'),
  AZKeyVaultContributor: roleHolders('contributors', 'contributor', 'keyVaultId', 'AZKeyVault', 'AZContributor'),
  AZKeyVaultKVContributor: roleHolders(
    'kvContributors', 'kvContributor', 'keyVaultId', 'AZKeyVault', 'AZKeyVaultContributor'),

  AZVM: convertIdentityResource('AZVM', vmProperties),
  AZVMAdminLogin: roleHolders('adminLogins', 'adminLogin', 'virtualMachineId', 'AZVM', 'AZVMAdminLogin', 'resource-or-group'),
  AZVMAvereContributor: roleHolders(
    'avereContributors', 'avereContributor', 'virtualMachineId', 'AZVM', 'AZAvereContributor'),
  AZVMContributor: roleHolders('contributors', 'contributor', 'virtualMachineId', 'AZVM', 'AZContributor', 'resource-or-group'),
  AZVMVMContributor: roleHolders(
    'vmContributors', 'vmContributor', 'virtualMachineId', 'AZVM', 'AZVMContributor', 'resource-or-group'),
  AZVMOwner: roleHolders('owners', 'owner', 'virtualMachineId', 'AZVM', 'AZOwner', 'resource-or-group'),
  AZVMUserAccessAdmin: roleHolders(
    'userAccessAdmins', 'userAccessAdmin', 'virtualMachineId', 'AZVM', 'AZUserAccessAdministrator', 'resource-or-group'),

  AZVMScaleSet: convertIdentityResource('AZVMScaleSet'),
  AZVMScaleSetRoleAssignment: resourceRoleAssignments('AZVMScaleSet'),
  AZFunctionApp: convertIdentityResource('AZFunctionApp'),
  AZFunctionAppRoleAssignment: resourceRoleAssignments('AZFunctionApp'),
  AZLogicApp: convertIdentityResource('AZLogicApp'),
  AZLogicAppRoleAssignment: resourceRoleAssignments('AZLogicApp'),
  AZWebApp: convertIdentityResource('AZWebApp'),
  AZWebAppRoleAssignment: resourceRoleAssignments('AZWebApp'),
  AZAutomationAccount: convertIdentityResource('AZAutomationAccount'),
  AZAutomationAccountRoleAssignment: resourceRoleAssignments('AZAutomationAccount'),
  AZContainerRegistry: convertIdentityResource('AZContainerRegistry'),
  AZContainerRegistryRoleAssignment: resourceRoleAssignments('AZContainerRegistry'),
  AZManagedCluster: convertManagedCluster,
  AZManagedClusterRoleAssignment: resourceRoleAssignments('AZManagedCluster'),
};

/** The record kinds convertAzure maps; every other kind converts to nothing. */
export const AZURE_RECORD_KINDS: readonly string[] = Object.keys(CONVERTERS);

/**
 * Converts one AzureHound record (`{kind, data}`, an item of `data` in a `meta.type = azure` file) into nodes and
 * edges. Unknown kinds convert to nothing (skipped, as the reference does). Throws ObjectError for a record that
 * is not `{kind: string, data: object}`, or whose ids or indexed names cannot be stored (`storable`).
 */
export function convertAzure(record: unknown): Converted {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    throw new ObjectError('Azure record is not an object');
  }
  const { kind, data } = record as Record<string, unknown>;
  if (typeof kind !== 'string') throw new ObjectError('Azure record has no kind');
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new ObjectError(`${kind.slice(0, 80)} record has no data object`);
  }
  const convert = Object.hasOwn(CONVERTERS, kind) ? CONVERTERS[kind] : undefined;
  return convert ? storable(convert(data as Fields)) : { nodes: [], edges: [] };
}
