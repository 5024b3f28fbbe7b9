/**
 * The AD and Azure schema the graph knows at start (graph-reference §7): node kinds, edge kinds, and the
 * traversable sets that the AD_ATTACK_PATHS / AZ_ATTACK_PATHS / ALL_ATTACK_PATHS shortcuts expand to.
 */
export const AD_NODE_KINDS = [
  'Base', 'User', 'Computer', 'Group', 'GPO', 'OU', 'Container', 'Domain', 'ADLocalGroup', 'ADLocalUser', 'AIACA',
  'RootCA', 'EnterpriseCA', 'NTAuthStore', 'CertTemplate', 'IssuancePolicy',
] as const;

export const AZURE_NODE_KINDS = [
  'AZBase', 'AZVMScaleSet', 'AZApp', 'AZRole', 'AZDevice', 'AZFunctionApp', 'AZGroup', 'AZKeyVault',
  'AZManagementGroup', 'AZResourceGroup', 'AZServicePrincipal', 'AZSubscription', 'AZTenant', 'AZUser', 'AZVM',
  'AZManagedCluster', 'AZContainerRegistry', 'AZWebApp', 'AZLogicApp', 'AZAutomationAccount',
] as const;

/** Kinds that are not AD or Azure objects: tag kinds (privilege zones) and the migration marker. */
export const TAG_TIER_ZERO = 'Tag_Tier_Zero';
export const TAG_OWNED = 'Tag_Owned';
export const COMMON_NODE_KINDS = ['MigrationData', TAG_TIER_ZERO, 'Tag_Tier_One', TAG_OWNED] as const;

export const AD_EDGE_KINDS = [
  'Owns', 'GenericAll', 'GenericWrite', 'WriteOwner', 'WriteDacl', 'MemberOf', 'ForceChangePassword',
  'AllExtendedRights', 'AddMember', 'HasSession', 'Contains', 'GPLink', 'AllowedToDelegate', 'CoerceToTGT',
  'GetChanges', 'GetChangesAll', 'GetChangesInFilteredSet', 'CrossForestTrust', 'SameForestTrust', 'SpoofSIDHistory',
  'AbuseTGTDelegation', 'AllowedToAct', 'AdminTo', 'CanPSRemote', 'CanRDP', 'ExecuteDCOM', 'HasSIDHistory', 'AddSelf',
  'DCSync', 'ReadLAPSPassword', 'ReadGMSAPassword', 'DumpSMSAPassword', 'SQLAdmin', 'AddAllowedToAct', 'WriteSPN',
  'AddKeyCredentialLink', 'LocalToComputer', 'MemberOfLocalGroup', 'RemoteInteractiveLogonRight', 'SyncLAPSPassword',
  'WriteAccountRestrictions', 'WriteGPLink', 'RootCAFor', 'DCFor', 'PublishedTo', 'ManageCertificates', 'ManageCA',
  'DelegatedEnrollmentAgent', 'Enroll', 'HostsCAService', 'WritePKIEnrollmentFlag', 'WritePKINameFlag',
  'NTAuthStoreFor', 'TrustedForNTAuth', 'EnterpriseCAFor', 'IssuedSignedBy', 'GoldenCert', 'EnrollOnBehalfOf',
  'OIDGroupLink', 'ExtendedByPolicy', 'ADCSESC1', 'ADCSESC3', 'ADCSESC4', 'ADCSESC6a', 'ADCSESC6b', 'ADCSESC9a',
  'ADCSESC9b', 'ADCSESC10a', 'ADCSESC10b', 'ADCSESC13', 'SyncedToEntraUser', 'CoerceAndRelayNTLMToSMB',
  'CoerceAndRelayNTLMToADCS', 'WriteOwnerLimitedRights', 'WriteOwnerRaw', 'OwnsLimitedRights', 'OwnsRaw',
  'ClaimSpecialIdentity', 'CoerceAndRelayNTLMToLDAP', 'CoerceAndRelayNTLMToLDAPS', 'ContainsIdentity',
  'PropagatesACEsTo', 'GPOAppliesTo', 'CanApplyGPO', 'HasTrustKeys', 'ProtectAdminGroups', 'CanBackup',
  'BackupPrivilege', 'RestorePrivilege', 'ADCSESC16', 'CanAbuseWeakCertBinding', 'CanAbuseUPNCertMapping',
] as const;

export const AZURE_EDGE_KINDS = [
  'AZAvereContributor', 'AZContains', 'AZContributor', 'AZGetCertificates', 'AZGetKeys', 'AZGetSecrets', 'AZHasRole',
  'AZMemberOf', 'AZOwner', 'AZRunsAs', 'AZVMContributor', 'AZAutomationContributor', 'AZKeyVaultContributor',
  'AZVMAdminLogin', 'AZAddMembers', 'AZAddSecret', 'AZExecuteCommand', 'AZGlobalAdmin', 'AZPrivilegedAuthAdmin',
  'AZGrant', 'AZGrantSelf', 'AZPrivilegedRoleAdmin', 'AZResetPassword', 'AZUserAccessAdministrator', 'AZOwns',
  'AZScopedTo', 'AZCloudAppAdmin', 'AZAppAdmin', 'AZAddOwner', 'AZManagedIdentity', 'AZMGApplication_ReadWrite_All',
  'AZMGAppRoleAssignment_ReadWrite_All', 'AZMGDirectory_ReadWrite_All', 'AZMGGroup_ReadWrite_All',
  'AZMGGroupMember_ReadWrite_All', 'AZMGRoleManagement_ReadWrite_Directory',
  'AZMGServicePrincipalEndpoint_ReadWrite_All', 'AZAKSContributor', 'AZNodeResourceGroup', 'AZWebsiteContributor',
  'AZLogicAppContributor', 'AZMGAddMember', 'AZMGAddOwner', 'AZMGAddSecret', 'AZMGGrantAppRoles', 'AZMGGrantRole',
  'SyncedToADUser', 'AZRoleEligible', 'AZRoleApprover',
] as const;

