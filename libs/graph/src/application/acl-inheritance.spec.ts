import { beforeEach, describe, expect, it } from '@jest/globals';
import { apiErrorOf } from '@app/platform/testing';
import { InMemoryGraphStore, seedGraph, type GraphSpec } from '@app/graph/testing';
import type { GraphNode, GraphPath } from '../domain/graph.js';
import { graphConfigSlice } from '../graph-config.js';
import { AclInheritance } from './acl-inheritance.js';
import { GraphLimits } from './graph-limits.js';

const ACE = { isacl: true, isinherited: true, inheritancehash: 'h1' };

/** DOMAIN (h1) > OU1 (h1) > OU2 > USER, with a GPO and a linked OU that hold h1 too, and a Contains cycle. */
const GRAPH: GraphSpec = {
  nodes: [
    { objectid: 'DOMAIN', kinds: ['Base', 'Domain'], properties: { inheritancehashes: ['h1', 'h2'] } },
    { objectid: 'OU1', kinds: ['Base', 'OU'], properties: { inheritancehashes: ['h1'] } },
    { objectid: 'OU2', kinds: ['Base', 'OU'] },
    { objectid: 'USER', kinds: ['Base', 'User'] },
    { objectid: 'GPO', kinds: ['Base', 'GPO'], properties: { inheritancehashes: ['h1'] } },
    { objectid: 'LINKED', kinds: ['Base', 'OU'], properties: { inheritancehashes: ['h1'] } },
    { objectid: 'GROUP', kinds: ['Base', 'Group'] },
  ],
  edges: [
    { from: 'DOMAIN', to: 'OU1', kind: 'Contains' },
    { from: 'OU1', to: 'OU2', kind: 'Contains' },
    { from: 'OU2', to: 'USER', kind: 'Contains' },
    { from: 'OU2', to: 'OU1', kind: 'Contains' },
    { from: 'GPO', to: 'USER', kind: 'Contains' },
    { from: 'LINKED', to: 'USER', kind: 'GPLink' },
    { from: 'GROUP', to: 'USER', kind: 'GenericAll', properties: ACE },
  ],
};

describe('AclInheritance', () => {
  let store: InMemoryGraphStore;
  let nodes: Map<string, GraphNode>;
  const id = (objectid: string) => nodes.get(objectid)!.id;
  const service = () => new AclInheritance(store, new GraphLimits(graphConfigSlice.read({ GRAPH_RESULT_LIMIT: '100' })));
  const objectIds = (path: GraphPath) => path.nodes.map((node) => node.properties.objectid);
  const edgeOf = async (kind: string, properties: object) => {
    await store.upsertEdges([{ startObjectId: 'GROUP', endObjectId: 'USER', kind, properties: properties as never }]);
    return (await store.edgeBetween(id('GROUP'), id('USER'), kind))!;
  };

  beforeEach(async () => {
    store = new InMemoryGraphStore();
    nodes = await seedGraph(store, GRAPH);
  });

  it('finds every container up the Contains chain that holds the hash, top-down, then the edge itself', async () => {
    const edge = (await store.edgeBetween(id('GROUP'), id('USER'), 'GenericAll'))!;
    const paths = await service().paths(edge);
    expect(paths.map(objectIds)).toEqual([['OU1', 'OU2', 'USER'], ['DOMAIN', 'OU1', 'OU2', 'USER'], ['GROUP', 'USER']]);
    expect(paths[1].edges.map((e) => e.kind)).toEqual(['Contains', 'Contains', 'Contains']);
    expect(paths[2].edges).toEqual([edge]);
  });

  it('stops at a protected node below the source, but not at a protected source', async () => {
    await store.upsertNodes([{ objectid: 'OU2', kinds: [], properties: { isaclprotected: true } }]);
    const edge = (await store.edgeBetween(id('GROUP'), id('USER'), 'GenericAll'))!;
    expect(await service().paths(edge)).toEqual([]);
    await store.upsertNodes([
      { objectid: 'OU2', kinds: [], properties: { isaclprotected: false } },
      { objectid: 'OU1', kinds: [], properties: { isaclprotected: true } },
    ]);
    expect((await service().paths(edge)).map(objectIds)).toEqual([['OU1', 'OU2', 'USER'], ['GROUP', 'USER']]);
  });

  it('finds nothing for an edge that is not an inherited ACE with a hash', async () => {
    // One kind per case: edge upserts merge properties.
    const cases: [string, object][] = [
      ['WriteDacl', { ...ACE, isinherited: false }], ['WriteOwner', { ...ACE, isacl: false }],
      ['GenericWrite', { isacl: true, isinherited: true }], ['Owns', { ...ACE, inheritancehash: 'h9' }],
    ];
    for (const [kind, properties] of cases) expect(await service().paths(await edgeOf(kind, properties))).toEqual([]);
  });

  it('answers the paths as one graph, and 400 for a missing edge', async () => {
    const result = await service().find(id('GROUP'), id('USER'), 'GenericAll');
    expect(result.nodes.map((node) => node.properties.objectid).sort()).toEqual(['DOMAIN', 'GROUP', 'OU1', 'OU2', 'USER']);
    expect(result.edges).toHaveLength(4);
    const error = await apiErrorOf(service().find(id('USER'), id('GROUP'), 'GenericAll'));
    expect([error.status, error.messages]).toEqual([400, ['Could not find edge matching criteria: edge not found']]);
  });
});
