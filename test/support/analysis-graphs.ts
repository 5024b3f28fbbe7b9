import type { GraphSpec } from '@app/graph/testing';
import { prng } from '../../bench/graph/directory.mjs';

/**
 * Seeded random directories for post-processing tests: two collected domains in one forest, groups nesting densely
 * and cyclically (also across domains and through Authenticated Users / Everyone), local groups, domain rights, a
 * PKI (a root CA, enterprise CAs of which one is not trusted, an NTAuth store), certificate templates with random
 * flags and rights, issuance policies, and control edges for ESC9/ESC10. Object ids are readable names.
 */

export interface AnalysisGraphSize {
  users: number;
  computers: number;
  groups: number;
  templates: number;
  /** MemberOf edges per group, on average. */
  nesting: number;
}

export const SMALL: AnalysisGraphSize = { users: 40, computers: 12, groups: 18, templates: 10, nesting: 2 };

const DOMAINS = [
  { sid: 'S-1-5-21-100', name: 'CORP.LOCAL' },
  { sid: 'S-1-5-21-200', name: 'SUB.CORP.LOCAL' },
];
const CRA = '1.3.6.1.4.1.311.20.2.1';
const ANY_PURPOSE = '2.5.29.37.0';
const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const TEMPLATE_RIGHTS = ['Enroll', 'Enroll', 'Enroll', 'GenericAll', 'AllExtendedRights', 'GenericWrite', 'WriteDacl',
  'Owns', 'OwnsRaw', 'WriteOwner', 'WriteOwnerRaw', 'WritePKINameFlag', 'WritePKIEnrollmentFlag',
  'DelegatedEnrollmentAgent'];
const CONTROL = ['GenericAll', 'GenericWrite', 'Owns', 'WriteOwner', 'WriteDacl', 'OwnsRaw', 'WriteOwnerRaw'];

