import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GraphStore } from '@app/graph';
import { seedGraph } from '@app/graph/testing';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import { bearer } from './support/auth.js';

/**
 * GET /api/v2/azure/{entity_type} (issue 19) on a hand-built tenant: the edges its lists walk come from AzureHound
 * and from post-processing, so the graph is written directly. Decoys: a second tenant, an AD user, edges of other
 * kinds, a membership cycle.
 */
const tenantGraph = {
  nodes: [
    { objectid: 'TENANT', kinds: ['AZBase', 'AZTenant'], properties: { name: 'CONTOSO' } },
    { objectid: 'OTHER-TENANT', kinds: ['AZBase', 'AZTenant'], properties: { name: 'FABRIKAM' } },
    { objectid: 'SUB', kinds: ['AZBase', 'AZSubscription'], properties: { name: 'SUB' } },
    { objectid: 'RG', kinds: ['AZBase', 'AZResourceGroup'], properties: { name: 'RG' } },
    { objectid: 'VM', kinds: ['AZBase', 'AZVM'], properties: { name: 'VM' } },
    { objectid: 'KV', kinds: ['AZBase', 'AZKeyVault'], properties: { name: 'KV' } },
    { objectid: 'ALICE', kinds: ['AZBase', 'AZUser'], properties: { name: 'ALICE', system_tags: 'owned' } },
    { objectid: 'BOB', kinds: ['AZBase', 'AZUser'], properties: { name: 'BOB' } },
    { objectid: 'OPS', kinds: ['AZBase', 'AZGroup'], properties: { name: 'OPS' } },
    { objectid: 'NESTED', kinds: ['AZBase', 'AZGroup'], properties: { name: 'NESTED' } },
    { objectid: 'ROLE', kinds: ['AZBase', 'AZRole'], properties: { name: 'GLOBAL ADMIN' } },
    { objectid: 'APP', kinds: ['AZBase', 'AZApp'], properties: { name: 'APP' } },
    { objectid: 'SP', kinds: ['AZBase', 'AZServicePrincipal'], properties: { name: 'SP' } },
    { objectid: 'AD-USER', kinds: ['Base', 'User'], properties: { name: 'AD' } },
  ],
  edges: [
    { from: 'TENANT', to: 'SUB', kind: 'AZContains' },
    { from: 'SUB', to: 'RG', kind: 'AZContains' },
    { from: 'RG', to: 'VM', kind: 'AZContains' },
    { from: 'RG', to: 'KV', kind: 'AZContains' },
    { from: 'TENANT', to: 'ALICE', kind: 'AZContains' },
    { from: 'TENANT', to: 'BOB', kind: 'AZContains' },
    { from: 'OTHER-TENANT', to: 'AD-USER', kind: 'AZContains' },
    { from: 'ALICE', to: 'OPS', kind: 'AZMemberOf' },
    { from: 'NESTED', to: 'OPS', kind: 'AZMemberOf' },
    { from: 'OPS', to: 'NESTED', kind: 'AZMemberOf' },
    { from: 'BOB', to: 'NESTED', kind: 'AZMemberOf' },
    { from: 'OPS', to: 'VM', kind: 'AZVMAdminLogin' },
    { from: 'OPS', to: 'KV', kind: 'AZGetKeys' },
    { from: 'BOB', to: 'KV', kind: 'AZGetSecrets' },
    { from: 'ALICE', to: 'ROLE', kind: 'AZHasRole' },
    { from: 'OPS', to: 'SUB', kind: 'AZOwner' },
    { from: 'APP', to: 'SP', kind: 'AZRunsAs' },
    { from: 'BOB', to: 'VM', kind: 'AZContains' },
  ],
};

