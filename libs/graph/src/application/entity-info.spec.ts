import { beforeEach, describe, expect, it } from '@jest/globals';
import { apiErrorOf } from '@app/platform/testing';
import { InMemoryGraphStore, seedGraph } from '@app/graph/testing';
import type { GraphNode } from '../domain/graph.js';
import { EntityInfo } from './entity-info.js';

/**
 * An AIA CA with: two direct ACL controllers (a user and a group), nested group members, a cycle back through
 * MemberOf, an edge that is not control (HasSession), and a PKI chain on both sides.
 */
const CA_GRAPH = {
  nodes: [
    { objectid: 'CA', kinds: ['Base', 'AIACA'], properties: { name: 'AIA CA' } },
    { objectid: 'ALICE', kinds: ['Base', 'User'] },
    { objectid: 'ADMINS', kinds: ['Base', 'Group'] },
    { objectid: 'NESTED', kinds: ['Base', 'Group'] },
    { objectid: 'BOB', kinds: ['Base', 'User'] },
    { objectid: 'CAROL', kinds: ['Base', 'User'] },
    { objectid: 'SESSION', kinds: ['Base', 'Computer'] },
    { objectid: 'HOST', kinds: ['Base', 'Computer'] },
    { objectid: 'ROOT', kinds: ['Base', 'RootCA'] },
    { objectid: 'DOMAIN', kinds: ['Base', 'Domain'] },
  ],
  edges: [
    { from: 'ALICE', to: 'CA', kind: 'GenericAll' },
    { from: 'ADMINS', to: 'CA', kind: 'WriteDacl' },
    { from: 'NESTED', to: 'ADMINS', kind: 'MemberOf' },
    { from: 'BOB', to: 'NESTED', kind: 'MemberOf' },
    { from: 'CAROL', to: 'ADMINS', kind: 'MemberOf' },
    { from: 'ADMINS', to: 'NESTED', kind: 'MemberOf' },
    { from: 'CA', to: 'ADMINS', kind: 'MemberOf' },
    { from: 'SESSION', to: 'CA', kind: 'HasSession' },
    { from: 'HOST', to: 'CA', kind: 'HostsCAService' },
    { from: 'CA', to: 'ROOT', kind: 'IssuedSignedBy' },
    { from: 'ROOT', to: 'DOMAIN', kind: 'RootCAFor' },
  ],
};

describe('EntityInfo', () => {
  let store: InMemoryGraphStore;
  let info: EntityInfo;
  let ca: GraphNode;

  beforeEach(async () => {
    store = new InMemoryGraphStore();
    info = new EntityInfo(store);
    ca = (await seedGraph(store, CA_GRAPH)).get('CA')!;
  });

  it('finds a node by objectid and kind', async () => {
    expect((await info.node('CA', 'AIACA')).id).toBe(ca.id);
  });

  it('answers 404 node not found for an unknown objectid or another kind', async () => {
    for (const [objectId, kind] of [['NOPE', 'AIACA'], ['ALICE', 'AIACA']]) {
      const error = await apiErrorOf(info.node(objectId, kind));
      expect(error.status).toBe(404);
      expect(error.messages).toEqual(['node not found']);
    }
  });
});
