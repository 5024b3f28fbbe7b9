import { describe, expect, it } from '@jest/globals';
import { EDGE_HELP_KINDS, edgeHelp } from './edge-help.js';

// The graph's edge kinds, copied from libs/graph/src/domain/kinds/ad-edge-kinds.ts and azure-edge-kinds.ts
// (AD_EDGE_KINDS and AZURE_EDGE_KINDS of libs/graph/src/domain/kinds.ts, in registration order). The dependency rule
// (test/architecture) lets the explorer import no library code but the pre-built queries, so the lists are copied:
// a kind added there needs its help here. They include every kind of the AD_ATTACK_PATHS and AZ_ATTACK_PATHS
// expansions and every post-processed kind (ADCS ESC edges, GoldenCert, CoerceAndRelayNTLMTo*, DCFor, ...).
const AD_EDGE_KINDS = [
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
  'WriteAltSecurityIdentities', 'WritePublicInformation', 'ReanimateTombstones', 'CreateChild', 'CreateChildAll',
  'CreateChildDMSA', 'WriteCommonName', 'WriteRDN', 'WriteMsDSManagedAccountPrecededByLink',
  'WriteMsDSSupersededManagedAccountLink', 'WriteMsDSDelegatedMSAState', 'WriteMsDSGroupMSAMembership',
  'WriteMsDSSupersededServiceAccountState', 'WriteUserAccountControl', 'CanUseBadSuccessor', 'CanReanimateTombstone',
];
const AZURE_EDGE_KINDS = [
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
];
const GRAPH_EDGE_KINDS = [...AD_EDGE_KINDS, ...AZURE_EDGE_KINDS];

// Markup of any kind: HTML tags or entities, markdown emphasis, code, links, headings; and no URL in the prose.
const MARKUP = /<[a-z/!]|&[a-z#0-9]+;|[*`_]{2}|`|\]\(|^#|^\s*[-+] |https?:\/\//im;

describe('edge help', () => {
  it('covers every edge kind of the graph, and only those', () => {
    expect(GRAPH_EDGE_KINDS.filter((kind) => edgeHelp(kind) === undefined)).toEqual([]);
    expect([...EDGE_HELP_KINDS].sort()).toEqual([...new Set(GRAPH_EDGE_KINDS)].sort());
  });

  it('gives each kind a meaning, an abuse and a fix in plain text', () => {
    for (const kind of EDGE_HELP_KINDS) {
      const help = edgeHelp(kind)!;
      expect(help.kind).toBe(kind);
      for (const text of [help.meaning, help.abuse, help.fix]) {
        expect(text.trim().length).toBeGreaterThan(20);
        expect({ kind, text, markup: MARKUP.test(text) }).toEqual({ kind, text, markup: false });
      }
    }
  });

  it('gives each kind one or two https references', () => {
    for (const kind of EDGE_HELP_KINDS) {
      const { references } = edgeHelp(kind)!;
      expect(references.length).toBeGreaterThanOrEqual(1);
      expect(references.length).toBeLessThanOrEqual(2);
      for (const url of references) {
        expect({ kind, url, ok: /^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\/[^\s<>"']*$/.test(url) && new URL(url).protocol === 'https:' })
          .toEqual({ kind, url, ok: true });
      }
    }
  });

  it('answers undefined for a kind it does not know', () => {
    expect(edgeHelp('Custom_ResetPassword')).toBeUndefined();
    expect(edgeHelp('')).toBeUndefined();
    expect(edgeHelp('toString')).toBeUndefined();
    expect(edgeHelp('__proto__')).toBeUndefined();
  });
});