/** AD edges that analysis may traverse (what AD_ATTACK_PATHS expands to). */
export const AD_PATHFINDING_EDGE_KINDS = [
  'Owns', 'GenericAll', 'GenericWrite', 'WriteOwner', 'WriteDacl', 'MemberOf', 'ForceChangePassword',
  'AllExtendedRights', 'AddMember', 'HasSession', 'GPLink', 'AllowedToDelegate', 'CoerceToTGT', 'AllowedToAct',
  'AdminTo', 'CanPSRemote', 'CanRDP', 'ExecuteDCOM', 'HasSIDHistory', 'AddSelf', 'DCSync', 'ReadLAPSPassword',
  'ReadGMSAPassword', 'DumpSMSAPassword', 'SQLAdmin', 'AddAllowedToAct', 'WriteSPN', 'AddKeyCredentialLink',
  'SyncLAPSPassword', 'WriteAccountRestrictions', 'WriteGPLink', 'GoldenCert', 'ADCSESC1', 'ADCSESC3', 'ADCSESC4',
  'ADCSESC6a', 'ADCSESC6b', 'ADCSESC9a', 'ADCSESC9b', 'ADCSESC10a', 'ADCSESC10b', 'ADCSESC13', 'SyncedToEntraUser',
  'CoerceAndRelayNTLMToSMB', 'CoerceAndRelayNTLMToADCS', 'WriteOwnerLimitedRights', 'OwnsLimitedRights',
  'ClaimSpecialIdentity', 'CoerceAndRelayNTLMToLDAP', 'CoerceAndRelayNTLMToLDAPS', 'ContainsIdentity',
  'PropagatesACEsTo', 'GPOAppliesTo', 'CanApplyGPO', 'HasTrustKeys', 'ManageCA', 'ManageCertificates', 'CanBackup',
  'Contains', 'DCFor', 'SameForestTrust', 'SpoofSIDHistory', 'AbuseTGTDelegation',
] as const;

const AZURE_NOT_TRAVERSABLE = new Set<string>([
  'AZScopedTo', 'AZMGApplication_ReadWrite_All', 'AZMGAppRoleAssignment_ReadWrite_All', 'AZMGDirectory_ReadWrite_All',
  'AZMGGroup_ReadWrite_All', 'AZMGGroupMember_ReadWrite_All', 'AZMGRoleManagement_ReadWrite_Directory',
  'AZMGServicePrincipalEndpoint_ReadWrite_All', 'AZRoleEligible', 'AZRoleApprover',
]);

/** Azure edges that analysis may traverse (what AZ_ATTACK_PATHS expands to). */
export const AZURE_PATHFINDING_EDGE_KINDS: readonly string[] = AZURE_EDGE_KINDS.filter((k) => !AZURE_NOT_TRAVERSABLE.has(k));

/** AD edges produced from ACEs. */
export const AD_ACL_EDGE_KINDS = [
  'AllExtendedRights', 'ForceChangePassword', 'AddMember', 'AddAllowedToAct', 'GenericAll', 'WriteDacl', 'WriteOwner',
  'GenericWrite', 'ReadLAPSPassword', 'ReadGMSAPassword', 'Owns', 'AddSelf', 'WriteSPN', 'AddKeyCredentialLink',
  'GetChanges', 'GetChangesAll', 'GetChangesInFilteredSet', 'WriteAccountRestrictions', 'WriteGPLink',
  'SyncLAPSPassword', 'DCSync', 'ManageCertificates', 'ManageCA', 'Enroll', 'WritePKIEnrollmentFlag',
  'WritePKINameFlag', 'WriteOwnerLimitedRights', 'OwnsLimitedRights',
] as const;

/** Relationship-type shortcuts of the Cypher dialect, expanded before a query runs (on both backends). */
export const RELATIONSHIP_SHORTCUTS: Readonly<Record<string, readonly string[]>> = {
  AD_ATTACK_PATHS: AD_PATHFINDING_EDGE_KINDS,
  AZ_ATTACK_PATHS: AZURE_PATHFINDING_EDGE_KINDS,
  ALL_ATTACK_PATHS: [...AD_PATHFINDING_EDGE_KINDS, ...AZURE_PATHFINDING_EDGE_KINDS],
};

/** Every kind registered at start, so known labels always map to ids. */
export const BUILT_IN_KINDS: readonly string[] = [
  ...AD_NODE_KINDS, ...AZURE_NODE_KINDS, ...COMMON_NODE_KINDS, ...AD_EDGE_KINDS, ...AZURE_EDGE_KINDS,
];

const KNOWN = new Set(BUILT_IN_KINDS);

/** True for a kind of the built-in AD/Azure schema (edge composition accepts any of these as `edge_type`). */
export function isKnownKind(name: string): boolean {
  return KNOWN.has(name);
}
