// The public-key infrastructure the composition bench adds to the synthetic directory's first domain (as GraphStore
// writes by objectid), and the composite edges it asks about. Deterministic for a given directory and seed.
import { NODE_TYPES, EDGE_KINDS, prng } from '../graph/directory.mjs';

const GROUP = NODE_TYPES.indexOf('Group');
const USER = NODE_TYPES.indexOf('User');
const COMPUTER = NODE_TYPES.indexOf('Computer');
const MEMBER_OF = EDGE_KINDS.indexOf('MemberOf');

/** A template's properties: an authentication template issued without approval or signatures, then `overrides`. */
const template = (overrides = {}) => ({
  requiresmanagerapproval: false, authenticationenabled: true, enrolleesuppliessubject: true, schemaversion: 2,
  authorizedsignatures: 0, subjectaltrequiredns: false, subjectaltrequiredomaindns: false, ...overrides,
});

export function pkiOf(dir, seed) {
  const random = prng(seed + 1);
  const sid = 'S-1-5-21-1000-2000-3000';
  const objectid = (id) => (dir.rid[id] === 0 ? sid : `${sid}-${dir.rid[id]}`);
  const groups = dir.byDomain[0][GROUP].filter((g) => dir.rid[g] >= 1000);
  // Low indexes are the popular groups: many members, nested deep.
  const popular = (power = 2) => objectid(groups[Math.floor(groups.length * random() ** power)]);
  const memberships = new Map();
  for (let e = 0; e < dir.edgeCount; e++) {
    if (dir.kind[e] === MEMBER_OF) memberships.set(dir.start[e], (memberships.get(dir.start[e]) ?? 0) + 1);
  }
  const users = dir.byDomain[0][USER];
  const user = objectid(users.reduce((best, u) => ((memberships.get(u) ?? 0) > (memberships.get(best) ?? 0) ? u : best)));
  const domain = sid;
  const authenticatedUsers = `${sid}-S-1-5-11`;
  const computers = dir.byDomain[0][COMPUTER].filter((c) => !dir.tierZero.includes(c));
  const target = objectid(computers[computers.length - 1]);

  const nodes = [];
  const edges = [];
  const node = (id, kind, properties = {}) => nodes.push({ objectid: id, kinds: ['Base', kind], properties: { domainsid: sid, ...properties } });
  const edge = (from, kind, to) => edges.push({ startObjectId: from, endObjectId: to, kind, properties: {} });

  node('ROOT', 'RootCA');
  node('ECA', 'EnterpriseCA');
  node('ECA2', 'EnterpriseCA');
  node('NTAUTH', 'NTAuthStore');
  node(authenticatedUsers, 'Group');
  node(`${sid}-S-1-1-0`, 'Group');
  edge('ROOT', 'RootCAFor', domain);
  edge('ECA', 'EnterpriseCAFor', 'ROOT');
  edge('ECA2', 'IssuedSignedBy', 'ECA');
  for (const ca of ['ECA', 'ECA2']) edge(ca, 'TrustedForNTAuth', 'NTAUTH');
  edge('NTAUTH', 'NTAuthStoreFor', domain);
  edge(authenticatedUsers, 'MemberOf', `${sid}-S-1-1-0`);
  edge(authenticatedUsers, 'Enroll', 'ECA');
  edge(`${sid}-513`, 'Enroll', 'ECA2');

  const templates = (prefix, count, properties, right, ca = (i) => (i % 2 === 0 ? 'ECA' : 'ECA2'), power = 2) => {
    for (let i = 0; i < count; i++) {
      node(`${prefix}${i}`, 'CertTemplate', properties);
      for (let h = 0; h < 3; h++) edge(popular(power), right, `${prefix}${i}`);
      edge(`${prefix}${i}`, 'PublishedTo', ca(i));
    }
  };
  templates('ESC1-', 10, template(), 'Enroll');
  // Agents and their targets on the most popular groups, so the ESC3 composition is not empty.
  templates('AGENT-', 5, template({ schemaversion: 1, authorizedsignatures: 1 }), 'Enroll', () => 'ECA', 6);
  templates('TARGET-', 10, template({ enrolleesuppliessubject: false, authorizedsignatures: 1 }), 'Enroll', undefined, 6);
  templates('APPROVAL-', 20, template({ requiresmanagerapproval: true }), 'GenericAll');
  templates('WRITABLE-', 10, template({ enrolleesuppliessubject: false }), 'GenericWrite');
  for (let i = 0; i < 5; i++) for (let j = 0; j < 10; j += 1 + i) edge(`AGENT-${i}`, 'EnrollOnBehalfOf', `TARGET-${j}`);

  // Coercible computers nested into popular groups, one of which administers the relay target.
  for (const c of computers.slice(0, 300)) {
    nodes.push({ objectid: objectid(c), kinds: ['Base', 'Computer'], properties: { restrictoutboundntlm: false } });
    edge(objectid(c), 'MemberOf', popular());
  }
  edge(objectid(groups[0]), 'AdminTo', target);

  const composites = [
    { kind: 'ADCSESC1', from: user, to: domain },
    { kind: 'ADCSESC3', from: user, to: domain },
    { kind: 'ADCSESC4', from: user, to: domain },
    { kind: 'CoerceAndRelayNTLMToSMB', from: authenticatedUsers, to: target },
  ];
  for (const c of composites) edge(c.from, c.kind, c.to);
  return { nodes, edges, composites, named: [user, domain, authenticatedUsers, target] };
}
