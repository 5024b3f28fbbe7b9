import { beforeEach, describe, expect, it } from '@jest/globals';
import { apiErrorOf } from '@app/platform/testing';
import { InMemoryGraphStore, seedGraph } from '@app/graph/testing';
import { ENTITY_TYPES, type EntityType } from '../domain/entity-catalog.js';
import { EntityLists } from './entity-lists.js';
import { StoreWalks } from './graph-walks.js';

const type = (path: string): EntityType => ENTITY_TYPES.find((candidate) => candidate.path === path)!;
const list = (typePath: string, listPath: string) => type(typePath).lists.find((candidate) => candidate.path === listPath)!;

/**
 * One small domain with decoys: nested and cyclic groups, a foreign user, a container that breaks GPO inheritance,
 * an edge kind that is not control, a CA with a PKI chain on both sides.
 */
const GRAPH = {
  nodes: [
    { objectid: 'DOM', kinds: ['Base', 'Domain'], properties: { name: 'CORP.LOCAL', domainsid: 'S-1-5-21-1' } },
    { objectid: 'OTHER', kinds: ['Base', 'Domain'], properties: { name: 'OTHER.LOCAL', domainsid: 'S-1-5-21-2' } },
    { objectid: 'ALICE', kinds: ['Base', 'User'], properties: { name: 'ALICE', domainsid: 'S-1-5-21-1' } },
    { objectid: 'BOB', kinds: ['Base', 'User'], properties: { name: 'BOB', domainsid: 'S-1-5-21-1' } },
    { objectid: 'EVE', kinds: ['Base', 'User'], properties: { name: 'EVE', domainsid: 'S-1-5-21-2' } },
    { objectid: 'ADMINS', kinds: ['Base', 'Group'], properties: { name: 'ADMINS', domainsid: 'S-1-5-21-1' } },
    { objectid: 'NESTED', kinds: ['Base', 'Group'], properties: { name: 'NESTED', domainsid: 'S-1-5-21-1' } },
    { objectid: 'EMPTY', kinds: ['Base', 'Group'], properties: { name: 'EMPTY', domainsid: 'S-1-5-21-1' } },
    { objectid: 'WS1', kinds: ['Base', 'Computer'], properties: { name: 'WS1', domainsid: 'S-1-5-21-1' } },
    { objectid: 'WS2', kinds: ['Base', 'Computer'], properties: { name: 'WS2', domainsid: 'S-1-5-21-1' } },
    { objectid: 'OU1', kinds: ['Base', 'OU'], properties: { name: 'OU1', domainsid: 'S-1-5-21-1' } },
    { objectid: 'CN', kinds: ['Base', 'Container'], properties: { name: 'USERS', domainsid: 'S-1-5-21-1' } },
    { objectid: 'GPO1', kinds: ['Base', 'GPO'], properties: { name: 'GPO1', domainsid: 'S-1-5-21-1' } },
    { objectid: 'CA', kinds: ['Base', 'AIACA'], properties: { name: 'AIA CA' } },
    { objectid: 'HOST', kinds: ['Base', 'Computer'] },
    { objectid: 'ROOT', kinds: ['Base', 'RootCA'] },
  ],
  edges: [
    { from: 'BOB', to: 'NESTED', kind: 'MemberOf' },
    { from: 'NESTED', to: 'ADMINS', kind: 'MemberOf' },
    { from: 'ADMINS', to: 'NESTED', kind: 'MemberOf' },
    { from: 'EVE', to: 'NESTED', kind: 'MemberOf' },
    { from: 'ADMINS', to: 'WS1', kind: 'AdminTo' },
    { from: 'EMPTY', to: 'WS1', kind: 'AdminTo' },
    { from: 'ALICE', to: 'WS2', kind: 'AdminTo' },
    { from: 'WS1', to: 'BOB', kind: 'HasSession' },
    { from: 'WS2', to: 'EVE', kind: 'HasSession' },
    { from: 'ALICE', to: 'ADMINS', kind: 'GenericAll' },
    { from: 'ADMINS', to: 'DOM', kind: 'GenericAll' },
    { from: 'WS2', to: 'ALICE', kind: 'HasSession' },
    { from: 'DOM', to: 'OU1', kind: 'Contains' },
    { from: 'OU1', to: 'WS1', kind: 'Contains' },
    { from: 'DOM', to: 'CN', kind: 'Contains' },
    { from: 'CN', to: 'BOB', kind: 'Contains' },
    { from: 'OU1', to: 'ALICE', kind: 'Contains' },
    { from: 'GPO1', to: 'OU1', kind: 'GPLink' },
    { from: 'HOST', to: 'CA', kind: 'HostsCAService' },
    { from: 'CA', to: 'ROOT', kind: 'IssuedSignedBy' },
    { from: 'ROOT', to: 'DOM', kind: 'RootCAFor' },
  ],
};

