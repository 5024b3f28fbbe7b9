/**
 * Fixed identifiers Azure and Entra ID use in every tenant: built-in Azure RBAC role definitions, Entra directory
 * roles that can add secrets to apps, Microsoft Graph's application id and the app roles that give control over
 * the directory, and the `@odata.type` names of directory objects.
 */
export const AZURE_ROLE = {
  owner: '8e3af657-a8ff-443c-a75c-2fe8c4bcb635',
  userAccessAdmin: '18d7d88d-d35e-4fb5-a5c3-7773c20a72d9',
  contributor: 'b24988ac-6180-42a0-ab88-20f7382dd24c',
  websiteContributor: 'de139f84-1756-47ae-9be6-808fbbe84772',
  automationContributor: 'f353d9bd-d4a6-484e-a77a-8050b599b867',
  logicAppContributor: '87a39d53-fc1b-424a-814c-f7e04687dc9e',
  vmContributor: '9980e02c-c2be-4d73-94e8-173b1dc7cf3c',
  aksContributor: 'ed7f3fbd-7b88-4dd4-9017-9adb7ce333f8',
} as const;

/** The edge a resource-scoped role assignment becomes. */
export const EDGE_BY_AZURE_ROLE: Readonly<Record<string, string>> = {
  [AZURE_ROLE.owner]: 'AZOwner',
  [AZURE_ROLE.userAccessAdmin]: 'AZUserAccessAdministrator',
  [AZURE_ROLE.contributor]: 'AZContributor',
  [AZURE_ROLE.websiteContributor]: 'AZWebsiteContributor',
  [AZURE_ROLE.automationContributor]: 'AZAutomationContributor',
  [AZURE_ROLE.logicAppContributor]: 'AZLogicAppContributor',
  [AZURE_ROLE.vmContributor]: 'AZVMContributor',
  [AZURE_ROLE.aksContributor]: 'AZAKSContributor',
};

/** Entra roles that, scoped to one app or service principal, let the holder add a secret to it. */
export const EDGE_BY_SECRET_ROLE: Readonly<Record<string, string>> = {
  '9b895d92-2cd3-44c7-9d02-a6ac2d5ea5c3': 'AZAppAdmin', // Application Administrator
  '158c047a-c907-4556-b7ef-446551a6b5f7': 'AZCloudAppAdmin', // Cloud Application Administrator
};

export const MS_GRAPH_APP_ID = '00000003-0000-0000-c000-000000000000';

/** Microsoft Graph application permissions (app role ids) recorded as edges to the Graph service principal. */
export const EDGE_BY_MS_GRAPH_APP_ROLE: Readonly<Record<string, string>> = {
  '1bfefb4e-e0b5-418b-a88f-73c46d2cc8e9': 'AZMGApplication_ReadWrite_All',
  '06b708a9-e830-4db3-a914-8e69da51d44f': 'AZMGAppRoleAssignment_ReadWrite_All',
  '19dbc75e-c2e2-444c-a770-ec69d8559fc7': 'AZMGDirectory_ReadWrite_All',
  '62a82d76-70ea-41e2-9197-370581804d09': 'AZMGGroup_ReadWrite_All',
  'dbaae8cf-10b5-4b86-a4a1-f871c94c6695': 'AZMGGroupMember_ReadWrite_All',
  '9e3f62cf-ca93-4989-b6ce-bf83c28f9fe8': 'AZMGRoleManagement_ReadWrite_Directory',
  '89c8469c-83ad-45f7-8ff2-6e3d4285709e': 'AZMGServicePrincipalEndpoint_ReadWrite_All',
};

/** Directory object types that can own or be members; others (e.g. org contacts) are skipped with a warning. */
export const KIND_BY_ODATA_TYPE: Readonly<Record<string, string>> = {
  '#microsoft.graph.group': 'AZGroup',
  '#microsoft.graph.user': 'AZUser',
  '#microsoft.graph.serviceprincipal': 'AZServicePrincipal',
  '#microsoft.graph.device': 'AZDevice',
};

/** A role definition id as a bare lower-case GUID, whether given as a GUID or as an ARM resource id. */
export function roleGuid(value: string): string {
  return value.slice(value.lastIndexOf('/') + 1).toLowerCase();
}
