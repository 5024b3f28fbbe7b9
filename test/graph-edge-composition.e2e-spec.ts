import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GraphStore, TraversalIndexKeeper, type GraphNode } from '@app/graph';
import {
  AUTHENTICATED_USERS, CHAIN, CORP, NT_AUTH, PKI_NODES, PgGraphWalks, corpPki, edges, node, seedGraph, template,
} from '@app/graph/testing';
import { bearer } from './support/auth.js';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';

/**
 * GET /api/v2/graphs/edge-composition on PostgreSQL: the compositions of ADCSESC1, GoldenCert and
 * CoerceAndRelayNTLMToSMB in one hand-built directory (with decoys that must stay out), checked as exact sets of
 * objectids and `SOURCE -[Kind]-> TARGET` edges. The same rules are specified in detail by the unit tests next to
 * libs/graph/src/application/compositions. Every case runs twice: SQL only (GRAPH_TRAVERSAL_INDEX=off), and with the
 * in-memory traversal index (built after the first write, caught up from the change log after the second), which
 * must give the same answers, every hop of them answered from memory.
 */

const pki = corpPki();
const coercible = { domainsid: CORP, restrictoutboundntlm: false };
const GRAPH = {
  nodes: [
    ...pki.nodes,
    node('ALICE', 'User', { domainsid: CORP, name: 'ALICE@CORP.LOCAL' }),
    node('USERS', 'Group', { domainsid: CORP }),
    node('ESC1', 'CertTemplate', template()),
    node('APPROVAL', 'CertTemplate', template({ requiresmanagerapproval: true })),
    node('ECA2', 'EnterpriseCA', { domainsid: CORP }),
    node('ESC1B', 'CertTemplate', template()),
    node('HOST', 'Computer', { domainsid: CORP }),
    node('TARGET', 'Computer', { ...coercible, smbsigning: false }),
    node('ADMINPC', 'Computer', coercible),
    node('ADMINS', 'Group', { domainsid: CORP }),
    node('MEMBERPC', 'Computer', coercible),
    node('RESTRICTED', 'Computer', { domainsid: CORP, restrictoutboundntlm: true }),
    node('FOREIGN', 'Computer', { domainsid: 'OTHER', restrictoutboundntlm: false }),
  ],
  edges: [
    ...pki.edges,
    ...edges(
      'ALICE -[MemberOf]-> USERS', `USERS -[MemberOf]-> ${AUTHENTICATED_USERS}`,
      'USERS -[Enroll]-> ESC1', 'ESC1 -[PublishedTo]-> ECA', `${AUTHENTICATED_USERS} -[Enroll]-> ECA`,
      'USERS -[Enroll]-> APPROVAL', 'APPROVAL -[PublishedTo]-> ECA',
      'USERS -[Enroll]-> ESC1B', 'ESC1B -[PublishedTo]-> ECA2', 'ECA2 -[EnterpriseCAFor]-> ROOT', 'USERS -[Enroll]-> ECA2',
      'HOST -[HostsCAService]-> ECA', 'HOST -[HostsCAService]-> ECA2',
      'ADMINPC -[AdminTo]-> TARGET', 'ADMINS -[AdminTo]-> TARGET', 'MEMBERPC -[MemberOf]-> ADMINS',
      'RESTRICTED -[MemberOf]-> ADMINS', 'FOREIGN -[MemberOf]-> ADMINS',
      // the composite edges
      'ALICE -[ADCSESC1]-> CORP', 'HOST -[GoldenCert]-> CORP', `${AUTHENTICATED_USERS} -[CoerceAndRelayNTLMToSMB]-> TARGET`,
    ),
  ],
};

/** Nesting cycles, written after GRAPH (so the index holds them in its overlay): outbound for ESC1, inbound for relay. */
const shared = ['ESC1', 'ECA', AUTHENTICATED_USERS, CORP];
const CYCLES = {
  nodes: [
    ...GRAPH.nodes.filter((n) => shared.includes(n.objectid)),
    node('BOB', 'User', { domainsid: CORP }),
    node('CYC1', 'Group', { domainsid: CORP }),
    node('CYC2', 'Group', { domainsid: CORP }),
    node('CYC3', 'Group', { domainsid: CORP }),
    node('TARGET2', 'Computer', coercible),
    node('LOOPA', 'Group', { domainsid: CORP }),
    node('LOOPB', 'Group', { domainsid: CORP }),
    node('LOOPPC', 'Computer', coercible),
  ],
  edges: edges(
    'BOB -[MemberOf]-> CYC1', 'CYC1 -[MemberOf]-> CYC2', 'CYC2 -[MemberOf]-> CYC1', 'CYC2 -[MemberOf]-> CYC3',
    'CYC3 -[MemberOf]-> CYC1', 'CYC3 -[Enroll]-> ESC1',
    'LOOPA -[AdminTo]-> TARGET2', 'LOOPB -[MemberOf]-> LOOPA', 'LOOPA -[MemberOf]-> LOOPB', 'LOOPPC -[MemberOf]-> LOOPB',
    'BOB -[ADCSESC1]-> CORP', `${AUTHENTICATED_USERS} -[CoerceAndRelayNTLMToSMB]-> TARGET2`,
  ),
};

interface WireGraph {
  nodes: Record<string, { objectId: string; kinds: string[]; properties?: Record<string, unknown> }>;
  edges: { source: string; target: string; kind: string; label: string }[];
  literals: unknown[];
}