describe('EntityLists', () => {
  let store: InMemoryGraphStore;
  let lists: EntityLists;
  let ids: Map<string, { id: string }>;
  const names = async (typePath: string, listPath: string, objectId: string) => {
    const page = await lists.page(type(typePath), list(typePath, listPath), objectId, { skip: 0, limit: 100, sort: [], graph: false });
    const byId = new Map([...ids].map(([objectid, node]) => [node.id, objectid]));
    return page.nodes.map((node) => byId.get(node.id)).sort();
  };

  beforeEach(async () => {
    store = new InMemoryGraphStore();
    lists = new EntityLists(store, new StoreWalks(store));
    ids = await seedGraph(store, GRAPH);
  });

  it('answers 404 node not found for an unknown objectid or one of another kind', async () => {
    for (const objectId of ['NOPE', 'WS1']) {
      const error = await apiErrorOf(lists.info(type('users'), objectId, true));
      expect([error.status, error.messages]).toEqual([404, ['node not found']]);
    }
  });

  it('expands groups on the holder side and keeps only leaves for a computer\'s admins', async () => {
    // ADMINS is expanded (NESTED, BOB, EVE; NESTED expanded again through the cycle); EMPTY has no members.
    expect(await names('computers', 'admin-users', 'WS1')).toEqual(['BOB', 'EMPTY', 'EVE']);
  });

  it('reaches computers through every group a principal belongs to', async () => {
    expect(await names('users', 'admin-rights', 'BOB')).toEqual(['WS1']);
    expect(await names('users', 'memberships', 'BOB')).toEqual(['ADMINS', 'NESTED']);
    expect(await names('groups', 'members', 'ADMINS')).toEqual(['BOB', 'EVE', 'NESTED']);
  });

  it('lists controllers with the members of controlling groups, and what a principal controls through its groups', async () => {
    expect(await names('domains', 'controllers', 'DOM')).toEqual(['ADMINS', 'BOB', 'EVE', 'NESTED']);
    expect(await names('users', 'controllables', 'BOB')).toEqual(['DOM']);
    expect(await names('users', 'controllables', 'ALICE')).toEqual(['ADMINS']);
  });

  it('lists a domain\'s own objects by domainsid, and its foreign members', async () => {
    expect(await names('domains', 'users', 'DOM')).toEqual(['ALICE', 'BOB']);
    expect(await names('domains', 'foreign-users', 'DOM')).toEqual(['EVE']);
    expect(await names('domains', 'computers', 'DOM')).toEqual(['WS1', 'WS2']);
  });

  it('walks GPO links down the Contains tree, and up it through OUs only', async () => {
    expect(await names('gpos', 'computers', 'GPO1')).toEqual(['WS1']);
    expect(await names('gpos', 'ous', 'GPO1')).toEqual(['OU1']);
    expect(await names('ous', 'gpos', 'OU1')).toEqual(['GPO1']);
    expect(await names('ous', 'users', 'OU1')).toEqual(['ALICE']);
  });

  it('groups sessions through members, and counts every list of an entity under its key', async () => {
    expect(await names('groups', 'sessions', 'ADMINS')).toEqual(['WS1', 'WS2']);
    const { counts } = await lists.info(type('users'), 'BOB', true);
    expect(counts).toMatchObject({ sessions: 1, groupMembership: 2, adminRights: 1, controllables: 1, controllers: 0, gpos: 0 });
    expect((await lists.info(type('aiacas'), 'CA', true)).counts).toEqual({ controllers: 0, 'pki-hierarchy': 3 });
    expect((await lists.info(type('users'), 'BOB', false)).counts).toBeUndefined();
  });

  it('pages by node id descending and reports the full count', async () => {
    const all = await lists.page(type('domains'), list('domains', 'users'), 'DOM', { skip: 0, limit: 1, sort: [], graph: false });
    expect(all.count).toBe(2);
    expect(all.nodes.map((node) => node.id)).toEqual([ids.get('BOB')!.id]);
    const graph = await lists.page(type('computers'), list('computers', 'admin-users'), 'WS1', { skip: 0, limit: 1, sort: [], graph: true });
    expect(graph.edges.map((edge) => edge.kind).sort()).toContain('AdminTo');
    // Over the cap: refused from the ids and hops alone, before any node or edge is loaded.
    const refused = await apiErrorOf(lists.page(type('computers'), list('computers', 'admin-users'), 'WS1',
      { skip: 0, limit: 1, sort: [], graph: true, maxElements: 6 }));
    expect([refused.status, refused.messages[0]]).toEqual([400, expect.stringMatching(/exceeds the limit of 6/)]);
  });
});

