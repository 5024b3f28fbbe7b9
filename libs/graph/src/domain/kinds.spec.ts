import { describe, expect, it } from '@jest/globals';
import {
  ACE_RIGHT_EDGE_KINDS, AD_ACL_EDGE_KINDS, AD_EDGE_KINDS, AD_NODE_KINDS, AD_PATHFINDING_EDGE_KINDS, AZURE_EDGE_KINDS,
  AZURE_NODE_KINDS, AZURE_PATHFINDING_EDGE_KINDS, BUILT_IN_KINDS, COMMON_NODE_KINDS, isKnownKind,
  POST_PROCESSED_EDGE_KINDS, RELATIONSHIP_SHORTCUTS,
} from './kinds.js';

/**
 * Analysis parity (issue 17): the ACE rights of the reference's schema at the pinned commit (its
 * IngestACLRelationships; the WriteMsDS* ones are not traversable there) and the two edges analysis derives.
 */
const ISSUE_17 = {
  rights: [
    'WriteAltSecurityIdentities', 'WritePublicInformation', 'ReanimateTombstones', 'CreateChild', 'CreateChildAll',
    'CreateChildDMSA', 'WriteCommonName', 'WriteRDN', 'WriteMsDSManagedAccountPrecededByLink',
    'WriteMsDSSupersededManagedAccountLink', 'WriteMsDSDelegatedMSAState', 'WriteMsDSGroupMSAMembership',
    'WriteMsDSSupersededServiceAccountState', 'WriteUserAccountControl',
  ],
  derived: ['CanUseBadSuccessor', 'CanReanimateTombstone'],
};

