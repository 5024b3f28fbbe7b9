import { type KindRecord, nodeKind, tagKind } from './kind-record.js';

export const TAG_TIER_ZERO = 'Tag_Tier_Zero';
export const TAG_OWNED = 'Tag_Owned';

const ad = (name: string) => nodeKind(name, 'AD');
const azure = (name: string) => nodeKind(name, 'Azure');

/** Node kinds in registration order (display ranks built-in kinds in this order). */
export const NODE_KIND_RECORDS: readonly KindRecord[] = [
  ...[
    'Base', 'User', 'Computer', 'Group', 'GPO', 'OU', 'Container', 'Domain', 'ADLocalGroup', 'ADLocalUser', 'AIACA',
    'RootCA', 'EnterpriseCA', 'NTAuthStore', 'CertTemplate', 'IssuancePolicy',
  ].map(ad),
  ...[
    'AZBase', 'AZVMScaleSet', 'AZApp', 'AZRole', 'AZDevice', 'AZFunctionApp', 'AZGroup', 'AZKeyVault',
    'AZManagementGroup', 'AZResourceGroup', 'AZServicePrincipal', 'AZSubscription', 'AZTenant', 'AZUser', 'AZVM',
    'AZManagedCluster', 'AZContainerRegistry', 'AZWebApp', 'AZLogicApp', 'AZAutomationAccount',
  ].map(azure),
  // Not AD or Azure objects: the migration marker and the tag kinds of the seeded tags.
  nodeKind('MigrationData', 'Common'),
  ...[TAG_TIER_ZERO, 'Tag_Tier_One', TAG_OWNED].map(tagKind),
];