describe('GET /api/v2/azure/{entity_type}', () => {
  let t: TestApp;
  let admin: string;
  const get = (path: string) => t.http().get(`/api/v2/azure/${path}`).set('Authorization', bearer(admin));
  const names = (res: { body: { data: { props: { name: string } }[] } }) => res.body.data.map((node) => node.props.name).sort();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t, 'admin', ADMIN_PASSWORD);
    await seedGraph(t.app.get(GraphStore), tenantGraph);
  });
  afterAll(() => t.close());

  it('answers a tenant with its descendent counts by kind (every kind present) and inbound control', async () => {
    const res = await get('tenants?object_id=TENANT');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'AZTenant', isTierZero: false, isOwnedObject: false, props: { name: 'CONTOSO' }, inbound_object_control: 0 });
    expect(res.body.data.descendents.descendent_counts).toMatchObject({ AZSubscription: 1, AZResourceGroup: 1, AZVM: 1, AZKeyVault: 1, AZUser: 2, AZGroup: 0 });
    const without = await get('tenants?object_id=TENANT&counts=false');
    expect(without.body.data).toMatchObject({ descendents: null, inbound_object_control: 0 });
  });

  it('answers a user\'s groups, roles, execution rights and control, and a key vault\'s readers nested', async () => {
    const alice = (await get('users?object_id=ALICE')).body.data;
    expect(alice).toMatchObject({ isOwnedObject: true, group_membership: 1, roles: 1, execution_privileges: 1, outbound_object_control: 1 });
    const kv = (await get('key-vaults?object_id=KV')).body.data;
    // Key readers: the members of OPS (leaves: ALICE, BOB through NESTED); secret readers: BOB.
    expect(kv.Readers).toEqual({ KeyReaders: 2, CertificateReaders: 0, SecretReaders: 1, AllReaders: 2 });
  });

  it('lists related entities, paged, and the graph of the walk', async () => {
    expect(names(await get('tenants?object_id=TENANT&related_entity_type=descendent-users'))).toEqual(['ALICE', 'BOB']);
    expect(names(await get('groups?object_id=OPS&related_entity_type=group-members'))).toEqual(['ALICE', 'NESTED']);
    // Control over an object: its container (AZContains in), the holders of control edges and their members.
    expect(names(await get('subscriptions?object_id=SUB&related_entity_type=inbound-control'))).toEqual(['ALICE', 'BOB', 'CONTOSO', 'NESTED', 'OPS']);
    const page = await get('vms?object_id=VM&related_entity_type=inbound-execution-privileges&limit=1');
    expect([page.body.count, page.body.limit, page.body.data.length]).toEqual([4, 1, 1]);
    expect(Object.keys(page.body.data[0]).sort()).toEqual(['isOwnedObject', 'isTierZero', 'kind', 'kinds', 'props']);
    const graph = await get('users?object_id=ALICE&related_entity_type=roles&type=graph');
    expect(Object.values(graph.body).some((item) => (item as { label: { text: string } }).label.text === 'AZHasRole')).toBe(true);
  });

  it('links a service principal to its application and back', async () => {
    expect((await get('service-principals?object_id=SP')).body.data.props.appid).toBe('APP');
    expect((await get('applications?object_id=APP')).body.data.props.service_principal_id).toBe('SP');
  });

  it('refuses what the reference refuses', async () => {
    expect(errorMessage(await get('users'), 400)).toBe('query parameter object_id is required');
    expect(errorMessage(await get('nope?object_id=ALICE'), 400)).toBe('there are errors in the query parameter filters specified');
    expect(errorMessage(await get('users?object_id=ALICE&counts=maybe'), 400)).toBe('there are errors in the query parameter filters specified');
    expect(errorMessage(await get('users?object_id=NOPE'), 404)).toBe('node not found');
    expect(errorMessage(await get('users?object_id=AD-USER'), 404)).toBe('node not found');
    expect(errorMessage(await get('users?object_id=ALICE&related_entity_type=nope'), 404)).toBe('no matching related entity list type for nope');
    expect(errorMessage(await get('users?object_id=ALICE&related_entity_type=roles&type=count'), 400))
      .toBe('query parameter "type" is malformed: invalid return type requested for related entities');
    expect(errorMessage(await get('users?object_id=ALICE&related_entity_type=roles&skip=x'), 400))
      .toBe('query parameter "skip" is malformed: error converting skip value x to int: strconv.Atoi: parsing "x": invalid syntax');
    expect(errorMessage(await get('users?object_id=A%00B'), 400)).toBe('object id is malformed');
    expect(errorMessage(await t.http().get('/api/v2/azure/users?object_id=ALICE'), 401)).toBe('not authenticated');
  });
});