/** The lists as they were kept by hand before the catalogue derived them (issue 14): the records reproduce them. */
const BEFORE = {
  /** AD_NODE_KINDS */
  adNodes: [
    'Base', 'User', 'Computer', 'Group', 'GPO', 'OU', 'Container', 'Domain', 'ADLocalGroup', 'ADLocalUser', 'AIACA',
    'RootCA', 'EnterpriseCA', 'NTAuthStore', 'CertTemplate', 'IssuancePolicy',
  ],
  /** AZURE_NODE_KINDS */
  azureNodes: [
    'AZBase', 'AZVMScaleSet', 'AZApp', 'AZRole', 'AZDevice', 'AZFunctionApp', 'AZGroup', 'AZKeyVault',
    'AZManagementGroup', 'AZResourceGroup', 'AZServicePrincipal', 'AZSubscription', 'AZTenant', 'AZUser', 'AZVM',
    'AZManagedCluster', 'AZContainerRegistry', 'AZWebApp', 'AZLogicApp', 'AZAutomationAccount',
  ],
  /** COMMON_NODE_KINDS */
  commonNodes: [
    'MigrationData', 'Tag_Tier_Zero', 'Tag_Tier_One', 'Tag_Owned',
  ],
  /** AD_EDGE_KINDS */
  adEdges: [
    'Owns', 'GenericAll', 'GenericWrite', 'WriteOwner', 'WriteDacl', 'MemberOf', 'ForceChangePassword',
    'AllExtendedRights', 'AddMember', 'HasSession', 'Contains', 'GPLink', 'AllowedToDelegate', 'CoerceToTGT',
    'GetChanges', 'GetChangesAll', 'GetChangesInFilteredSet', 'CrossForestTrust', 'SameForestTrust',
    'SpoofSIDHistory', 'AbuseTGTDelegation', 'AllowedToAct', 'AdminTo', 'CanPSRemote', 'CanRDP', 'ExecuteDCOM',
    'HasSIDHistory', 'AddSelf', 'DCSync', 'ReadLAPSPassword', 'ReadGMSAPassword', 'DumpSMSAPassword', 'SQLAdmin',
    'AddAllowedToAct', 'WriteSPN', 'AddKeyCredentialLink', 'LocalToComputer', 'MemberOfLocalGroup',
    'RemoteInteractiveLogonRight', 'SyncLAPSPassword', 'WriteAccountRestrictions', 'WriteGPLink', 'RootCAFor',
    'DCFor', 'PublishedTo', 'ManageCertificates', 'ManageCA', 'DelegatedEnrollmentAgent', 'Enroll', 'HostsCAService',
    'WritePKIEnrollmentFlag', 'WritePKINameFlag', 'NTAuthStoreFor', 'TrustedForNTAuth', 'EnterpriseCAFor',
    'IssuedSignedBy', 'GoldenCert', 'EnrollOnBehalfOf', 'OIDGroupLink', 'ExtendedByPolicy', 'ADCSESC1', 'ADCSESC3',
    'ADCSESC4', 'ADCSESC6a', 'ADCSESC6b', 'ADCSESC9a', 'ADCSESC9b', 'ADCSESC10a', 'ADCSESC10b', 'ADCSESC13',
    'SyncedToEntraUser', 'CoerceAndRelayNTLMToSMB', 'CoerceAndRelayNTLMToADCS', 'WriteOwnerLimitedRights',
    'WriteOwnerRaw', 'OwnsLimitedRights', 'OwnsRaw', 'ClaimSpecialIdentity', 'CoerceAndRelayNTLMToLDAP',
    'CoerceAndRelayNTLMToLDAPS', 'ContainsIdentity', 'PropagatesACEsTo', 'GPOAppliesTo', 'CanApplyGPO',
    'HasTrustKeys', 'ProtectAdminGroups', 'CanBackup', 'BackupPrivilege', 'RestorePrivilege', 'ADCSESC16',
    'CanAbuseWeakCertBinding', 'CanAbuseUPNCertMapping', ...ISSUE_17.rights, ...ISSUE_17.derived,
  ],
  /** AZURE_EDGE_KINDS */
  azureEdges: [
    'AZAvereContributor', 'AZContains', 'AZContributor', 'AZGetCertificates', 'AZGetKeys', 'AZGetSecrets',
    'AZHasRole', 'AZMemberOf', 'AZOwner', 'AZRunsAs', 'AZVMContributor', 'AZAutomationContributor',
    'AZKeyVaultContributor', 'AZVMAdminLogin', 'AZAddMembers', 'AZAddSecret', 'AZExecuteCommand', 'AZGlobalAdmin',
    'AZPrivilegedAuthAdmin', 'AZGrant', 'AZGrantSelf', 'AZPrivilegedRoleAdmin', 'AZResetPassword',
    'AZUserAccessAdministrator', 'AZOwns', 'AZScopedTo', 'AZCloudAppAdmin', 'AZAppAdmin', 'AZAddOwner',
    'AZManagedIdentity', 'AZMGApplication_ReadWrite_All', 'AZMGAppRoleAssignment_ReadWrite_All',
    'AZMGDirectory_ReadWrite_All', 'AZMGGroup_ReadWrite_All', 'AZMGGroupMember_ReadWrite_All',
    'AZMGRoleManagement_ReadWrite_Directory', 'AZMGServicePrincipalEndpoint_ReadWrite_All', 'AZAKSContributor',
    'AZNodeResourceGroup', 'AZWebsiteContributor', 'AZLogicAppContributor', 'AZMGAddMember', 'AZMGAddOwner',
    'AZMGAddSecret', 'AZMGGrantAppRoles', 'AZMGGrantRole', 'SyncedToADUser', 'AZRoleEligible', 'AZRoleApprover',
  ],
  /** AD_PATHFINDING_EDGE_KINDS */
  adPathfinding: [
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
    ...ISSUE_17.rights.filter((kind) => !kind.startsWith('WriteMsDS')), ...ISSUE_17.derived,
  ],
  /** AZURE_NOT_TRAVERSABLE (AZURE_PATHFINDING_EDGE_KINDS was AZURE_EDGE_KINDS without these) */
  azureNotTraversable: [
    'AZScopedTo', 'AZMGApplication_ReadWrite_All', 'AZMGAppRoleAssignment_ReadWrite_All',
    'AZMGDirectory_ReadWrite_All', 'AZMGGroup_ReadWrite_All', 'AZMGGroupMember_ReadWrite_All',
    'AZMGRoleManagement_ReadWrite_Directory', 'AZMGServicePrincipalEndpoint_ReadWrite_All', 'AZRoleEligible',
    'AZRoleApprover',
  ],
  /** AD_ACL_EDGE_KINDS */
  adAcl: [
    'AllExtendedRights', 'ForceChangePassword', 'AddMember', 'AddAllowedToAct', 'GenericAll', 'WriteDacl',
    'WriteOwner', 'GenericWrite', 'ReadLAPSPassword', 'ReadGMSAPassword', 'Owns', 'AddSelf', 'WriteSPN',
    'AddKeyCredentialLink', 'GetChanges', 'GetChangesAll', 'GetChangesInFilteredSet', 'WriteAccountRestrictions',
    'WriteGPLink', 'SyncLAPSPassword', 'DCSync', 'ManageCertificates', 'ManageCA', 'Enroll', 'WritePKIEnrollmentFlag',
    'WritePKINameFlag', 'WriteOwnerLimitedRights', 'OwnsLimitedRights', ...ISSUE_17.rights, ...ISSUE_17.derived,
  ],
  /** ACE_RIGHT_EDGE_KINDS (was ingest's ACL_RIGHTS in libs/ingest/src/domain/sharphound/aces.ts) */
  aclRights: [
    'AllExtendedRights', 'ForceChangePassword', 'AddMember', 'AddAllowedToAct', 'GenericAll', 'WriteDacl',
    'WriteOwner', 'GenericWrite', 'ReadLAPSPassword', 'ReadGMSAPassword', 'Owns', 'AddSelf', 'WriteSPN',
    'AddKeyCredentialLink', 'GetChanges', 'GetChangesAll', 'GetChangesInFilteredSet', 'WriteAccountRestrictions',
    'WriteGPLink', 'SyncLAPSPassword', 'DCSync', 'ManageCertificates', 'ManageCA', 'Enroll', 'WritePKIEnrollmentFlag',
    'WritePKINameFlag', ...ISSUE_17.rights,
  ],
  /** POST_PROCESSED_EDGE_KINDS (was analysis's POST_PROCESSED_KINDS in analysis's infrastructure/steps/step.ts) */
  postProcessed: [
    'DCSync', 'SyncLAPSPassword', 'AdminTo', 'CanPSRemote', 'ExecuteDCOM', 'CanRDP', 'TrustedForNTAuth',
    'IssuedSignedBy', 'EnterpriseCAFor', 'ExtendedByPolicy', 'EnrollOnBehalfOf', 'GoldenCert', 'ADCSESC1', 'ADCSESC3',
    'ADCSESC4', 'ADCSESC6a', 'ADCSESC6b', 'ADCSESC9a', 'ADCSESC9b', 'ADCSESC10a', 'ADCSESC10b', 'ADCSESC13', 'Owns',
    'WriteOwner',
    // Analysis parity (issue 17): the reference's steps 6, 8 and 15.
    'ProtectAdminGroups', 'HasTrustKeys', 'CoerceAndRelayNTLMToSMB', 'CoerceAndRelayNTLMToADCS',
    'CoerceAndRelayNTLMToLDAP', 'CoerceAndRelayNTLMToLDAPS', ...ISSUE_17.derived,
  ],
} as const;

