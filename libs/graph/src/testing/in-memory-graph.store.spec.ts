import { describe, expect, it } from '@jest/globals';
import { seedGraph, UNKNOWN_FIXTURE_NODE } from './graph-fixture.js';
import { graphStoreContract } from './graph-store.contract.js';
import { InMemoryGraphStore } from './in-memory-graph.store.js';

graphStoreContract('InMemoryGraphStore', async () => {
  const store = new InMemoryGraphStore();
  return { store, reset: () => store.clear() };
});

describe('seedGraph', () => {
  it('writes the spec and returns the stored nodes by objectid', async () => {
    const store = new InMemoryGraphStore();
    const nodes = await seedGraph(store, {
      nodes: [
        { objectid: 'U', kinds: ['Base', 'User'], properties: { name: 'ALICE@CORP' } },
        { objectid: 'G', kinds: ['Base', 'Group'] },
      ],
      edges: [{ from: 'U', to: 'G', kind: 'MemberOf', properties: { isacl: false } }],
    });
    expect(nodes.get('U')).toEqual({ id: expect.any(String), kinds: ['Base', 'User'], properties: { objectid: 'U', name: 'ALICE@CORP' } });
    const edge = await store.edgeBetween(nodes.get('U')!.id, nodes.get('G')!.id, 'MemberOf');
    expect(edge?.properties).toEqual({ isacl: false });
  });

  it('refuses an edge naming a node the spec does not define', async () => {
    const spec = { nodes: [{ objectid: 'U', kinds: ['Base'] }], edges: [{ from: 'U', to: 'TYPO', kind: 'MemberOf' }] };
    await expect(seedGraph(new InMemoryGraphStore(), spec)).rejects.toThrow(UNKNOWN_FIXTURE_NODE);
  });
});
