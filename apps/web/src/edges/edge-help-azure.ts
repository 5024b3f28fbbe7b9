// Edge help for the Azure and Entra ID kinds (the table edge-help.ts looks up). Written for Pathwarden from public
// documentation in our own words; plain text only. References are tokens that edge-help.ts expands into URLs.
import type { HelpEntry } from './edge-help';

// Texts shared by several kinds.
const LIKE_GA_FIX = "Treat the role like Global Administrator: few holders, PIM with approval.";
const APP_ADMIN_ABUSE = "Add a secret to a privileged service principal and authenticate as it.";
const APP_ADMIN_FIX = "Keep few holders and use PIM; watch for credential changes on privileged apps.";
const LEGACY_GRANT_FIX = "Review role-granting roles and Graph permissions; newer data shows AZMGGrantRole and AZMGGrantAppRoles.";
const GRAPH_FIX = "Remove unneeded Graph application permissions and protect the service principal's credentials.";
const GRAPH_GA_FIX = "Treat this permission as Global Administrator equivalent and remove it where possible.";
const GRAPH_T0_FIX = "Treat the holder as Tier Zero; remove the permission where possible.";
const GRAPH_NARROW_FIX = "Replace it with narrower permissions and protect the holder's credentials.";

export const AZURE_EDGE_HELP: Record<string, HelpEntry> = {
  SyncedToADUser: [
    "The source Entra ID user is synchronized from the target AD user.",
    "With password writeback, control of the cloud account can reach the AD account; both usually share a password.",
    "Scope password writeback carefully and do not sync privileged AD accounts.",
    'bh:synced-to-ad-user sync'],
  AZMemberOf: [
    "The source is a member of the target Entra group and receives its roles and access.",
    "Nothing to do: the group's roles and permissions are used directly.",
    "Use role-assignable groups for privileged access and review their members.",
    'bh:az-member-of ml:entra/identity/role-based-access-control/groups-concept'],
  AZHasRole: [
    "The source holds the target Entra ID role through an active assignment.",
    "The role's permissions are used directly.",
    "Keep privileged roles few and make them eligible through PIM with approval instead of active.",
    'bh:az-has-role entraroles'],
  AZRoleEligible: [
    "The source is eligible for the target Entra ID role through Privileged Identity Management and can activate it.",
    "Activate the role (subject to MFA, justification or approval) and use it.",
    "Require approval and phishing-resistant MFA for activation of privileged roles.",
    'bh:az-role-eligible pim'],
  AZRoleApprover: [
    "The source approves activation requests for the target Entra ID role in Privileged Identity Management.",
    "An approver can approve a colluding or compromised requester's activation.",
    "Choose approvers at the role's privilege level and review approvals.",
    'bh:az-role-approver pim'],
  AZScopedTo: [
    "Links a role assignment to the scope it is limited to, such as an administrative unit or a single object.",
    "Not abusable alone; it narrows what the related role grants.",
    "Prefer scoped role assignments over tenant-wide ones.",
    'bh:az-scoped-to entraroles'],
  AZGlobalAdmin: [
    "The source holds Global Administrator in the target tenant.",
    "Full control of Entra ID; it can also elevate itself to User Access Administrator over every Azure subscription.",
    "Keep very few Global Administrators, cloud-only, with phishing-resistant MFA and PIM.",
    'bh:az-global-admin entraroles'],
  AZPrivilegedRoleAdmin: [
    "The source holds Privileged Role Administrator: it can assign any Entra ID role, Global Administrator included.",
    "Assign Global Administrator to a controlled account.",
    LIKE_GA_FIX,
    'bh:az-privileged-role-admin entraroles'],
  AZPrivilegedAuthAdmin: [
    "The source holds Privileged Authentication Administrator: it can reset credentials of any user, admins included.",
    "Reset a Global Administrator's credentials and sign in as them.",
    LIKE_GA_FIX,
    'bh:az-privileged-auth-admin entraroles'],
  AZResetPassword: [
    "The source can reset the target user's password through its Entra ID role.",
    "Reset the password and sign in as the user, if MFA does not stop it.",
    "Keep privileged users in role-assignable groups or restricted admin units, out of reach of lower roles.",
    'bh:az-reset-password entraroles'],
  AZAddMembers: [
    "The source can add members to the target group, through a role or as an owner of the group.",
    "Add a controlled account and gain the group's roles and access.",
    "Use role-assignable groups for privileged access: only privileged role administrators can change them.",
    'bh:az-add-members t:T1098'],
  AZAddOwner: [
    "The source can add owners to the target application, service principal or group.",
    "Make itself owner, then add credentials (apps) or members (groups).",
    "Limit application and group administration roles and monitor owner changes.",
    'bh:az-add-owner apps'],
  AZAddSecret: [
    "The source can add credentials (secrets or certificates) to the target application or service principal.",
    "Add a secret and sign in as the service principal with all its permissions.",
    "Limit Application and Cloud Application Administrators; alert on new credentials on privileged apps.",
    'bh:az-add-secret t:T1098.001'],
  AZAppAdmin: [
    "The source holds Application Administrator: it manages every app and service principal, credentials included.",
    APP_ADMIN_ABUSE,
    APP_ADMIN_FIX,
    'bh:az-app-admin entraroles'],
  AZCloudAppAdmin: [
    "The source holds Cloud Application Administrator: it manages apps and service principals, credentials included.",
    APP_ADMIN_ABUSE,
    APP_ADMIN_FIX,
    'bh:az-cloud-app-admin entraroles'],
  AZOwns: [
    "The source owns the target Entra object (application, service principal or group).",
    "Add credentials to an owned app or service principal, or members to an owned group.",
    "Review owners of privileged apps and groups; prefer no individual owners.",
    'bh:az-owns apps'],
  AZRunsAs: [
    "The source application registration runs as the target service principal, its instance in the tenant.",
    "Whoever controls the app (owner, app admin) can add credentials that authenticate as the service principal.",
    "Restrict ownership and administration of applications whose service principals are privileged.",
    'bh:az-runs-as apps'],
  AZGrant: [
    "An older AzureHound relationship: the source can grant roles or app permissions to other principals.",
    "Grant a privileged role or application permission to a controlled principal.",
    LEGACY_GRANT_FIX,
    'graph entraroles'],
  AZGrantSelf: [
    "An older AzureHound relationship: the source can grant roles or app permissions to itself.",
    "Grant itself a privileged role or application permission.",
    LEGACY_GRANT_FIX,
    'graph entraroles'],
  AZMGAddMember: [
    "The source service principal has a Graph permission to add members to the target group.",
    "Authenticate as the service principal and add a controlled account to the group.",
    GRAPH_FIX,
    'bh:az-mg-add-member graph'],
  AZMGAddOwner: [
    "The source service principal has a Graph permission to add owners to the target app, service principal or group.",
    "Authenticate as the service principal and make a controlled account the owner.",
    GRAPH_FIX,
    'bh:az-mg-add-owner graph'],
  AZMGAddSecret: [
    "The source service principal has a Graph permission to add credentials to the target app or service principal.",
    "Add a secret to a more privileged service principal and authenticate as it.",
    "Remove Application.ReadWrite.All where not required and protect the service principal's credentials.",
    'bh:az-mg-add-secret graph'],
  AZMGGrantAppRoles: [
    "The source service principal holds AppRoleAssignment.ReadWrite.All: it can grant any app permission, to itself too.",
    "Grant itself RoleManagement.ReadWrite.Directory, then assign Global Administrator.",
    GRAPH_GA_FIX,
    'bh:az-mg-grant-app-roles graph'],
  AZMGGrantRole: [
    "The source service principal holds RoleManagement.ReadWrite.Directory: it can assign any Entra ID role.",
    "Assign Global Administrator to a controlled principal.",
    GRAPH_GA_FIX,
    'bh:az-mg-grant-role graph'],
  AZMGApplication_ReadWrite_All: [
    "The source service principal holds the Graph permission Application.ReadWrite.All in the tenant.",
    "It can add credentials and owners to any app or service principal (see AZMGAddSecret, AZMGAddOwner).",
    "Grant it only when unavoidable and protect the holder as highly privileged.",
    'bh:az-mg-application-readwrite-all graph'],
  AZMGAppRoleAssignment_ReadWrite_All: [
    "The source service principal holds the Graph permission AppRoleAssignment.ReadWrite.All in the tenant.",
    "It can grant itself any application permission and reach Global Administrator (see AZMGGrantAppRoles).",
    GRAPH_T0_FIX,
    'bh:az-mg-app-role-assignment-readwrite-all graph'],
  AZMGDirectory_ReadWrite_All: [
    "The source service principal holds the Graph permission Directory.ReadWrite.All in the tenant.",
    "It can change many directory objects, for example add members to non-role-assignable groups.",
    GRAPH_NARROW_FIX,
    'bh:az-mg-directory-readwrite-all graph'],
  AZMGGroup_ReadWrite_All: [
    "The source service principal holds the Graph permission Group.ReadWrite.All in the tenant.",
    "It can change groups and their members and owners, except role-assignable groups (see AZMGAddMember).",
    GRAPH_NARROW_FIX,
    'bh:az-mg-group-readwrite-all graph'],
  AZMGGroupMember_ReadWrite_All: [
    "The source service principal holds the Graph permission GroupMember.ReadWrite.All in the tenant.",
    "It can add members to groups that are not role-assignable (see AZMGAddMember).",
    GRAPH_NARROW_FIX,
    'bh:az-mg-group-member-readwrite-all graph'],
  AZMGRoleManagement_ReadWrite_Directory: [
    "The source service principal holds the Graph permission RoleManagement.ReadWrite.Directory in the tenant.",
    "It can assign any Entra ID role, Global Administrator included (see AZMGGrantRole).",
    GRAPH_T0_FIX,
    'bh:az-mg-role-management-readwrite-directory graph'],
  AZMGServicePrincipalEndpoint_ReadWrite_All: [
    "The source service principal holds the Graph permission ServicePrincipalEndpoint.ReadWrite.All in the tenant.",
    "It can change service principal endpoints, which may redirect sign-ins or tokens for affected apps.",
    "Remove the permission unless an integration truly requires it.",
    'bh:az-mg-service-principal-endpoint-readwrite-all graph'],
  AZExecuteCommand: [
    "The source can run scripts on the target Intune-managed device (Intune or Global Administrator role).",
    "Deploy a PowerShell script through Intune that runs as SYSTEM on the device.",
    "Limit Intune administration roles and require multiple administrator approval for scripts.",
    'bh:az-execute-command t:T1651'],
  AZContains: [
    "The source tenant, management group, subscription or resource group contains the target, which inherits its roles.",
    "Control of a container, such as Owner on a subscription, extends to everything under it.",
    "Assign roles at the narrowest scope and review inherited assignments.",
    'bh:az-contains ml:azure/governance/management-groups/overview'],
  AZOwner: [
    "The source holds the Owner role on the target Azure resource or scope.",
    "Everything Contributor can do, plus granting any role on the scope, for example to itself.",
    "Keep Owner assignments few and scoped; use PIM for them.",
    'bh:az-owner azroles'],
  AZUserAccessAdministrator: [
    "The source holds User Access Administrator on the target Azure resource or scope: it can manage role assignments.",
    "Grant itself Owner or Contributor on the scope, then abuse the resources.",
    "Keep assignments few and scoped; use PIM for them.",
    'bh:az-user-access-administrator azroles'],
  AZContributor: [
    "The source holds Contributor or an equivalent role on the target resource or scope: it manages everything but access.",
    "Run commands on VMs or deploy code to apps and use their managed identities.",
    "Reduce Contributor assignments, especially at subscription and management group scope.",
    'bh:az-contributor azroles'],
  AZVMContributor: [
    "The source holds Virtual Machine Contributor on the target VM.",
    "Run commands as SYSTEM or root (Run Command) and get tokens for the VM's managed identity.",
    "Limit the role and the managed identity permissions of VMs.",
    'bh:az-vm-contributor runcmd'],
  AZAvereContributor: [
    "The source holds Avere Contributor on the target VM's scope; the role can run commands on virtual machines.",
    "Run commands on the VM (Run Command) and use its managed identity.",
    "Remove Avere Contributor unless an Avere deployment needs it.",
    'bh:az-avere-contributor azroles'],
  AZVMAdminLogin: [
    "The source holds Virtual Machine Administrator Login on the target VM: it may sign in as an administrator.",
    "Sign in over RDP or SSH, access data and steal credentials or managed identity tokens.",
    "Limit the role and require Conditional Access for VM sign-in.",
    'bh:az-vm-admin-login ml:entra/identity/devices/howto-vm-sign-in-azure-ad-windows'],
  AZAKSContributor: [
    "The source holds Azure Kubernetes Service Contributor on the target managed cluster.",
    "Run commands in the cluster or get its credentials, then use its workloads' identities.",
    "Limit the role, use Entra ID authentication with Kubernetes RBAC and disable local accounts.",
    'bh:az-aks-contributor azroles'],
  AZNodeResourceGroup: [
    "The source managed cluster keeps its node VMs in the target resource group.",
    "Control of the node resource group (e.g. Contributor) gives code execution on the cluster's nodes.",
    "Restrict roles on node resource groups as strictly as on the cluster itself.",
    'bh:az-node-resource-group ml:azure/aks/concepts-clusters-workloads'],
  AZWebsiteContributor: [
    "The source holds Website Contributor on the target web or function app.",
    "Deploy code to the app and use its managed identity or stored secrets.",
    "Limit the role and the permissions of app managed identities.",
    'bh:az-website-contributor ml:azure/app-service/overview-managed-identity'],
  AZLogicAppContributor: [
    "The source holds Logic App Contributor on the target logic app.",
    "Change the workflow to call APIs with the logic app's managed identity or connections.",
    "Limit the role and the permissions of logic app identities.",
    'bh:az-logic-app-contributor ml:azure/logic-apps/authenticate-with-managed-identity'],
  AZAutomationContributor: [
    "The source holds Automation Contributor on the target automation account.",
    "Create and run a runbook that uses the account's managed identity or stored credentials.",
    "Limit the role and the permissions of automation account identities.",
    'bh:az-automation-contributor ml:azure/automation/automation-security-overview'],
  AZKeyVaultContributor: [
    "The source holds Key Vault Contributor on the target vault: it manages the vault, including its access policies.",
    "With the access policy model, grant itself access to secrets, keys and certificates, then read them.",
    "Switch vaults to the Azure RBAC permission model and limit the role.",
    'bh:az-key-vault-contributor kv'],
  AZGetSecrets: [
    "The source can read secrets in the target Key Vault.",
    "Read secrets (Az PowerShell, Azure CLI) such as passwords or app credentials and use them.",
    "Grant secret access per vault, only to the workloads that need it.",
    'bh:az-get-secrets t:T1555.006'],
  AZGetKeys: [
    "The source can read or use keys in the target Key Vault.",
    "Use the keys to decrypt or sign data protected by them.",
    "Grant key access per vault, only to the workloads that need it.",
    'bh:az-get-keys kv'],
  AZGetCertificates: [
    "The source can read certificates in the target Key Vault, private keys included.",
    "Export a certificate and authenticate as the service principal or service that uses it.",
    "Grant certificate access per vault, only to the workloads that need it.",
    'bh:az-get-certificates kv'],
  AZManagedIdentity: [
    "The source resource (VM, app, automation account...) has the target managed identity.",
    "Code running on the resource can get tokens for the identity and use its permissions.",
    "Give managed identities least privilege; protect their resources at the identity's level.",
    'bh:az-managed-identity mi'],
};
