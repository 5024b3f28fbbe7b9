// Edge help for the Active Directory kinds (the table edge-help.ts looks up). Written for Pathwarden from public
// documentation in our own words; plain text only. References are tokens that edge-help.ts expands into URLs.
import type { HelpEntry } from './edge-help';

// Texts shared by several kinds.
const CREATE_FIX = "Limit object creation in OUs to provisioning groups.";
const RENAME_FIX = "Remove the right unless the source manages the object.";
const DMSA_FIX = "Install the fix for CVE-2025-53779 and restrict write access to dMSAs.";
const REPLICATION_FIX = "Grant replication rights only to DCs and required sync accounts.";
const CHAIN_ABUSE = "Not abusable alone; used to decide which CAs chain to a trusted root.";
const CHAIN_FIX = "Keep the PKI hierarchy small and documented.";
const TEMPLATE_FIX = "Only PKI administrators should be able to modify templates; audit template changes.";
const ESC10_FIX = "Remove UPN mapping from CertificateMappingMethods on DCs and remove write access over victims.";
const LDAP_RELAY = "Relay (ntlmrelayx) to set Shadow Credentials or resource-based delegation on the target's account, then take over the computer.";

export const AD_EDGE_HELP: Record<string, HelpEntry> = {
  // Active Directory: access control
  Owns: [
    "The source owns the target. An owner can always rewrite the object's DACL, whatever the DACL grants.",
    "Grant itself full control in the DACL (PowerView, dacledit), then abuse it as GenericAll.",
    "Make a trusted admin group the owner of sensitive objects (creators often stay owners).",
    'bh:owns rights'],
  GenericAll: [
    "Full control of the target: every right, including writing any attribute and the DACL.",
    "Reset a user's password, add group members, or set Shadow Credentials or resource-based delegation on a computer (PowerView, bloodyAD).",
    "Remove the ACE or keep it to admins of the target's tier; check ACEs inherited from OUs.",
    'bh:generic-all rights'],
  GenericWrite: [
    "The source may write all non-protected attributes of the target, and perform its validated writes.",
    "Add group members, set an SPN (targeted Kerberoasting) or logon script on a user, Shadow Credentials or resource-based delegation on a computer.",
    "Remove the ACE or delegate only the specific attributes that must be managed.",
    'bh:generic-write rights'],
  WriteOwner: [
    "The source may change the owner of the target.",
    "Become owner (Set-DomainObjectOwner, owneredit), then grant itself full control in the DACL.",
    "Remove the right; only Tier Zero admins should be able to take ownership of privileged objects.",
    'bh:write-owner rights'],
  WriteDacl: [
    "The source may modify the target's DACL.",
    "Grant itself GenericAll, or replication rights on a domain for DCSync, then abuse them (Add-DomainObjectAcl, dacledit).",
    "Remove the right and audit DACL changes on sensitive objects (event 5136).",
    'bh:write-dacl rights'],
  ForceChangePassword: [
    "The source holds User-Force-Change-Password: it can set the target user's password without knowing the old one.",
    "Reset the password (net user /domain, Set-DomainUserPassword, rpcclient) and log on as the user.",
    "Remove the delegation, or limit helpdesk reset rights to OUs that hold no privileged accounts.",
    'bh:force-change-password ad:r-user-force-change-password'],
  AllExtendedRights: [
    "The source holds every extended right on the target: password reset on users, LAPS read on computers, replication on a domain.",
    "Reset the user's password, read the computer's LAPS password, or DCSync when granted on the domain object.",
    "Remove the ACE; grant only the single extended right a task needs.",
    'bh:all-extended-rights ad:extended-rights'],
  AddMember: [
    "The source may write the member attribute of the target group.",
    "Add a controlled account to the group (net group /add, Add-DomainGroupMember, bloodyAD) and use its rights.",
    "Remove the right; let only Tier Zero manage privileged groups and alert on changes.",
    'bh:add-member t:T1098.007'],
  AddSelf: [
    "The source may add itself, and only itself, to the target group (Self-Membership validated write).",
    "Join the group (net group /add) and use its rights.",
    "Remove the Self-Membership ACE from the group.",
    'bh:add-self ad:r-self-membership'],
  AddAllowedToAct: [
    "The source may write the target computer's msDS-AllowedToActOnBehalfOfOtherIdentity attribute.",
    "Let an account it controls (often a new machine account) delegate to the target, then impersonate an admin to it (Rubeus, getST).",
    "Remove the right, set ms-DS-MachineAccountQuota to 0, put privileged users in Protected Users.",
    'bh:add-allowed-to-act ad:a-msds-allowedtoactonbehalfofotheridentity'],
  WriteAccountRestrictions: [
    "The source may write the target's Account Restrictions property set, which includes the resource-based delegation attribute.",
    "Set resource-based delegation from a controlled account to the target computer, then impersonate an admin to it.",
    "Remove the right (often held by whoever joined the computer) and set ms-DS-MachineAccountQuota to 0.",
    'bh:write-account-restrictions ad:a-msds-allowedtoactonbehalfofotheridentity'],
  WriteSPN: [
    "The source may write the target account's servicePrincipalName.",
    "Add an SPN to a user, request a service ticket for it and crack the password offline (targeted Kerberoasting).",
    "Remove the right; give service accounts long random passwords or use gMSAs; alert on SPN changes.",
    'bh:write-spn t:T1558.003'],
  AddKeyCredentialLink: [
    "The source may write the target's msDS-KeyCredentialLink attribute (Windows Hello for Business keys).",
    "Add its own key (Shadow Credentials: Whisker, Certipy shadow) and authenticate as the target with PKINIT, getting its TGT and NT hash.",
    "Remove the right and monitor changes of msDS-KeyCredentialLink.",
    'bh:add-key-credential-link ad:a-msds-keycredentiallink'],
  WriteGPLink: [
    "The source may write the gPLink attribute of the target OU or domain, choosing which GPOs apply below it.",
    "Link a GPO it controls, or a spoofed one, to push scheduled tasks or scripts to the users and computers below.",
    "Restrict gPLink writes to Group Policy administrators and monitor link changes.",
    'bh:write-gp-link t:T1484.001'],
  WriteOwnerLimitedRights: [
    "The source may change the target's owner, but an OWNER RIGHTS ACE limits the new owner to the rights it grants.",
    "Take ownership; what follows depends on the rights the OWNER RIGHTS ACE grants.",
    "Remove the WriteOwner right and review the OWNER RIGHTS ACEs.",
    'bh:write-owner-limited-rights'],
  OwnsLimitedRights: [
    "The source owns the target, but an OWNER RIGHTS ACE replaces the owner's implicit rights with the ones it grants.",
    "The owner keeps only the rights given to OWNER RIGHTS; abuse them as their own edges describe.",
    "Make a trusted administrative group the owner and review the OWNER RIGHTS ACEs.",
    'bh:owns-limited-rights'],
  WriteOwnerRaw: [
    "A WriteOwner ACE as collected; analysis applies the domain's owner rules (BlockOwnerImplicitRights) and makes it WriteOwner.",
    "Not traversed itself; see WriteOwner.",
    "Remove the ACE if it is not needed.",
    'bh:write-owner-raw'],
  OwnsRaw: [
    "Ownership as collected, before analysis applies the domain's owner rules and turns it into Owns.",
    "Not traversed itself; see Owns.",
    "Make a trusted administrative group the owner of sensitive objects.",
    'bh:owns-raw'],
  WriteAltSecurityIdentities: [
    "The source may write the target's altSecurityIdentities attribute, which maps certificates explicitly to the account.",
    "Map a certificate it holds to the target (ESC14) and authenticate as the target with it.",
    "Remove the right, audit altSecurityIdentities values and accept only strong mapping types.",
    'ad:a-altsecurityidentities kb5014754'],
  WritePublicInformation: [
    "The source may write the Public-Information property set of the target, which includes altSecurityIdentities.",
    "Add an explicit certificate mapping for a certificate it holds (ESC14) and authenticate as the target.",
    "Remove the right; delegate only the attributes that must be managed.",
    'ad:r-public-information kb5014754'],
  WriteUserAccountControl: [
    "The source may write the target's userAccountControl flags.",
    "Turn off Kerberos pre-authentication and crack the AS-REP offline (AS-REP roasting), or re-enable a disabled account.",
    "Remove the right and alert on userAccountControl changes to sensitive accounts.",
    'ad:a-useraccountcontrol t:T1558.004'],
  ReanimateTombstones: [
    "The source holds the Reanimate-Tombstones right on the domain: it may restore deleted objects.",
    "One of the three rights behind CanReanimateTombstone (with object creation and renaming).",
    "Leave restoring deleted objects to Domain Admins; remove other grants.",
    'ad:r-reanimate-tombstones ml:windows/win32/ad/restoring-deleted-objects'],
  CanReanimateTombstone: [
    "Computed: the source may restore deleted objects, create objects in a container and rename the target, so it can put a deleted object in the target's place.",
    "Rename the target away and restore a deleted object under its name: a formerly privileged account, or one it controls.",
    "Remove the Reanimate-Tombstones grant or the create and rename rights; treat all three as privileged.",
    'ad:r-reanimate-tombstones ml:windows/win32/ad/restoring-deleted-objects'],
  CreateChild: [
    "The source may create child objects of the classes its ACE allows in the target container.",
    "Create objects that inherit the container's ACEs and GPOs, or dMSAs (BadSuccessor); also part of CanReanimateTombstone.",
    CREATE_FIX,
    'rights dmsa'],
  CreateChildAll: [
    "The source may create child objects of any class in the target container.",
    "Create any object there, dMSAs included (BadSuccessor); also part of CanReanimateTombstone.",
    CREATE_FIX,
    'rights dmsa'],
  CreateChildDMSA: [
    "The source may create delegated managed service accounts (dMSA, Windows Server 2025) in the target container.",
    "Create a dMSA and link it to a privileged account as its predecessor (BadSuccessor), inheriting that account's privileges.",
    "Install the fix for CVE-2025-53779, restrict object creation in OUs and audit dMSA creation.",
    'dmsa rights'],
  CanUseBadSuccessor: [
    "Computed: the source can create or control a delegated managed service account (dMSA) in a domain with a Windows Server 2025 DC.",
    "BadSuccessor: make a privileged account the dMSA's predecessor and mark the migration complete; the KDC then grants it that account's groups and keys.",
    "Install the fix for CVE-2025-53779, restrict who can create or write dMSAs, and audit dMSA changes.",
    'dmsa'],
  WriteCommonName: [
    "The source may write the target's cn, which renames it.",
    "Rename the target: one of the rights behind CanReanimateTombstone.",
    RENAME_FIX,
    'rights'],
  WriteRDN: [
    "The source may write the target's relative distinguished name, renaming it in its container.",
    "Rename the target: one of the rights behind CanReanimateTombstone.",
    RENAME_FIX,
    'rights'],
  WriteMsDSManagedAccountPrecededByLink: [
    "The source may write msDS-ManagedAccountPrecededByLink on the target dMSA: the account it claims to supersede.",
    "BadSuccessor: point it at a privileged account so that the dMSA receives that account's privileges.",
    DMSA_FIX,
    'dmsa'],
  WriteMsDSSupersededManagedAccountLink: [
    "The source may write msDS-SupersededManagedAccountLink on the target: the dMSA replacing it in a migration.",
    "Part of a forged dMSA migration; with control of the dMSA it can tie the target's privileges to it.",
    "Restrict write access to service accounts and audit migration attributes.",
    'dmsa'],
  WriteMsDSDelegatedMSAState: [
    "The source may write msDS-DelegatedMSAState on the target dMSA, the state of its migration.",
    "BadSuccessor sets it to mark a forged migration as complete.",
    DMSA_FIX,
    'dmsa'],
  WriteMsDSGroupMSAMembership: [
    "The source may write msDS-GroupMSAMembership of the target managed service account: who may retrieve its password.",
    "Add itself, then read the managed password as with ReadGMSAPassword.",
    "Remove the right; only the hosts running the service should be listed.",
    'ad:a-msds-groupmsamembership'],
  WriteMsDSSupersededServiceAccountState: [
    "The source may write msDS-SupersededServiceAccountState on the target account, its state in a dMSA migration.",
    "A building block of forged dMSA migrations; not known to give control alone.",
    "Restrict write access to service accounts.",
    'dmsa'],
  // Active Directory: membership, sessions and local rights
  MemberOf: [
    "The source is a member of the target group and holds its rights and those of its parent groups.",
    "Nothing to do: the group's rights are used directly.",
    "Review privileged group membership, nested groups included; keep Tier Zero groups small and monitored.",
    'bh:member-of groups'],
  HasSession: [
    "The target user was logged on to the source computer at collection: its credentials may be in memory there.",
    "An admin of the computer dumps LSASS (Mimikatz, comsvcs MiniDump) or steals the user's token.",
    "Keep privileged accounts off lower-tier computers; enable Credential Guard and LSA protection.",
    'bh:has-session t:T1003.001'],
  AdminTo: [
    "The source is a member of the target computer's local Administrators group.",
    "Run code remotely (PsExec, WMI, scheduled tasks, WinRM) and dump credentials of logged-on users.",
    "Remove unneeded local administrators, use unique local admin passwords (LAPS) and tiered admin accounts.",
    'bh:admin-to t:T1021.002'],
  CanPSRemote: [
    "The source is in the target computer's Remote Management Users group: it may use PowerShell remoting.",
    "Run commands through WinRM (Enter-PSSession, evil-winrm); with local admin rights this leads to credential theft.",
    "Remove unneeded members; restrict WinRM with firewall rules and Just Enough Administration.",
    'bh:can-ps-remote t:T1021.006'],
  CanRDP: [
    "The source may log on to the target computer with Remote Desktop (Remote Desktop Users membership and the logon right).",
    "Log on interactively, then look for other users' sessions or local privilege escalation.",
    "Limit RDP access to administrators of the computer's tier; prefer Remote Credential Guard.",
    'bh:can-rdp t:T1021.001'],
  ExecuteDCOM: [
    "The source is in the target computer's Distributed COM Users group: it may launch DCOM objects remotely.",
    "Execute commands through DCOM objects such as MMC20.Application or ShellWindows (Impacket dcomexec).",
    "Leave Distributed COM Users empty unless needed; block remote RPC to workstations with host firewalls.",
    'bh:execute-dcom t:T1021.003'],
  SQLAdmin: [
    "The source is a sysadmin of a SQL Server instance running on the target computer.",
    "Run OS commands as the SQL service account (xp_cmdshell, PowerUpSQL) and escalate from there.",
    "Review sysadmin membership, run SQL Server as a low-privileged account and keep xp_cmdshell disabled.",
    'bh:sql-admin t:T1505.001'],
  LocalToComputer: [
    "The source local group or local user belongs to the target computer's own account database.",
    "Not abusable alone; AdminTo, CanRDP, CanPSRemote and ExecuteDCOM are computed from local groups.",
    "Review local group membership on the computer.",
    'bh:local-to-computer'],
  MemberOfLocalGroup: [
    "The source principal is a member of the target local group of a computer.",
    "It depends on the group: Administrators gives AdminTo, Remote Desktop Users CanRDP, and so on.",
    "Manage local groups centrally (Group Policy, Intune) and remove unneeded members.",
    'bh:member-of-local-group'],
  RemoteInteractiveLogonRight: [
    "The source holds the right to log on through Remote Desktop Services on the target computer.",
    "With Remote Desktop Users membership it allows RDP logon (see CanRDP).",
    "Grant the right only to groups that need it, through Group Policy.",
    'bh:remote-interactive-logon-right t:T1021.001'],
  CanBackup: [
    "The source holds the backup and restore privileges on the target computer, e.g. as a Backup Operator on a DC.",
    "Read any file despite ACLs: save the SAM, SYSTEM and SECURITY hives or NTDS.dit and extract hashes.",
    "Keep Backup Operators empty on DCs and treat the group as Tier Zero.",
    't:T1003.002 t:T1003.003'],
  BackupPrivilege: [
    "The source holds SeBackupPrivilege on the target computer: backup APIs let it read any file, bypassing ACLs.",
    "Copy registry hives or NTDS.dit; with RestorePrivilege too, it becomes CanBackup.",
    "Grant 'Back up files and directories' only to backup accounts of the computer's tier.",
    't:T1003.002'],
  RestorePrivilege: [
    "The source holds SeRestorePrivilege on the target computer: it may write any file or registry key, bypassing ACLs.",
    "Replace a service binary or a service's registry settings to run code as SYSTEM.",
    "Grant 'Restore files and directories' only to backup accounts of the computer's tier.",
    't:T1543.003'],
  ClaimSpecialIdentity: [
    "Principals get the target special identity (such as Network or This Organization) in their token, depending on how they log on.",
    "Rights granted to the special identity are usable by every principal that can claim it.",
    "Do not grant rights to special identities; grant them to specific groups.",
    'bh:claim-special-identity ml:windows-server/identity/ad-ds/manage/understand-special-identities-groups'],
  // Active Directory: containers, Group Policy and replication
  Contains: [
    "The source domain, OU or container holds the target object; inheritable ACEs and GPO links on the source reach it.",
    "Control of the container allows an inheritable full-control ACE over its children, or a GPO linked to them.",
    "Protect OUs holding privileged objects like the objects; keep Tier Zero objects in dedicated OUs.",
    'bh:contains'],
  ContainsIdentity: [
    "The source domain, OU or container holds the target user, group or computer: control of one can become control of the other.",
    "Add an inheritable full-control ACE on the container (dacledit with inheritance).",
    "Protect containers holding privileged identities at the identities' tier.",
    'bh:contains'],
  PropagatesACEsTo: [
    "Inheritable ACEs set on the source container flow down to the target, which does not block inheritance.",
    "Whoever can change the container's DACL gains the same control over the target.",
    "Restrict DACL changes on containers; move sensitive objects to OUs managed only by their tier.",
    'bh:contains rights'],
  GPLink: [
    "The source GPO is linked to the target OU or domain, so its settings apply to users and computers below it.",
    "Whoever can edit the GPO can push a scheduled task or script to everything it applies to (SharpGPOAbuse, pyGPOAbuse).",
    "Treat GPOs linked above privileged objects as Tier Zero and restrict who can edit them.",
    'bh:gp-link t:T1484.001'],
  GPOAppliesTo: [
    "The source GPO applies to the target user or computer, given links, enforcement and blocked inheritance.",
    "Editing the GPO runs code on the target (immediate scheduled task, startup script, local admin change).",
    "Treat GPOs applying to Tier Zero objects as Tier Zero; restrict edit rights on them.",
    'bh:gp-link t:T1484.001'],
  CanApplyGPO: [
    "The source can link GPOs to a container above the target user or computer, so a GPO it controls can apply to the target.",
    "Link a malicious GPO (its own, or a spoofed one) to the container and push code to the target.",
    "Restrict gPLink writes and GPO creation to Group Policy administrators.",
    'bh:write-gp-link t:T1484.001'],
  ProtectAdminGroups: [
    "The source AdminSDHolder container stamps its ACL onto the target protected account or group about every hour (SDProp).",
    "An ACE added to AdminSDHolder is copied onto every protected object: a persistence technique.",
    "Audit the AdminSDHolder ACL and keep it at its defaults.",
    'bh:protect-admin-groups ml:windows-server/identity/ad-ds/plan/security-best-practices/appendix-c--protected-accounts-and-groups-in-active-directory'],
  GetChanges: [
    "The source holds DS-Replication-Get-Changes on the domain, one of the two rights DCSync needs.",
    "With GetChangesAll it allows DCSync; with GetChangesInFilteredSet it allows replicating LAPS passwords.",
    REPLICATION_FIX,
    'bh:get-changes ad:r-ds-replication-get-changes'],
  GetChangesAll: [
    "The source holds DS-Replication-Get-Changes-All on the domain: it may replicate secrets such as password hashes.",
    "With GetChanges it allows DCSync (Mimikatz lsadump::dcsync, Impacket secretsdump).",
    REPLICATION_FIX,
    'bh:get-changes-all ad:r-ds-replication-get-changes-all'],
  GetChangesInFilteredSet: [
    "The source holds DS-Replication-Get-Changes-In-Filtered-Set on the domain, covering confidential attributes like LAPS passwords.",
    "With GetChanges it allows replicating every LAPS password (see SyncLAPSPassword).",
    REPLICATION_FIX,
    'bh:get-changes-in-filtered-set ad:r-ds-replication-get-changes-in-filtered-set'],
  DCSync: [
    "The source holds GetChanges and GetChangesAll on the domain: it can replicate any secret like a domain controller.",
    "Pull the hash of any account, krbtgt included (Mimikatz lsadump::dcsync, Impacket secretsdump), then forge golden tickets.",
    "Only DCs, and the Entra Connect account if used, should hold these rights; alert on replication from other hosts.",
    'bh:dc-sync t:T1003.006'],
  SyncLAPSPassword: [
    "The source holds GetChanges and GetChangesInFilteredSet on the domain: it can replicate every LAPS password.",
    "Read LAPS passwords through directory replication (DirSync) and log on as local administrator anywhere.",
    "Remove these replication rights from everything but domain controllers.",
    'bh:sync-laps-password laps'],
  ReadLAPSPassword: [
    "The source may read the LAPS-managed local administrator password of the target computer.",
    "Read ms-Mcs-AdmPwd or msLAPS-Password (Get-LapsADPassword, NetExec) and log on as local administrator.",
    "Limit read access to the computer's admins; review All Extended Rights on computer OUs.",
    'bh:read-laps-password laps'],
  ReadGMSAPassword: [
    "The source may retrieve the password of the target group managed service account.",
    "Read msDS-ManagedPassword (gMSADumper, GMSAPasswordReader), derive the hash and authenticate as the account.",
    "Allow retrieval only by the hosts running the service, and protect them at the account's tier.",
    'bh:read-gmsa-password ml:windows-server/security/group-managed-service-accounts/group-managed-service-accounts-overview'],
  DumpSMSAPassword: [
    "The source computer hosts the target standalone managed service account, whose password is in its LSA secrets.",
    "An administrator of the computer extracts the LSA secrets (Mimikatz, secretsdump) and uses the account.",
    "Protect computers hosting privileged service accounts at the account's tier.",
    'bh:dump-smsa-password t:T1003.004'],
  HasSIDHistory: [
    "The source account's sIDHistory holds the target's SID, so the source's tokens carry the target's rights.",
    "Log on as the source to act as the target; injected SID history is a known persistence technique.",
    "Clear sIDHistory once migrations are done; keep SID filtering on trusts.",
    'bh:has-sid-history t:T1134.005'],
  // Active Directory: delegation, trusts and domain controllers
  AllowedToDelegate: [
    "The source is trusted for Kerberos constrained delegation to a service on the target (msDS-AllowedToDelegateTo).",
    "With the source's credentials, use S4U2Self and S4U2Proxy (Rubeus s4u, getST) to get a ticket to the target as any delegable user.",
    "Remove unneeded delegation; mark privileged accounts sensitive and not delegable or add them to Protected Users.",
    'bh:allowed-to-delegate ml:windows-server/security/kerberos/kerberos-constrained-delegation-overview'],
  AllowedToAct: [
    "The source is in the target computer's msDS-AllowedToActOnBehalfOfOtherIdentity (resource-based constrained delegation).",
    "With the source's credentials, get a ticket to the target as any delegable user, e.g. an admin (Rubeus s4u, getST).",
    "Clear the attribute unless required; put privileged users in Protected Users.",
    'bh:allowed-to-act ml:windows-server/security/kerberos/kerberos-constrained-delegation-overview'],
  CoerceToTGT: [
    "The source computer has unconstrained delegation: it receives the TGT of anyone who authenticates to it. The target is its domain.",
    "From the computer, coerce a DC to authenticate to it (PrinterBug, PetitPotam), capture the TGT (Rubeus monitor) and DCSync.",
    "Use constrained delegation instead, disable the Print Spooler on DCs, put privileged users in Protected Users.",
    'bh:coerce-to-tgt t:T1187'],
  DCFor: [
    "The source computer is a domain controller of the target domain.",
    "Control of a domain controller is control of the domain: dump NTDS.dit or DCSync from it.",
    "Treat domain controllers, and everything that controls them, as Tier Zero.",
    'bh:dc-for t:T1003.003'],
  SameForestTrust: [
    "The source domain trusts the target inside the same forest. The forest, not the domain, is the security boundary.",
    "Domain Admin of any domain can forge a ticket with the Enterprise Admins SID as extra SID and own the forest.",
    "Protect every domain of a forest as Tier Zero; put domains that need isolation in separate forests.",
    'bh:same-forest-trust t:T1134.005'],
  CrossForestTrust: [
    "The source domain trusts the target domain across a forest boundary (forest or external trust).",
    "Owning the trusted domain exposes what it was granted in the trusting one (see SpoofSIDHistory, AbuseTGTDelegation).",
    "Keep SID filtering on, prefer selective authentication, disable TGT delegation and remove unused trusts.",
    'bh:cross-forest-trust t:T1482'],
  SpoofSIDHistory: [
    "The target domain trusts the source across forests without SID filtering: the source's tickets may carry the target's SIDs.",
    "From the compromised source, forge a ticket whose SID history holds a privileged SID of the target and use it there.",
    "Enable SID filtering (quarantine) on the trust and do not allow SID history across it.",
    'bh:spoof-sid-history t:T1134.005'],
  AbuseTGTDelegation: [
    "The source domain trusts the target across forests with TGT delegation on: the target's TGTs reach unconstrained delegation hosts in the source.",
    "From the compromised source, coerce a DC of the target to authenticate to such a host, capture its TGT and DCSync the target.",
    "Disable TGT delegation on the trust (netdom trust /EnableTGTDelegation:No).",
    'bh:abuse-tgt-delegation t:T1558'],
  HasTrustKeys: [
    "The source domain's controllers hold the keys of the target, the trust account that the trusted domain keeps for this trust.",
    "From the compromised source, extract the trust key (DCSync, lsadump::trust) and authenticate in the target domain as that account.",
    "Rotate trust keys after a compromise and remove unused trusts.",
    'bh:has-trust-keys t:T1078.002'],
  // Active Directory: certificate services
  RootCAFor: [
    "The source root CA is trusted in the target domain (published in its Certification Authorities container).",
    "Not abusable alone; it is a link of the chain that makes a CA's certificates valid for logon.",
    "Publish only root CAs the organisation controls and remove stale ones.",
    'bh:root-ca-for adcs'],
  PublishedTo: [
    "The source certificate template is published to the target enterprise CA, which issues certificates from it.",
    "Not abusable alone; a vulnerable template is exploitable through the CAs that publish it.",
    "Unpublish templates that are not used.",
    'bh:published-to adcs'],
  HostsCAService: [
    "The source computer runs the target enterprise CA.",
    "An administrator of the computer can steal the CA's private key and forge certificates (see GoldenCert).",
    "Treat CA servers as Tier Zero and keep the CA key in an HSM.",
    'bh:hosts-ca-service t:T1649'],
  NTAuthStoreFor: [
    "The source NTAuth store belongs to the target domain: CAs listed in it may issue certificates for domain logon.",
    "Not abusable alone; write access to the store lets an attacker trust its own CA, so it is Tier Zero.",
    "Restrict who can modify the NTAuthCertificates object and remove unused CA certificates.",
    'bh:nt-auth-store-for adcs'],
  TrustedForNTAuth: [
    "The source enterprise CA is in the target NTAuth store: its certificates can be used for Kerberos (PKINIT) and Schannel logon.",
    "A prerequisite of every certificate-based escalation path.",
    "Keep only CAs that issue logon certificates in NTAuth.",
    'bh:trusted-for-nt-auth adcs'],
  EnterpriseCAFor: [
    "The source enterprise CA has the same certificate as the target root or intermediate CA: a link of the PKI chain.",
    CHAIN_ABUSE,
    CHAIN_FIX,
    'bh:enterprise-ca-for adcs'],
  IssuedSignedBy: [
    "The source CA certificate was signed by the target CA: a link of the certificate chain.",
    CHAIN_ABUSE,
    CHAIN_FIX,
    'bh:issued-signed-by adcs'],
  ManageCA: [
    "The source holds Manage CA (CA administrator) on the target enterprise CA.",
    "Change CA settings (EDITF_ATTRIBUTESUBJECTALTNAME2, templates, officers) to get a certificate for any user (ESC7).",
    "Limit CA administrators to PKI administrators in Tier Zero.",
    'bh:manage-ca t:T1649'],
  ManageCertificates: [
    "The source holds Issue and Manage Certificates (certificate manager) on the target enterprise CA.",
    "Approve pending requests held for manager approval, so a malicious request is issued (ESC7).",
    "Limit certificate managers to PKI administrators in Tier Zero.",
    'bh:manage-certificates t:T1649'],
  Enroll: [
    "The source may enroll on the target certificate template or enterprise CA.",
    "Not dangerous alone; with a vulnerable template it becomes one of the ADCSESC edges.",
    "Grant enrollment only where needed, not to Domain Users or Authenticated Users on sensitive templates.",
    'bh:enroll adcs'],
  DelegatedEnrollmentAgent: [
    "The CA's enrollment agent restrictions let the source request certificates from the target template on behalf of others.",
    "With an enrollment agent certificate, request a certificate as another user (ESC3).",
    "Configure restrictive enrollment agent restrictions on the CA.",
    'bh:delegated-enrollment-agent t:T1649'],
  EnrollOnBehalfOf: [
    "Certificates of the source agent template can request certificates of the target template on behalf of others.",
    "ESC3: enroll in the agent template, then request a target-template certificate for a privileged user.",
    "Restrict Certificate Request Agent templates and set enrollment agent restrictions on the CA.",
    'bh:enroll-on-behalf-of t:T1649'],
  WritePKIEnrollmentFlag: [
    "The source may write msPKI-Enrollment-Flag of the target certificate template.",
    "Turn off manager approval or similar protections to make the template exploitable (ESC4).",
    TEMPLATE_FIX,
    'bh:write-pki-enrollment-flag t:T1649'],
  WritePKINameFlag: [
    "The source may write msPKI-Certificate-Name-Flag of the target certificate template.",
    "Let the enrollee supply the subject and request certificates in any user's name (ESC4 leading to ESC1).",
    TEMPLATE_FIX,
    'bh:write-pki-name-flag t:T1649'],
  OIDGroupLink: [
    "The source issuance policy is linked to the target group (msDS-OIDToGroupLink): its certificates add the group at logon.",
    "ESC13: enroll on a template with this policy and authenticate to gain the group's rights.",
    "Link issuance policies only to narrowly scoped groups and control enrollment on the templates.",
    'bh:oid-group-link t:T1649'],
  ExtendedByPolicy: [
    "The source certificate template includes the target issuance policy.",
    "Not abusable alone; with an OIDGroupLink it can yield ESC13.",
    "Review which templates carry policies linked to groups.",
    'bh:extended-by-policy adcs'],
  GoldenCert: [
    "The source computer hosts an enterprise CA trusted for logon in the target domain.",
    "As its admin, steal the CA private key (Certipy ca -backup, SharpDPAPI) and forge certificates for any user (ForgeCert).",
    "Treat CA hosts as Tier Zero, keep the key in an HSM; after a theft, revoke the CA certificate and drop it from NTAuth.",
    'bh:golden-cert t:T1649'],
  ADCSESC1: [
    "The source can enroll on a template with client authentication, enrollee-supplied subject and no approval, at a CA trusted in the domain.",
    "Request a certificate naming a Domain Admin in the SAN and log on with it (Certipy req and auth, Certify with Rubeus).",
    "Turn off 'Supply in the request' or require manager approval; restrict enrollment on the template.",
    'bh:adcs-esc1 t:T1649'],
  ADCSESC3: [
    "The source can enroll on an enrollment agent template and on a template accepting agent-signed requests, at CAs trusted in the domain.",
    "Get an agent certificate, then request a logon certificate on behalf of a privileged user (Certipy req -on-behalf-of).",
    "Restrict enrollment on Certificate Request Agent templates and set enrollment agent restrictions on the CA.",
    'bh:adcs-esc3 t:T1649'],
  ADCSESC4: [
    "The source controls a certificate template (write or ownership rights) published by a CA trusted in the target domain.",
    "Make the template ESC1-vulnerable, request a certificate as a privileged user, then restore it (Certipy template).",
    "Only PKI administrators should hold write rights on templates; audit template changes.",
    'bh:adcs-esc4 t:T1649'],
  ADCSESC6a: [
    "The source can enroll on a logon template without the SID extension at a CA with EDITF_ATTRIBUTESUBJECTALTNAME2 (any requested SAN).",
    "Request a certificate with a privileged UPN in the SAN and log on with it through Kerberos while DCs accept weak mapping.",
    "Clear EDITF_ATTRIBUTESUBJECTALTNAME2 on the CA (certutil) and enforce strong certificate binding.",
    'bh:adcs-esc6a kb5014754'],
  ADCSESC6b: [
    "The source can enroll on a Schannel template at a CA with EDITF_ATTRIBUTESUBJECTALTNAME2, and a DC maps Schannel certificates by UPN.",
    "Request a certificate with a privileged UPN in the SAN and authenticate to LDAPS with it.",
    "Clear EDITF_ATTRIBUTESUBJECTALTNAME2 on the CA and remove UPN mapping from the DCs' Schannel CertificateMappingMethods.",
    'bh:adcs-esc6b kb5014754'],
  ADCSESC9a: [
    "The source controls a victim that can enroll on a template without the SID extension putting the UPN in the SAN, and a DC binds certificates weakly.",
    "Set the victim's UPN to a privileged user's, enroll as the victim, restore the UPN, then log on with the certificate (Certipy).",
    "Enforce strong binding (StrongCertificateBindingEnforcement 2), drop CT_FLAG_NO_SECURITY_EXTENSION, remove write access over victims.",
    'bh:adcs-esc9a kb5014754'],
  ADCSESC9b: [
    "As ESC9a, but the template puts the DNS name in the SAN: the victim is a computer whose dNSHostName the source can change.",
    "Set the victim's dNSHostName to a domain controller's, enroll, restore it, authenticate as the DC and DCSync.",
    "Enforce strong certificate binding, drop CT_FLAG_NO_SECURITY_EXTENSION from templates, remove write access over victims.",
    'bh:adcs-esc9b kb5014754'],
  ADCSESC10a: [
    "The source controls a victim that can enroll on a Schannel template putting the UPN in the SAN, and a DC maps Schannel certificates by UPN.",
    "Set the victim's UPN to a target's (e.g. a DC's), enroll, revert it, then authenticate to LDAPS with the certificate.",
    ESC10_FIX,
    'bh:adcs-esc10a kb5014754'],
  ADCSESC10b: [
    "As ESC10a, but the template puts the DNS name in the SAN: the victim is a computer whose dNSHostName the source can change.",
    "Set the victim's dNSHostName to a target's, enroll, revert it, then authenticate to LDAPS as the target.",
    ESC10_FIX,
    'bh:adcs-esc10b kb5014754'],
  ADCSESC13: [
    "The source can enroll on a logon template whose issuance policy is linked to the target group (OIDGroupLink).",
    "Enroll and log on with the certificate: the group's SID is added to the ticket, granting the group's rights.",
    "Remove the policy-to-group link or restrict enrollment on the template.",
    'bh:adcs-esc13 t:T1649'],
  ADCSESC16: [
    "A CA of the domain leaves the SID extension out of every certificate (disabled in its policy), so logon falls back to weak mapping.",
    "As ESC9: set a controlled victim's UPN to a privileged user's, enroll, restore it, and log on with the certificate.",
    "Re-enable the SID extension on the CA (remove it from DisableExtensionList) and enforce strong certificate binding.",
    'kb5014754 t:T1649'],
  CanAbuseWeakCertBinding: [
    "The target DC may map certificates of the source enterprise CA weakly (Kerberos StrongCertificateBindingEnforcement 0 or 1).",
    "Enables ESC6a and ESC9 paths: a certificate with a spoofed UPN or DNS name logs on as another account.",
    "Set StrongCertificateBindingEnforcement to 2 (Full Enforcement) on every DC.",
    'kb5014754'],
  CanAbuseUPNCertMapping: [
    "The target DC maps Schannel client certificates of the source CA by UPN (CertificateMappingMethods has the UPN bit).",
    "Enables ESC6b and ESC10 paths: LDAPS logon with a certificate whose UPN was spoofed.",
    "Remove the UPN bit (0x4) from CertificateMappingMethods on DCs.",
    'kb5014754'],
  // Active Directory: NTLM relay and hybrid identity
  CoerceAndRelayNTLMToSMB: [
    "Any authenticated user can coerce a computer that is local admin of the target and relay it to the target's SMB, which does not require signing.",
    "Trigger the authentication (PetitPotam, PrinterBug, Coercer) and relay it with ntlmrelayx to run code on the target.",
    "Require SMB signing everywhere, avoid computer accounts as local administrators, and restrict NTLM.",
    'bh:coerce-and-relay-ntlm-to-smb ml:windows-server/storage/file-server/smb-signing-overview'],
  CoerceAndRelayNTLMToADCS: [
    "Any authenticated user can coerce the target computer and relay it to AD CS web enrollment without Extended Protection (ESC8).",
    "Coerce the computer (PetitPotam), relay to web enrollment (ntlmrelayx, Certipy relay), get its certificate and log on as it.",
    "Require HTTPS with Extended Protection on AD CS web endpoints, disable NTLM there, or remove web enrollment.",
    'bh:coerce-and-relay-ntlm-to-adcs kb5005413'],
  CoerceAndRelayNTLMToLDAP: [
    "Any authenticated user can coerce the target over HTTP (WebClient) and relay its authentication to a DC whose LDAP does not require signing.",
    LDAP_RELAY,
    "Require LDAP signing on DCs and disable the WebClient service where it is not needed.",
    'bh:coerce-and-relay-ntlm-to-ldap ml:troubleshoot/windows-server/active-directory/enable-ldap-signing-in-windows-server'],
  CoerceAndRelayNTLMToLDAPS: [
    "Any authenticated user can coerce the target computer and relay its authentication to LDAPS on a DC that does not enforce channel binding.",
    LDAP_RELAY,
    "Enforce LDAP channel binding and signing on DCs; disable the WebClient service where it is not needed.",
    'bh:coerce-and-relay-ntlm-to-ldaps ml:troubleshoot/windows-server/active-directory/enable-ldap-signing-in-windows-server'],
  SyncedToEntraUser: [
    "The source AD user is synchronized to the target Entra ID user (Entra Connect or Cloud Sync).",
    "Control of the AD account (e.g. a password reset, with hash sync or pass-through auth) gives the cloud account unless MFA stops it.",
    "Do not sync privileged cloud accounts: use cloud-only admin accounts with phishing-resistant MFA.",
    'bh:synced-to-entra-user sync'],
};