describe.each(['SQL only', 'in-memory index'])('GET /api/v2/graphs/edge-composition (%s)', (mode) => {
  const inMemory = mode === 'in-memory index';
  let t: TestApp;
  let token: string;
  let seeded: Map<string, GraphNode>;
  let walks: PgGraphWalks;

  beforeAll(async () => {
    t = await createTestApp({ env: { GRAPH_TRAVERSAL_INDEX: inMemory ? 'on' : 'off' } });
    token = await login(t, 'admin', ADMIN_PASSWORD);
    walks = t.app.get(PgGraphWalks, { strict: false });
    const store = t.app.get(GraphStore);
    seeded = await seedGraph(store, GRAPH);
    if (inMemory) {
      const keeper = t.app.get(TraversalIndexKeeper);
      keeper.startBackground();
      await keeper.settled();
    }
    seeded = new Map([...seeded, ...(await seedGraph(store, CYCLES))]);
  });
  afterAll(async () => t.close());

  function request(kind: string, from: string, to: string) {
    const query = { edge_type: kind, source_node: seeded.get(from)!.id, target_node: seeded.get(to)!.id };
    return t.http().get('/api/v2/graphs/edge-composition').query(query).set('Authorization', bearer(token));
  }

  /** The composition of `from -[kind]-> to` as sorted objectids and edge lines, after checking the envelope. */
  async function composition(kind: string, from: string, to: string) {
    const before = { ...walks.counts };
    const res = await request(kind, from, to);
    expect(res.status).toBe(200);
    // Each mode answered every hop itself: memory in memory mode, SQL otherwise.
    const [used, unused] = inMemory ? ['memory', 'sql'] as const : ['sql', 'memory'] as const;
    expect(walks.counts[used]).toBeGreaterThan(before[used]);
    expect(walks.counts[unused]).toBe(before[unused]);
    const graph = res.body.data as WireGraph;
    expect(graph.literals).toEqual([]);
    for (const [id, wire] of Object.entries(graph.nodes)) {
      expect(seeded.get(wire.objectId)?.id).toBe(id);
      expect(wire.properties?.objectid).toBe(wire.objectId);
    }
    const objectId = (id: string) => graph.nodes[id]?.objectId ?? `missing node ${id}`;
    return {
      nodes: Object.values(graph.nodes).map((n) => n.objectId).sort(),
      edges: graph.edges.map((e) => `${objectId(e.source)} -[${e.kind}]-> ${objectId(e.target)}`).sort(),
    };
  }

  const sorted = (nodes: string[], lines: string[]) => ({ nodes: [...nodes].sort(), edges: [...lines].sort() });

  it('answers the ESC1 composition: template and CA enrolment, the chain and NT-auth trust', async () => {
    expect(await composition('ADCSESC1', 'ALICE', CORP)).toEqual(sorted(
      [...PKI_NODES, 'ALICE', 'USERS', 'ESC1', AUTHENTICATED_USERS],
      [
        'ALICE -[MemberOf]-> USERS', 'USERS -[Enroll]-> ESC1', 'ESC1 -[PublishedTo]-> ECA', ...CHAIN,
        `USERS -[MemberOf]-> ${AUTHENTICATED_USERS}`, `${AUTHENTICATED_USERS} -[Enroll]-> ECA`, ...NT_AUTH,
      ],
    ));
  });

  it('answers the GoldenCert composition: the hosted CA trusted by the domain', async () => {
    expect(await composition('GoldenCert', 'HOST', CORP)).toEqual(sorted(
      [...PKI_NODES, 'HOST'],
      ['HOST -[HostsCAService]-> ECA', ...CHAIN, ...NT_AUTH],
    ));
  });

  it('answers the CoerceAndRelayNTLMToSMB composition: the coercible computers that administer the target', async () => {
    expect(await composition('CoerceAndRelayNTLMToSMB', AUTHENTICATED_USERS, 'TARGET')).toEqual(sorted(
      ['TARGET', 'ADMINPC', 'ADMINS', 'MEMBERPC'],
      ['ADMINPC -[AdminTo]-> TARGET', 'ADMINS -[AdminTo]-> TARGET', 'MEMBERPC -[MemberOf]-> ADMINS'],
    ));
  });

  it('answers the ESC1 composition through a nesting cycle, with every edge of the cycle on a kept path', async () => {
    expect(await composition('ADCSESC1', 'BOB', CORP)).toEqual(sorted(
      [...PKI_NODES, 'BOB', 'CYC1', 'CYC2', 'CYC3', 'ESC1', AUTHENTICATED_USERS],
      [
        'BOB -[MemberOf]-> CYC1', 'CYC1 -[MemberOf]-> CYC2', 'CYC2 -[MemberOf]-> CYC1', 'CYC2 -[MemberOf]-> CYC3',
        'CYC3 -[MemberOf]-> CYC1', 'CYC3 -[Enroll]-> ESC1', 'ESC1 -[PublishedTo]-> ECA', ...CHAIN,
        `${AUTHENTICATED_USERS} -[Enroll]-> ECA`, ...NT_AUTH,
      ],
    ));
  });

  it('answers the CoerceAndRelayNTLMToSMB composition through an inbound nesting cycle', async () => {
    expect(await composition('CoerceAndRelayNTLMToSMB', AUTHENTICATED_USERS, 'TARGET2')).toEqual(sorted(
      ['TARGET2', 'LOOPA', 'LOOPB', 'LOOPPC'],
      ['LOOPA -[AdminTo]-> TARGET2', 'LOOPB -[MemberOf]-> LOOPA', 'LOOPA -[MemberOf]-> LOOPB', 'LOOPPC -[MemberOf]-> LOOPB'],
    ));
  });

  it('answers 400 for an edge kind without a composition', async () => {
    const res = await request('MemberOf', 'ALICE', 'USERS');
    expect(errorMessage(res, 400)).toBe('no edge composition handler for kind MemberOf');
  });
});
