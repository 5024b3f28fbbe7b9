import { beforeEach, describe, expect, it } from '@jest/globals';
import { InMemoryGraphStore, seedGraph, type GraphSpec } from '@app/graph/testing';
import type { GraphNode } from '../domain/graph.js';
import { graphConfigSlice } from '../graph-config.js';
import { EdgeCompositions } from './compositions/edge-compositions.js';
import { GraphLimits } from './graph-limits.js';
import { RelayTargets } from './relay-targets.js';

const D = 'S-1-5-21-1';
const dc = (objectid: string, properties: object) =>
  ({ objectid, kinds: ['Base', 'Computer'], properties: { domainsid: D, isdc: true, ...properties } });

const GRAPH: GraphSpec = {
  nodes: [
    { objectid: D, kinds: ['Base', 'Domain'], properties: { domainsid: D } },
    { objectid: 'D2', kinds: ['Base', 'Domain'], properties: { domainsid: 'S-1-5-21-2' } },
    { objectid: 'AU', kinds: ['Base', 'Group'], properties: { domainsid: D } },
    { objectid: 'NOSID', kinds: ['Base', 'Group'] },
    { objectid: 'WS', kinds: ['Base', 'Computer'], properties: { domainsid: D } },
    dc('LDAP', { ldapavailable: true, ldapsigning: false }),
    dc('SIGNED', { ldapavailable: true, ldapsigning: true, ldapsavailable: true, ldapsepa: false }),
    dc('UNKNOWN', { ldapavailable: true }),
    dc('TEXT', { ldapavailable: 'true', ldapsigning: 'false' }),
    { objectid: 'NOTDC', kinds: ['Base', 'Computer'], properties: { domainsid: D, ldapavailable: true, ldapsigning: false } },
    { ...dc('FOREIGN', { ldapavailable: true, ldapsigning: false }), properties: { domainsid: 'S-1-5-21-2', isdc: true, ldapavailable: true, ldapsigning: false } },
  ],
  edges: [
    // Ingest writes DCFor from each DC to its domain (NOTDC has one too, as a decoy: it is no DC by isdc).
    ...['LDAP', 'SIGNED', 'UNKNOWN', 'TEXT', 'NOTDC'].map((from) => ({ from, to: D, kind: 'DCFor' })),
    { from: 'FOREIGN', to: 'D2', kind: 'DCFor' },
    { from: 'AU', to: 'WS', kind: 'CoerceAndRelayNTLMToLDAP' },
    { from: 'AU', to: 'WS', kind: 'CoerceAndRelayNTLMToLDAPS' },
    { from: 'AU', to: 'WS', kind: 'MemberOf' },
    { from: 'NOSID', to: 'WS', kind: 'CoerceAndRelayNTLMToLDAP' },
  ],
};

describe('RelayTargets', () => {
  let store: InMemoryGraphStore;
  let nodes: Map<string, GraphNode>;
  const id = (objectid: string) => nodes.get(objectid)!.id;
  const targets = async (from: string, kind: string) => {
    const service = new RelayTargets(store, new EdgeCompositions(store), new GraphLimits(graphConfigSlice.read({})));
    const edge = (await store.edgeBetween(id(from), id('WS'), kind))!;
    return (await service.of(edge)).map((node) => node.properties.objectid).sort();
  };

  beforeEach(async () => {
    store = new InMemoryGraphStore();
    nodes = await seedGraph(store, GRAPH);
  });

  it('answers the domain controllers of the edge\'s domain without LDAP signing, on exact booleans', async () => {
    expect(await targets('AU', 'CoerceAndRelayNTLMToLDAP')).toEqual(['LDAP']);
  });

  it('answers those with LDAPS and no channel binding for LDAPS', async () => {
    expect(await targets('AU', 'CoerceAndRelayNTLMToLDAPS')).toEqual(['SIGNED']);
  });

  it('answers none for a start node without a domain, or a kind that relays nothing', async () => {
    expect(await targets('NOSID', 'CoerceAndRelayNTLMToLDAP')).toEqual([]);
    expect(await targets('AU', 'MemberOf')).toEqual([]);
  });
});