describe('EntityLists sorting', () => {
  it('sorts by name on request, and by node id descending by default', async () => {
    const store = new InMemoryGraphStore();
    const lists = new EntityLists(store, new StoreWalks(store));
    const ids = await seedGraph(store, {
      nodes: [
        { objectid: 'D', kinds: ['Base', 'Domain'], properties: { domainsid: 'S-1' } },
        ...['carol', 'alice', 'bob'].map((name) => ({ objectid: name, kinds: ['Base', 'User'], properties: { name, domainsid: 'S-1' } })),
      ],
      edges: [],
    });
    const users = type('domains');
    const byName = await lists.page(users, list('domains', 'users'), 'D', { skip: 0, limit: 10, sort: [{ sql: 'name', direction: 'ASC' }], graph: false });
    expect(byName.nodes.map((node) => node.properties.name)).toEqual(['alice', 'bob', 'carol']);
    const byId = await lists.page(users, list('domains', 'users'), 'D', { skip: 0, limit: 10, sort: [], graph: false });
    const userIds = ['alice', 'bob', 'carol'].map((name) => Number(ids.get(name)!.id));
    expect(byId.nodes.map((node) => Number(node.id))).toEqual(userIds.sort((a, b) => b - a));
  });
});

describe('EntityLists at scale', () => {
  it('walks an expansion of 300,000 hops (a domain-sized group) without overflowing the stack', async () => {
    const store = new InMemoryGraphStore();
    await seedGraph(store, { nodes: [{ objectid: 'G', kinds: ['Base', 'Group'] }], edges: [] });
    const group = (await store.nodeByObjectId('G'))!;
    const members = Array.from({ length: 300_000 }, (_, i) => ({ edgeId: `e${i}`, startId: `${i + 1000}`, endId: group.id }));
    // A reader that answers the group's inbound MemberOf with every member at once, and nothing further.
    const hops = {
      hops: async (ids: string[]) => ({ hops: ids.includes(group.id) ? members : [], nodes: [], edges: [] }),
      withKinds: async (ids: string[]) => ids,
    };
    const walks = { read: <T>(work: (reader: typeof hops) => Promise<T>) => work(hops) } as unknown as StoreWalks;
    const lists = new EntityLists(store, walks);
    expect((await lists.info(type('groups'), 'G', true)).counts?.members).toBe(300_000);
    const page = await lists.page(type('groups'), list('groups', 'members'), 'G', { skip: 0, limit: 10, sort: [], graph: false });
    expect(page.count).toBe(300_000);
  });
});

describe('EntityLists foreign principals of a domain-sized walk', () => {
  it('finds the foreign ones among more than 10,000 reached members by one read of the foreign nodes', async () => {
    const store = new InMemoryGraphStore();
    const users = Array.from({ length: 10_050 }, (_, i) => ({
      objectid: `U${i}`, kinds: ['Base', 'User'], properties: { domainsid: i % 1000 === 0 ? 'S-OTHER' : 'S-1' },
    }));
    await seedGraph(store, {
      nodes: [
        { objectid: 'D', kinds: ['Base', 'Domain'], properties: { domainsid: 'S-1' } },
        { objectid: 'G', kinds: ['Base', 'Group'], properties: { domainsid: 'S-1' } },
        ...users,
      ],
      edges: users.map((user) => ({ from: user.objectid, to: 'G', kind: 'MemberOf' })),
    });
    const lists = new EntityLists(store, new StoreWalks(store));
    const page = await lists.page(type('domains'), list('domains', 'foreign-users'), 'D', { skip: 0, limit: 100, sort: [], graph: false });
    expect(page.count).toBe(11);
    expect(page.nodes.every((node) => node.properties.domainsid === 'S-OTHER')).toBe(true);
  });
});

