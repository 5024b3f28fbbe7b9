import { beforeEach, describe, expect, it } from '@jest/globals';
import { apiErrorOf } from '@app/platform/testing';
import { InMemoryGraphStore, seedGraph } from '@app/graph/testing';
import type { GraphNode } from '../domain/graph.js';
import { EdgeCompositions } from './compositions/edge-compositions.js';
import { EdgeCompositionService } from './edge-composition-service.js';
import { GraphLimits } from './graph-limits.js';
import { graphConfigSlice } from '../graph-config.js';

/** CASRV -GoldenCert-> DOMAIN, with the hosting, chain and NTAuth paths behind it. */
const GOLDEN_CERT = {
  nodes: [
    { objectid: 'CASRV', kinds: ['Base', 'Computer'] },
    { objectid: 'ECA', kinds: ['Base', 'EnterpriseCA'] },
    { objectid: 'ROOT', kinds: ['Base', 'RootCA'] },
    { objectid: 'NTAUTH', kinds: ['Base', 'NTAuthStore'] },
    { objectid: 'DOMAIN', kinds: ['Base', 'Domain'] },
    { objectid: 'BOB', kinds: ['Base', 'User'] },
  ],
  edges: [
    { from: 'CASRV', to: 'ECA', kind: 'HostsCAService' },
    { from: 'ECA', to: 'ROOT', kind: 'IssuedSignedBy' },
    { from: 'ROOT', to: 'DOMAIN', kind: 'RootCAFor' },
    { from: 'ECA', to: 'NTAUTH', kind: 'TrustedForNTAuth' },
    { from: 'NTAUTH', to: 'DOMAIN', kind: 'NTAuthStoreFor' },
    { from: 'CASRV', to: 'DOMAIN', kind: 'GoldenCert' },
    { from: 'BOB', to: 'DOMAIN', kind: 'MemberOf' },
  ],
};

describe('EdgeCompositionService', () => {
  let nodes: Map<string, GraphNode>;
  const id = (objectid: string) => nodes.get(objectid)!.id;
  const service = (store: InMemoryGraphStore, limit = '100') =>
    new EdgeCompositionService(
      store, new EdgeCompositions(store), new GraphLimits(graphConfigSlice.read({ GRAPH_RESULT_LIMIT: limit })),
    );
  let store: InMemoryGraphStore;

  beforeEach(async () => {
    store = new InMemoryGraphStore();
    nodes = await seedGraph(store, GOLDEN_CERT);
  });

  it('answers the nodes and edges behind a composite edge', async () => {
    const result = await service(store).compose(id('CASRV'), id('DOMAIN'), 'GoldenCert');
    expect(result.nodes.map((n) => n.properties.objectid).sort()).toEqual(['CASRV', 'DOMAIN', 'ECA', 'NTAUTH', 'ROOT']);
    expect(result.edges.map((e) => e.kind).sort())
      .toEqual(['HostsCAService', 'IssuedSignedBy', 'NTAuthStoreFor', 'RootCAFor', 'TrustedForNTAuth']);
    expect(result.literals).toEqual([]);
  });

  it('answers 400 when no edge of that kind joins the two nodes', async () => {
    const error = await apiErrorOf(service(store).compose(id('BOB'), id('DOMAIN'), 'GoldenCert'));
    expect([error.status, error.messages]).toEqual([400, ['Could not find edge matching criteria: edge not found']]);
  });

  it('answers 400 for an edge kind without a composition', async () => {
    const error = await apiErrorOf(service(store).compose(id('BOB'), id('DOMAIN'), 'MemberOf'));
    expect([error.status, error.messages]).toEqual([400, ['no edge composition handler for kind MemberOf']]);
  });

  it('answers 400 when the composition exceeds GRAPH_RESULT_LIMIT', async () => {
    const error = await apiErrorOf(service(store, '9').compose(id('CASRV'), id('DOMAIN'), 'GoldenCert'));
    expect(error.messages).toEqual(['query result exceeds the limit of 9 graph elements; add a LIMIT']);
  });
});