const sorted = (list: readonly string[]) => [...list].sort();
const AZURE_NOT_TRAVERSABLE_BEFORE: readonly string[] = BEFORE.azureNotTraversable;
const AZURE_TRAVERSABLE_BEFORE = BEFORE.azureEdges.filter((kind) => !AZURE_NOT_TRAVERSABLE_BEFORE.includes(kind));

describe('the kind catalogue', () => {
  it('derives the node and edge lists in their old order (display ranks built-in kinds by it)', () => {
    expect(AD_NODE_KINDS).toEqual(BEFORE.adNodes);
    expect(AZURE_NODE_KINDS).toEqual(BEFORE.azureNodes);
    expect(COMMON_NODE_KINDS).toEqual(BEFORE.commonNodes);
    expect(AD_EDGE_KINDS).toEqual(BEFORE.adEdges);
    expect(AZURE_EDGE_KINDS).toEqual(BEFORE.azureEdges);
    expect(BUILT_IN_KINDS).toEqual([
      ...BEFORE.adNodes, ...BEFORE.azureNodes, ...BEFORE.commonNodes, ...BEFORE.adEdges, ...BEFORE.azureEdges,
    ]);
  });

  it('derives the Azure traversable set in its old order', () => {
    expect(AZURE_PATHFINDING_EDGE_KINDS).toEqual(AZURE_TRAVERSABLE_BEFORE);
  });

  // These now follow registration order. Their order was never observable: PostgreSQL matches them as kind ids in
  // `= ANY(...)`, Neo4j as a `[:A|B]` alternation, ingest as a set, and analysis deletes their edges in one statement.
  it('derives the AD traversable set, ACL kinds, ACE rights and post-processed kinds with their old members', () => {
    expect(sorted(AD_PATHFINDING_EDGE_KINDS)).toEqual(sorted(BEFORE.adPathfinding));
    expect(sorted(AD_ACL_EDGE_KINDS)).toEqual(sorted(BEFORE.adAcl));
    expect(sorted(ACE_RIGHT_EDGE_KINDS)).toEqual(sorted(BEFORE.aclRights));
    expect(sorted(POST_PROCESSED_EDGE_KINDS)).toEqual(sorted(BEFORE.postProcessed));
  });

  it('keeps every list in registration order, so a list is a filter of the records', () => {
    const inOrder = (list: readonly string[]) =>
      expect(list).toEqual(BUILT_IN_KINDS.filter((kind) => list.includes(kind)));
    [AD_PATHFINDING_EDGE_KINDS, AD_ACL_EDGE_KINDS, ACE_RIGHT_EDGE_KINDS, POST_PROCESSED_EDGE_KINDS].forEach(inOrder);
  });

  it('counts as ACL kinds the ACE rights plus the two the ACE converter derives and the two analysis derives', () => {
    expect(AD_ACL_EDGE_KINDS.filter((kind) => !ACE_RIGHT_EDGE_KINDS.includes(kind)))
      .toEqual(['WriteOwnerLimitedRights', 'OwnsLimitedRights', 'CanUseBadSuccessor', 'CanReanimateTombstone']);
  });

  it('expands the attack-path shortcuts to the traversable sets', () => {
    expect(RELATIONSHIP_SHORTCUTS).toEqual({
      AD_ATTACK_PATHS: AD_PATHFINDING_EDGE_KINDS,
      AZ_ATTACK_PATHS: AZURE_PATHFINDING_EDGE_KINDS,
      ALL_ATTACK_PATHS: [...AD_PATHFINDING_EDGE_KINDS, ...AZURE_PATHFINDING_EDGE_KINDS],
    });
  });

  it('never post-processes MemberOf: analysis walks the traversal index without reading the edges it deleted', () => {
    expect(POST_PROCESSED_EDGE_KINDS).not.toContain('MemberOf');
  });

  it('holds one record per kind, and knows exactly the built-in kinds', () => {
    expect(new Set(BUILT_IN_KINDS).size).toBe(BUILT_IN_KINDS.length);
    expect(BUILT_IN_KINDS.every(isKnownKind)).toBe(true);
    expect(isKnownKind('Tag_Crown_Jewels')).toBe(false);
  });
});