/** A random directory; the same (seed, size) always gives the same spec, nodes in the same order. */
export function randomAnalysisGraph(seed: number, size: AnalysisGraphSize = SMALL): GraphSpec {
  const random = prng(seed);
  const chance = (p: number) => random() < p;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const nodes: GraphSpec['nodes'] = [];
  const edges: GraphSpec['edges'] = [];
  const add = (objectid: string, kind: string, properties: Record<string, unknown> = {}) => {
    nodes.push({ objectid, kinds: [kind], properties: { name: objectid, ...properties } });
    return objectid;
  };
  const link = (from: string, kind: string, to: string) => {
    if (from !== to && !edges.some((e) => e.from === from && e.to === to && e.kind === kind)) edges.push({ from, to, kind });
  };
  const inDomain = () => {
    const d = chance(0.75) ? DOMAINS[0] : DOMAINS[1];
    return { domainsid: d.sid, domain: d.name };
  };

  for (const d of DOMAINS) add(d.sid, 'Domain', { name: d.name, domainsid: d.sid, collected: true });
  link(DOMAINS[1].sid, 'SameForestTrust', DOMAINS[0].sid);
  link(DOMAINS[0].sid, 'SameForestTrust', DOMAINS[1].sid);
  const special: string[] = [];
  for (const d of DOMAINS) {
    special.push(add(`${d.name}-S-1-5-11`, 'Group', { domainsid: d.sid, domain: d.name }));
    special.push(add(`${d.name}-S-1-1-0`, 'Group', { domainsid: d.sid, domain: d.name }));
    add(`${d.sid}-513`, 'Group', { domainsid: d.sid, domain: d.name });
    add(`${d.sid}-515`, 'Group', { domainsid: d.sid, domain: d.name });
  }
  const groups = Array.from({ length: size.groups }, (_, i) => add(`G${i}`, 'Group', inDomain()));
  const principalsOf = () => [...groups, ...DOMAINS.flatMap((d) => [`${d.sid}-513`, `${d.sid}-515`])];
  for (const g of principalsOf()) {
    const n = Math.round(size.nesting * 2 * random());
    for (let i = 0; i < n; i++) link(g, 'MemberOf', pick(principalsOf()));
  }
  // Authenticated Users in a group (as in builtin Users), occasionally.
  if (chance(0.5)) link(pick(special), 'MemberOf', pick(groups));
  const users = Array.from({ length: size.users }, (_, i) => {
    const id = add(`U${i}`, 'User', { ...inDomain(), ...(chance(0.1) ? { gmsa: true } : {}) });
    link(id, 'MemberOf', `${nodes.find((n) => n.objectid === id)!.properties!.domainsid}-513`);
    for (let k = Math.floor(random() * 3); k > 0; k--) link(id, 'MemberOf', pick(groups));
    return id;
  });
  const computers = Array.from({ length: size.computers }, (_, i) => {
    const props = inDomain();
    const id = add(`C${i}`, 'Computer', {
      ...props, haslaps: chance(0.5),
      ...(chance(0.3) ? { certificatemappingmethodsraw: pick([0, 4, 5, -1]), strongcertificatebindingenforcementraw: pick([0, 1, 2]) } : {}),
    });
    link(id, 'MemberOf', `${props.domainsid}-515`);
    if (chance(0.4)) link(id, 'MemberOf', pick(groups));
    if (chance(0.2)) link(id, 'DCFor', props.domainsid);
    return id;
  });
  const principals = [...users, ...computers, ...groups, ...special];

  // Local groups: Administrators, Remote Management Users, DCOM Users, Remote Desktop Users (with the logon right).
  for (const c of computers) {
    for (const suffix of ['-544', '-580', '-562', '-555']) {
      if (!chance(0.6)) continue;
      const local = add(`${c}${suffix}`, 'ADLocalGroup');
      link(local, 'LocalToComputer', c);
      for (let k = 1 + Math.floor(random() * 3); k > 0; k--) link(pick(principals), 'MemberOfLocalGroup', local);
      if (suffix === '-555') {
        if (chance(0.5)) link(local, 'RemoteInteractiveLogonRight', c);
        for (let k = Math.floor(random() * 3); k > 0; k--) link(pick(principals), 'RemoteInteractiveLogonRight', c);
      }
    }
  }
  // Replication rights on the domains, from anywhere in the nesting.
  for (const d of DOMAINS) {
    for (const right of ['GetChanges', 'GetChangesAll', 'GetChangesInFilteredSet']) {
      for (let k = 1 + Math.floor(random() * 3); k > 0; k--) link(pick(principals), right, d.sid);
    }
  }

  // PKI: ROOT trusted by CORP; ECA1/ECA2 chain to it (ECA2 through an intermediate AIA CA), ECA1 in NTAuth; ECA3 is
  // an untrusted enterprise root.
  const [corp, sub] = DOMAINS;
  add('ROOT', 'RootCA', { domainsid: corp.sid, certthumbprint: 'R1', certchain: ['R1'] });
  add('AIA', 'AIACA', { domainsid: corp.sid, certthumbprint: 'A1', certchain: ['A1', 'R1'] });
  const cas = [
    add('ECA1', 'EnterpriseCA', { domainsid: corp.sid, certthumbprint: 'E1', certchain: ['E1', 'R1'], isuserspecifiessanenabled: chance(0.7),
      enrollmentagentrestrictionscollected: true, hasenrollmentagentrestrictions: chance(0.4) }),
    add('ECA2', 'EnterpriseCA', { domainsid: corp.sid, certthumbprint: 'E2', certchain: ['E2', 'A1', 'R1'], isuserspecifiessanenabled: chance(0.5) }),
    add('ECA3', 'EnterpriseCA', { domainsid: corp.sid, certthumbprint: 'E3', certchain: ['E3'] }),
  ];
  add('ROOT3', 'RootCA', { domainsid: corp.sid, certthumbprint: 'E3', certchain: ['E3'] });
  add('NTAUTH', 'NTAuthStore', { domainsid: corp.sid, certthumbprints: ['E1', 'E2'] });
  link('ROOT', 'RootCAFor', corp.sid);
  link('ROOT', 'RootCAFor', sub.sid);
  link('NTAUTH', 'NTAuthStoreFor', corp.sid);
  if (chance(0.5)) link('NTAUTH', 'NTAuthStoreFor', sub.sid);
  for (const ca of cas) {
    link(pick(computers), 'HostsCAService', ca);
    for (let k = 1 + Math.floor(random() * 3); k > 0; k--) link(pick(principals), 'Enroll', ca);
  }
  link(pick(special), 'Enroll', 'ECA1');

  const policies = ['1.2.3', '1.2.4'].map((oid, i) => {
    const id = add(`POLICY${i}`, 'IssuancePolicy', { certtemplateoid: oid, domainsid: corp.sid });
    link(id, 'OIDGroupLink', pick(groups.slice(0, 6)));
    return oid;
  });
  add('OU', 'OU', { domainsid: corp.sid });
  link(corp.sid, 'Contains', 'OU');
  for (const g of groups.slice(0, 4)) link('OU', 'Contains', g);

  for (let i = 0; i < size.templates; i++) {
    const agent = chance(0.25);
    const id = add(`T${i}`, 'CertTemplate', {
      domainsid: corp.sid,
      requiresmanagerapproval: chance(0.15),
      authenticationenabled: chance(0.85),
      enrolleesuppliessubject: chance(0.4),
      schemaversion: pick([1, 2, 2]),
      authorizedsignatures: pick([0, 0, 1]),
      subjectaltrequiredns: chance(0.3),
      subjectaltrequiredomaindns: chance(0.1),
      subjectaltrequireupn: chance(0.4),
      subjectaltrequirespn: chance(0.1),
      nosecurityextension: chance(0.5),
      schannelauthenticationenabled: chance(0.3),
      effectiveekus: agent ? [pick([CRA, ANY_PURPOSE])] : chance(0.5) ? [CLIENT_AUTH] : [],
      applicationpolicies: chance(0.3) ? [CRA] : [],
      ...(chance(0.3) ? { issuancepolicies: [pick(policies)] } : {}),
    });
    for (const ca of cas) if (chance(0.5)) link(id, 'PublishedTo', ca);
    for (let k = 1 + Math.floor(random() * 4); k > 0; k--) link(pick(principals), pick(TEMPLATE_RIGHTS), id);
    // Enrolment from the broad groups and from deep in the nesting, as real templates grant it.
    if (chance(0.4)) link(pick([...special, ...DOMAINS.flatMap((d) => [`${d.sid}-513`, `${d.sid}-515`])]), 'Enroll', id);
    if (chance(0.5)) link(pick(groups), pick(['Enroll', 'AllExtendedRights', 'GenericAll']), id);
  }
  // Control of users and computers (ESC9 / ESC10 victims).
  for (let k = Math.max(6, size.users / 3); k > 0; k--) link(pick(principals), pick(CONTROL), pick([...users, ...computers]));
  return { nodes, edges };
}
