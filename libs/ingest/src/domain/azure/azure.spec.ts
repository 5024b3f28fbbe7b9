import { readFileSync } from 'node:fs';
import type { BatchEdge } from '@app/graph';
import { ObjectError } from '../converted.js';
import { convertAzure } from './index.js';
import { COLLECTOR_FIXTURES } from '../../testing/fixtures.js';

const FIXTURE = `${COLLECTOR_FIXTURES}/azurehound/federated_identity_credentials.json`;
const TENANT = '6c12b0b0-b2cc-4a73-8252-0b94bfca2145';
const T = TENANT.toUpperCase();
const OWNER_ROLE = '8e3af657-a8ff-443c-a75c-2fe8c4bcb635';
const WEBSITE_CONTRIBUTOR = 'de139f84-1756-47ae-9be6-808fbbe84772';

/** Edges as `start -kind-> end` strings, easy to compare whole. */
const arrows = (edges: BatchEdge[]) => edges.map((e) => `${e.start.objectid} -${e.kind}-> ${e.end.objectid}`);

describe('convertAzure', () => {
  it('maps the federated identity credentials fixture as BloodHound ingests it', () => {
    const file = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { data: unknown[] };
    const results = file.data.map((record) => convertAzure(record));
    const nodes = results.flatMap((r) => r.nodes);
    const edges = results.flatMap((r) => r.edges);
    // 14 credentials over 7 apps (BloodHound's expected graph for this fixture: 14 credential nodes, 7 app nodes,
    // 14 AZAuthenticatesTo edges; the apps are stubs here, created by the writer from the edge ends).
    expect(nodes).toHaveLength(14);
    expect(new Set(nodes.map((n) => n.objectid)).size).toBe(14);
    expect(edges).toHaveLength(14);
    expect(new Set(edges.map((e) => e.end.objectid)).size).toBe(7);
    expect(new Set(edges.map((e) => e.kind))).toEqual(new Set(['AZAuthenticatesTo']));
    expect(nodes.find((n) => n.objectid === '93C06DCE-346E-41CE-AB5B-2FF937A0595F')).toEqual({
      objectid: '93C06DCE-346E-41CE-AB5B-2FF937A0595F',
      kinds: ['AZBase', 'AZFederatedIdentityCredential'],
      properties: {
        name: 'APPPROXY-FIC',
        description: 'Required for Application Proxy flow',
        issuer: `https://login.microsoftonline.com/${TENANT}/v2.0`,
        subject: '/eid1/c/pub/t/sLASbMyyc0qCUguUv8ohRQ/a/i3PuRxo_x0-rETfkgisAfg/0d29ecac-dc63-41be-a19b-17ccbb781f1f',
        audiences: ['api://AzureADTokenExchange'],
      },
    });
    expect(edges).toContainEqual({
      start: { objectid: '93C06DCE-346E-41CE-AB5B-2FF937A0595F', kinds: ['AZBase', 'AZFederatedIdentityCredential'] },
      end: { objectid: '0D29ECAC-DC63-41BE-A19B-17CCBB781F1F', kinds: ['AZBase', 'AZApp'] },
      kind: 'AZAuthenticatesTo',
      properties: {},
    });
    expect(nodes.find((n) => n.objectid === 'F40ABC17-C0BA-4D1D-A4AC-C5025AAE55D6')?.properties.description).toBe('');
  });

  it('converts a tenant', () => {
    expect(convertAzure({ kind: 'AZTenant', data: { tenantId: TENANT, displayName: 'Contoso', collected: true } })).toEqual({
      nodes: [{ objectid: T, kinds: ['AZBase', 'AZTenant'], properties: { name: 'CONTOSO', displayname: 'Contoso', tenantid: T, collected: true } }],
      edges: [],
    });
  });

  it('converts a user, its synced AD account and its tenant link', () => {
    const result = convertAzure({
      kind: 'AZUser',
      data: {
        id: 'aaaa-1', userPrincipalName: 'alice@contoso.com', accountEnabled: true, displayName: 'Alice',
        createdDateTime: '2024-01-02T03:04:05Z', onPremisesSecurityIdentifier: 's-1-5-21-1-2-3-1104', tenantId: TENANT,
        userType: 'Member', mail: null,
      },
    });
    expect(result.nodes).toEqual([
      {
        objectid: 'AAAA-1', kinds: ['AZBase', 'AZUser'],
        properties: {
          name: 'ALICE@CONTOSO.COM', enabled: true, whencreated: 1704164645, displayname: 'Alice',
          onpremid: 's-1-5-21-1-2-3-1104', userprincipalname: 'alice@contoso.com', usertype: 'Member', tenantid: T,
        },
      },
      { objectid: 'S-1-5-21-1-2-3-1104', kinds: ['Base', 'User'], properties: {} },
    ]);
    expect(result.edges).toEqual([{
      start: { objectid: T, kinds: ['AZBase', 'AZTenant'] }, end: { objectid: 'AAAA-1', kinds: ['AZBase', 'AZUser'] },
      kind: 'AZContains', properties: {},
    }]);
  });

  it('names groups and devices after their tenant', () => {
    const group = convertAzure({ kind: 'AZGroup', data: { id: 'g1', displayName: 'Admins', tenantName: 'contoso.com', tenantId: TENANT, securityEnabled: true } });
    expect(group.nodes[0].properties).toMatchObject({ name: 'ADMINS@CONTOSO.COM', securityenabled: true, tenantid: T });
    const device = convertAzure({ kind: 'AZDevice', data: { id: 'd1', displayName: 'laptop', tenantName: 'contoso.com', tenantId: TENANT, operatingSystem: 'Windows' } });
    expect(device.nodes[0]).toMatchObject({ objectid: 'D1', kinds: ['AZBase', 'AZDevice'], properties: { name: 'LAPTOP@CONTOSO.COM', operatingsystem: 'Windows' } });
    expect(arrows(device.edges)).toEqual([`${T} -AZContains-> D1`]);
  });

  it('converts an app and a service principal that runs as it', () => {
    const app = convertAzure({ kind: 'AZApp', data: { appId: 'app-1', displayName: 'Portal', publisherDomain: 'contoso.com', tenantId: TENANT } });
    expect(app.nodes[0]).toMatchObject({ objectid: 'APP-1', kinds: ['AZBase', 'AZApp'], properties: { name: 'PORTAL@CONTOSO.COM', appid: 'app-1' } });
    const sp = convertAzure({
      kind: 'AZServicePrincipal',
      data: { id: 'sp-1', appId: 'app-1', displayName: 'Portal', appDisplayName: 'Portal', tenantName: 'contoso.com', tenantId: TENANT, appOwnerOrganizationId: TENANT, servicePrincipalType: 'Application' },
    });
    expect(sp.nodes.map((n) => [n.objectid, n.kinds])).toEqual([['SP-1', ['AZBase', 'AZServicePrincipal']], ['APP-1', ['AZBase', 'AZApp']]]);
    expect(arrows(sp.edges)).toEqual(['APP-1 -AZRunsAs-> SP-1', `${T} -AZContains-> SP-1`]);
  });

  it('keys roles by role and tenant, and turns assignments into AZHasRole or app admin edges', () => {
    const role = convertAzure({ kind: 'AZRole', data: { id: '62e90394-69f5-4237-9190-012177145e10', displayName: 'Global Administrator', tenantId: TENANT, tenantName: 'contoso.com', isBuiltIn: true } });
    expect(role.nodes[0].objectid).toBe(`62E90394-69F5-4237-9190-012177145E10@${T}`);
    const assignments = convertAzure({
      kind: 'AZRoleAssignment',
      data: {
        tenantId: TENANT, roleDefinitionId: '62e90394-69f5-4237-9190-012177145e10',
        roleAssignments: [
          { principalId: 'u1', roleDefinitionId: '62e90394-69f5-4237-9190-012177145e10', directoryScopeId: '/' },
          { principalId: 'u2', roleDefinitionId: '9b895d92-2cd3-44c7-9d02-a6ac2d5ea5c3', directoryScopeId: '/sp-9' },
          { principalId: 'u3', roleDefinitionId: '9b895d92-2cd3-44c7-9d02-a6ac2d5ea5c3', directoryScopeId: '/' },
        ],
      },
    });
    expect(arrows(assignments.edges)).toEqual([
      `U1 -AZHasRole-> 62E90394-69F5-4237-9190-012177145E10@${T}`,
      'U2 -AZAppAdmin-> SP-9',
      `U3 -AZHasRole-> 9B895D92-2CD3-44C7-9D02-A6AC2D5EA5C3@${T}`,
    ]);
    expect(assignments.edges[0].properties).toEqual({ scope: T });
    expect(assignments.edges[0].start.kinds).toEqual(['AZBase']);
  });

  it('links typed owners and members, skipping unsupported directory objects with a warning', () => {
    const members = convertAzure({
      kind: 'AZGroupMember',
      data: {
        groupId: 'g1',
        members: [
          { groupId: 'g1', member: { id: 'u1', '@odata.type': '#microsoft.graph.user' } },
          { groupId: 'g1', member: { id: 'sp1', '@odata.type': '#microsoft.graph.servicePrincipal' } },
          { groupId: 'g1', member: { id: 'c1', '@odata.type': '#microsoft.graph.orgContact' } },
        ],
      },
    });
    expect(arrows(members.edges)).toEqual(['U1 -AZMemberOf-> G1', 'SP1 -AZMemberOf-> G1']);
    expect(members.edges[1].start.kinds).toEqual(['AZBase', 'AZServicePrincipal']);
    expect(members.warnings).toEqual(['AZGroupMember: directory object type "#microsoft.graph.orgContact" is not supported']);
    const owners = convertAzure({ kind: 'AZAppOwner', data: { appId: 'app-1', owners: [{ owner: { id: 'u1', '@odata.type': '#microsoft.graph.user' } }] } });
    expect(arrows(owners.edges)).toEqual(['U1 -AZOwns-> APP-1']);
  });

  it('records Microsoft Graph app permissions that control the directory', () => {
    const result = convertAzure({
      kind: 'AZAppRoleAssignment',
      data: {
        appId: '00000003-0000-0000-c000-000000000000', principalType: 'ServicePrincipal', principalId: 'sp-1',
        principalDisplayName: 'Automation', resourceId: 'graph-sp', resourceDisplayName: 'Microsoft Graph',
        appRoleId: '9e3f62cf-ca93-4989-b6ce-bf83c28f9fe8', tenantId: TENANT,
      },
    });
    expect(arrows(result.edges)).toEqual(['SP-1 -AZMGRoleManagement_ReadWrite_Directory-> GRAPH-SP']);
    expect(result.nodes.map((n) => n.properties.displayname)).toEqual(['AUTOMATION', 'MICROSOFT GRAPH']);
    expect(convertAzure({ kind: 'AZAppRoleAssignment', data: { appId: 'other', principalType: 'ServicePrincipal' } }))
      .toEqual({ nodes: [], edges: [] });
  });

  it('builds the resource hierarchy', () => {
    const sub = '/subscriptions/s1';
    const rg = `${sub}/resourceGroups/rg1`;
    expect(arrows(convertAzure({ kind: 'AZSubscription', data: { id: sub, displayName: 'Prod', tenantId: TENANT } }).edges))
      .toEqual([`${T} -AZContains-> /SUBSCRIPTIONS/S1`]);
    expect(arrows(convertAzure({ kind: 'AZResourceGroup', data: { id: rg, name: 'rg1', subscriptionId: sub, tenantId: TENANT } }).edges))
      .toEqual(['/SUBSCRIPTIONS/S1 -AZContains-> /SUBSCRIPTIONS/S1/RESOURCEGROUPS/RG1']);
    const descendant = convertAzure({
      kind: 'AZManagementGroupDescendant',
      data: { id: sub, properties: { parent: { id: '/providers/Microsoft.Management/managementGroups/root' } } },
    });
    expect(arrows(descendant.edges)).toEqual(['/PROVIDERS/MICROSOFT.MANAGEMENT/MANAGEMENTGROUPS/ROOT -AZContains-> /SUBSCRIPTIONS/S1']);
    expect(descendant.edges[0].end.kinds).toEqual(['AZBase']);
  });

  it('converts key vaults, access policies and vault role holders on the vault itself only', () => {
    const kv = '/subscriptions/s1/resourceGroups/rg1/providers/Microsoft.KeyVault/vaults/kv1';
    const vault = convertAzure({ kind: 'AZKeyVault', data: { id: kv, name: 'kv1', resourceGroup: '/subscriptions/s1/resourceGroups/rg1', tenantId: TENANT, properties: { enableRbacAuthorization: false } } });
    expect(vault.nodes[0].properties).toEqual({ name: 'KV1', enablerbacauthorization: false, tenantid: T });
    const policy = convertAzure({ kind: 'AZKeyVaultAccessPolicy', data: { keyVaultId: kv, objectId: 'u1', permissions: { secrets: ['Get', 'List'], keys: ['List'], certificates: ['get'] } } });
    expect(policy.edges.map((e) => e.kind)).toEqual(['AZGetCertificates', 'AZGetSecrets']);
    const owners = convertAzure({
      kind: 'AZKeyVaultOwner',
      data: {
        keyVaultId: kv,
        owners: [
          { owner: { properties: { principalId: 'u1', scope: kv.toUpperCase() } } },
          { owner: { properties: { principalId: 'u2', scope: '/subscriptions/s1' } } },
        ],
      },
    });
    expect(arrows(owners.edges)).toEqual([`U1 -AZOwner-> ${kv.toUpperCase()}`]);
  });

  it('converts a VM with its managed identities, and VM role holders scoped to its resource group', () => {
    const rg = '/subscriptions/s1/resourceGroups/rg1';
    const vmId = `${rg}/providers/Microsoft.Compute/virtualMachines/vm1`;
    const vm = convertAzure({
      kind: 'AZVM',
      data: {
        id: vmId, name: 'vm1', resourceGroupId: rg, tenantId: TENANT,
        properties: { storageProfile: { osDisk: { osType: 'Linux' } } },
        identity: { principalId: 'sys-1', userAssignedIdentities: { a: { clientId: 'c', principalId: 'ua-1' }, b: { clientId: '', principalId: 'ua-2' } } },
      },
    });
    const VM = vmId.toUpperCase();
    expect(vm.nodes[0].properties).toEqual({ name: 'VM1', tenantid: T, operatingsystem: 'Linux' });
    expect(arrows(vm.edges)).toEqual([`${rg.toUpperCase()} -AZContains-> ${VM}`, `${VM} -AZManagedIdentity-> SYS-1`, `${VM} -AZManagedIdentity-> UA-1`]);
    const admins = convertAzure({
      kind: 'AZVMAdminLogin',
      data: {
        virtualMachineId: vmId,
        adminLogins: [
          { adminLogin: { properties: { principalId: 'u1', scope: rg } } },
          { adminLogin: { properties: { principalId: 'u2', scope: '/subscriptions/s1/resourceGroups/rg2' } } },
        ],
      },
    });
    expect(arrows(admins.edges)).toEqual([`U1 -AZVMAdminLogin-> ${VM}`]);
  });

  it('keeps only controlling roles assigned on the resource itself for ...RoleAssignment records', () => {
    const app = '/subscriptions/s1/resourceGroups/rg1/providers/Microsoft.Web/sites/web1';
    const result = convertAzure({
      kind: 'AZWebAppRoleAssignment',
      data: {
        objectId: app,
        assignees: [
          { objectId: app, roleDefinitionId: WEBSITE_CONTRIBUTOR, assignee: { properties: { principalId: 'u1', scope: app } } },
          { objectId: app, roleDefinitionId: OWNER_ROLE, assignee: { properties: { principalId: 'u2', scope: '/subscriptions/s1' } } },
          { objectId: app, roleDefinitionId: 'acdd72a7-3385-48ef-bd42-f606fba81ae7', assignee: { properties: { principalId: 'u3', scope: app } } },
        ],
      },
    });
    expect(arrows(result.edges)).toEqual([`U1 -AZWebsiteContributor-> ${app.toUpperCase()}`]);
  });

  it('links an AKS cluster to its node resource group', () => {
    const result = convertAzure({
      kind: 'AZManagedCluster',
      data: { id: 'aks-1', name: 'aks', resourceGroupId: 'rg-1', subscriptionId: 's1', tenantId: TENANT, properties: { nodeResourceGroup: 'MC_rg' } },
    });
    expect(arrows(result.edges)).toEqual(['RG-1 -AZContains-> AKS-1', 'AKS-1 -AZNodeResourceGroup-> /SUBSCRIPTIONS/S1/RESOURCEGROUPS/MC_RG']);
  });

  it('converts unknown kinds to nothing', () => {
    expect(convertAzure({ kind: 'AZStorageAccount', data: { id: 'x' } })).toEqual({ nodes: [], edges: [] });
    expect(convertAzure({ kind: 'toString', data: {} })).toEqual({ nodes: [], edges: [] });
  });

  it.each([
    [null, 'Azure record is not an object'],
    [[], 'Azure record is not an object'],
    [{ data: {} }, 'Azure record has no kind'],
    [{ kind: 'AZUser', data: 'x' }, 'AZUser record has no data object'],
    [{ kind: 'AZUser', data: { displayName: 'no id' } }, 'AZUser record has no id'],
  ])('throws ObjectError for %j', (record, message) => {
    expect(() => convertAzure(record)).toThrow(new ObjectError(message));
  });
});
