import type { Converted } from '../converted.js';
import { ConvertedBuilder, azEdge, azNode, fields, list, props, ref, requiredId, str, upper, type Fields } from './azure-builder.js';

/** Azure Resource Manager records: subscriptions, resource and management groups, and the resources inside. */

export function convertSubscription(d: Fields): Converted {
  const id = requiredId('AZSubscription', d.id);
  const tenantId = upper(d.tenantId);
  return new ConvertedBuilder().node(azNode('AZSubscription', id, props({
    name: upper(d.displayName), displayname: d.displayName, tenantid: tenantId,
  }))).edge(azEdge(ref(tenantId, 'AZTenant'), 'AZContains', ref(id, 'AZSubscription'))).build();
}

export function convertResourceGroup(d: Fields): Converted {
  const id = requiredId('AZResourceGroup', d.id);
  return new ConvertedBuilder().node(azNode('AZResourceGroup', id, props({ name: upper(d.name), tenantid: upper(d.tenantId) })))
    .edge(azEdge(ref(upper(d.subscriptionId), 'AZSubscription'), 'AZContains', ref(id, 'AZResourceGroup'))).build();
}

export function convertManagementGroup(d: Fields): Converted {
  const id = requiredId('AZManagementGroup', d.id);
  const tenantId = upper(d.tenantId);
  const name = `${str(fields(d.properties).displayName)}@${str(d.tenantName)}`.toUpperCase();
  return new ConvertedBuilder().node(azNode('AZManagementGroup', id, props({ name, tenantid: tenantId })))
    .edge(azEdge(ref(tenantId, 'AZTenant'), 'AZContains', ref(id, 'AZManagementGroup'))).build();
}

/** A management group's child (a management group or a subscription): only the link, the child is its own record. */
export function convertManagementGroupDescendant(d: Fields): Converted {
  const parent = upper(fields(fields(d.properties).parent).id);
  return new ConvertedBuilder()
    .edge(azEdge(ref(parent, 'AZManagementGroup'), 'AZContains', ref(upper(d.id)))).build();
}

export function convertKeyVault(d: Fields): Converted {
  const id = requiredId('AZKeyVault', d.id);
  const resourceGroup = upper(d.resourceGroup) || upper(d.resourceGroupId);
  return new ConvertedBuilder().node(azNode('AZKeyVault', id, props({
    name: upper(d.name), enablerbacauthorization: fields(d.properties).enableRbacAuthorization, tenantid: upper(d.tenantId),
  }))).edge(azEdge(ref(resourceGroup, 'AZResourceGroup'), 'AZContains', ref(id, 'AZKeyVault'))).build();
}

const VAULT_PERMISSION_EDGES = [
  ['certificates', 'AZGetCertificates'], ['keys', 'AZGetKeys'], ['secrets', 'AZGetSecrets'],
] as const;

/** Vault access policies (the pre-RBAC model): a `Get` permission on certificates, keys or secrets is an edge. */
export function convertKeyVaultAccessPolicy(d: Fields): Converted {
  const out = new ConvertedBuilder();
  const permissions = fields(d.permissions);
  for (const [key, edgeKind] of VAULT_PERMISSION_EDGES) {
    if (list(permissions[key]).some((p) => str(p).toLowerCase() === 'get')) {
      out.edge(azEdge(ref(upper(d.objectId)), edgeKind, ref(upper(d.keyVaultId), 'AZKeyVault')));
    }
  }
  return out.build();
}

/**
 * A resource that lives in a resource group and may run as managed identities (VMs, scale sets, function, logic
 * and web apps, automation accounts, container registries): its node, AZContains from the group, and
 * AZManagedIdentity to the system-assigned and user-assigned identities' service principals.
 */
export function convertIdentityResource(kind: string, extra: (d: Fields) => Record<string, unknown> = () => ({})) {
  return (d: Fields): Converted => {
    const id = requiredId(kind, d.id);
    const out = new ConvertedBuilder()
      .node(azNode(kind, id, props({ name: upper(d.name), tenantid: upper(d.tenantId), ...extra(d) })))
      .edge(azEdge(ref(upper(d.resourceGroupId), 'AZResourceGroup'), 'AZContains', ref(id, kind)));
    const identity = fields(d.identity);
    const self = ref(id, kind);
    const systemAssigned = upper(identity.principalId);
    if (systemAssigned) out.edge(azEdge(self, 'AZManagedIdentity', ref(systemAssigned, 'AZServicePrincipal')));
    for (const raw of Object.values(fields(identity.userAssignedIdentities))) {
      const assigned = fields(raw);
      if (str(assigned.clientId) !== '') {
        out.edge(azEdge(self, 'AZManagedIdentity', ref(upper(assigned.principalId), 'AZServicePrincipal')));
      }
    }
    return out.build();
  };
}

export const vmProperties = (d: Fields) => ({
  operatingsystem: fields(fields(fields(d.properties).storageProfile).osDisk).osType,
});

/** AKS clusters: their nodes run in a separate, managed resource group (AZNodeResourceGroup). */
export function convertManagedCluster(d: Fields): Converted {
  const id = requiredId('AZManagedCluster', d.id);
  const nodeResourceGroup = str(fields(d.properties).nodeResourceGroup);
  const nodeGroupId = nodeResourceGroup ? `/subscriptions/${str(d.subscriptionId)}/resourcegroups/${nodeResourceGroup}`.toUpperCase() : '';
  return new ConvertedBuilder().node(azNode('AZManagedCluster', id, props({
    name: upper(d.name), tenantid: upper(d.tenantId), noderesourcegroupid: nodeGroupId || undefined,
  })))
    .edge(azEdge(ref(upper(d.resourceGroupId), 'AZResourceGroup'), 'AZContains', ref(id, 'AZManagedCluster')))
    .edge(azEdge(ref(id, 'AZManagedCluster'), 'AZNodeResourceGroup', ref(nodeGroupId, 'AZResourceGroup')))
    .build();
}
