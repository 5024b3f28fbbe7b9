import type { Converted } from '../converted.js';
import { ConvertedBuilder, azEdge, fields, list, ref, str, upper, type Fields } from './azure-builder.js';
import { AZURE_ROLE, EDGE_BY_AZURE_ROLE, roleGuid } from './azure-ids.js';

/**
 * Azure RBAC role assignments. AzureHound writes them in two shapes: one record kind per (resource, role)
 * such as AZKeyVaultOwner (`{owners: [{owner: <assignment>}], keyVaultId}`), and for newer resource types one
 * `...RoleAssignment` kind listing every assignee. Only assignments made on the resource itself count (an
 * inherited one is recorded on the scope it was made on); for VMs, one made on their resource group counts too.
 */

type ScopeRule = 'exact' | 'resource-or-group';

const RESOURCE_GROUP_SCOPE = /^\/subscriptions\/[^/]+\/resourcegroups\/[^/]+$/i;

function withinScope(resource: string, scope: string, rule: ScopeRule): boolean {
  if (scope === '' || resource === '') return false;
  const r = resource.toLowerCase();
  const s = scope.toLowerCase();
  if (r === s) return true;
  return rule === 'resource-or-group' && RESOURCE_GROUP_SCOPE.test(scope) && r.startsWith(`${s}/`);
}

/** `{<listKey>: [{<itemKey>: {properties: {principalId, scope}}}], <targetKey>}` → principal -edgeKind-> target. */
export function roleHolders(
  listKey: string, itemKey: string, targetKey: string, targetKind: string, edgeKind: string, rule: ScopeRule = 'exact',
) {
  return (d: Fields): Converted => {
    const out = new ConvertedBuilder();
    const target = str(d[targetKey]);
    for (const raw of list(d[listKey])) {
      const assignment = fields(fields(fields(raw)[itemKey]).properties);
      if (!withinScope(target, str(assignment.scope), rule)) continue;
      out.edge(azEdge(ref(upper(assignment.principalId)), edgeKind, ref(target.toUpperCase(), targetKind)));
    }
    return out.build();
  };
}

const BASE_ROLES = [AZURE_ROLE.owner, AZURE_ROLE.userAccessAdmin, AZURE_ROLE.contributor];

/** The roles that give control of each resource type, beyond Owner, User Access Administrator and Contributor. */
export const CONTROLLING_ROLES: Readonly<Record<string, readonly string[]>> = {
  AZFunctionApp: [...BASE_ROLES, AZURE_ROLE.websiteContributor],
  AZWebApp: [...BASE_ROLES, AZURE_ROLE.websiteContributor],
  AZLogicApp: [...BASE_ROLES, AZURE_ROLE.logicAppContributor],
  AZAutomationAccount: [...BASE_ROLES, AZURE_ROLE.automationContributor],
  AZContainerRegistry: BASE_ROLES,
  AZManagedCluster: [...BASE_ROLES, AZURE_ROLE.aksContributor],
  AZVMScaleSet: [...BASE_ROLES, AZURE_ROLE.vmContributor],
};

/** `{assignees: [{assignee: <assignment>, objectId, roleDefinitionId}], objectId}` for one resource. */
export function resourceRoleAssignments(targetKind: string) {
  const roles = new Set(CONTROLLING_ROLES[targetKind] ?? []);
  return (d: Fields): Converted => {
    const out = new ConvertedBuilder();
    const target = ref(upper(d.objectId), targetKind);
    for (const raw of list(d.assignees)) {
      const entry = fields(raw);
      const assignment = fields(fields(entry.assignee).properties);
      const resourceId = str(entry.objectId) || str(d.objectId);
      if (str(assignment.scope).toLowerCase() !== resourceId.toLowerCase()) continue;
      const role = roleGuid(str(entry.roleDefinitionId) || str(assignment.roleDefinitionId));
      if (!roles.has(role)) continue;
      out.edge(azEdge(ref(upper(assignment.principalId)), EDGE_BY_AZURE_ROLE[role], target));
    }
    return out.build();
  };
}
