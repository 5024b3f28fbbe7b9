import { describe, expect, it } from '@jest/globals';
import { InMemoryGraphStore, seedGraph } from '@app/graph/testing';
import { EdgeCompositions, NoCompositionHandlerError } from './edge-compositions.js';
import { edges, node } from './testing/composition-harness.js';
import { corpPki } from './testing/pki-fixture.js';

describe('EdgeCompositions', () => {
  async function setUp() {
    const store = new InMemoryGraphStore();
    const pki = corpPki();
    const nodes = await seedGraph(store, {
      nodes: [...pki.nodes, node('HOST', 'Computer'), node('AZ', 'AZBase')],
      edges: [...pki.edges, ...edges('HOST -[HostsCAService]-> ECA', 'HOST -[GoldenCert]-> CORP', 'HOST -[MemberOf]-> AZ')],
    });
    const edge = (from: string, kind: string, to: string) => store.edgeBetween(nodes.get(from)!.id, nodes.get(to)!.id, kind);
    return { compositions: new EdgeCompositions(store), edge, store };
  }

  it('rejects an edge kind that has no composition', async () => {
    const { compositions, edge } = await setUp();
    const memberOf = (await edge('HOST', 'MemberOf', 'AZ'))!;
    await expect(compositions.compose(memberOf)).rejects.toThrow(new NoCompositionHandlerError('MemberOf'));
    await expect(compositions.compose(memberOf)).rejects.toThrow('no edge composition handler for kind MemberOf');
  });

  it('rejects a node kind given as the edge kind', async () => {
    const { compositions, edge } = await setUp();
    const asNodeKind = { ...(await edge('HOST', 'MemberOf', 'AZ'))!, kind: 'AZBase' };
    await expect(compositions.compose(asNodeKind)).rejects.toThrow('no edge composition handler for kind AZBase');
  });

  it('returns each node and edge once, in id order, with their properties, and not the composite edge', async () => {
    const { compositions, edge, store } = await setUp();
    const goldenCert = (await edge('HOST', 'GoldenCert', 'CORP'))!;
    const result = await compositions.compose(goldenCert);
    const ids = (items: { id: string }[]) => items.map((i) => Number(i.id));
    expect(ids(result.nodes)).toEqual([...new Set(ids(result.nodes))].sort((a, b) => a - b));
    expect(ids(result.edges)).toEqual([...new Set(ids(result.edges))].sort((a, b) => a - b));
    expect(result.edges).toHaveLength(5);
    expect(result.edges.map((e) => e.kind)).not.toContain('GoldenCert');
    expect(result.nodes).toEqual(await store.nodesByIds(result.nodes.map((n) => n.id)));
  });
});
