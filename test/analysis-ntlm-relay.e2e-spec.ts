import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostProcessing } from '@app/analysis';
import { GraphStore, type GraphNode } from '@app/graph';
import { EdgeCompositions, edges, node, PREBUILT_QUERIES, seedGraph, template } from '@app/graph/testing';
import { bearer } from './support/auth.js';
import { edgeLinesOf } from './support/derived-edges.js';
import { ADMIN_PASSWORD, createTestApp, login, type TestApp } from './support/test-app.js';

/**
 * The NTLM relay edges (the reference's PostNTLM) on a hand-built domain with decoys: which computers can be coerced
 * (outbound NTLM not restricted, not protected), SMB targets without signing, LDAP/LDAPS relays to other domain
 * controllers, and ESC8 through a CA with a vulnerable web enrolment endpoint. The composite edges' compositions
 * must be non-empty.
 */
const CORP = 'CORP';
const AU = 'CORP-S-1-5-11';
const EVERYONE = 'CORP-S-1-1-0';
const computer = (id: string, extra = {}) => node(id, 'Computer', { domainsid: CORP, ...extra });
const coercible = { restrictoutboundntlm: false };
/** Local Administrators groups (AdminTo is derived from their direct members, step 9). */
const ADMINISTERED = ['SMBTARGET', 'SIGNED', 'NOSIGNINFO', 'SELFONLY', 'GUARDED'];
const admin = (principal: string, target: string) => `${principal} -[MemberOfLocalGroup]-> ${target}-544`;

const GRAPH = {
  nodes: [
    node(CORP, 'Domain', { name: 'CORP.LOCAL', domainsid: CORP, collected: true, functionallevel: '2016' }),
    node(AU, 'Group', { domainsid: CORP }),
    node(EVERYONE, 'Group', { domainsid: CORP }),
    node('CORP-525', 'Group', { name: 'PROTECTED USERS@CORP.LOCAL', domainsid: CORP }),
    node('ADMINS', 'Group', { domainsid: CORP }),
    node('SELFGROUP', 'Group', { domainsid: CORP }),
    node('ENROLLERS', 'Group', { domainsid: CORP }),
    // Who can be coerced: RELAY1 only among these; PROTECTED is in Protected Users at a level where it counts.
    computer('RELAY1', coercible),
    computer('PROTECTED', coercible),
    computer('NOINFO'),
    computer('RESTRICTED', { restrictoutboundntlm: true }),
    // SMB targets.
    computer('SMBTARGET', { smbsigning: false }),
    computer('SIGNED', { smbsigning: true }),
    computer('NOSIGNINFO'),
    computer('SELFONLY', { smbsigning: false, ...coercible }),
    computer('GUARDED', { smbsigning: false }),
    // LDAP and LDAPS.
    computer('DC1', { isdc: true, ldapavailable: true, ldapsigning: false, ldapsavailable: true, ldapsepa: true }),
    computer('DC2', { isdc: true, ldapavailable: true, ldapsigning: true, ldapsavailable: true, ldapsepa: false, webclientrunning: true, ...coercible }),
    computer('WEB1', { webclientrunning: true, ...coercible }),
    computer('WEB2', { webclientrunning: false, ...coercible }),
    computer('WEB3', { webclientrunning: true, restrictoutboundntlm: true }),
    // ESC8.
    node('ROOT', 'RootCA', { domainsid: CORP, certthumbprint: 'R1', certchain: ['R1'] }),
    node('ECA', 'EnterpriseCA', { domainsid: CORP, certthumbprint: 'E1', certchain: ['E1', 'R1'], hasvulnerableendpoint: true }),
    node('ECA2', 'EnterpriseCA', { domainsid: CORP, certthumbprint: 'E2', certchain: ['E2', 'R1'], hasvulnerableendpoint: false }),
    node('NTAUTH', 'NTAuthStore', { domainsid: CORP, certthumbprints: ['E1', 'E2'] }),
    computer('HOST', { enabled: true }),
    node('RT', 'CertTemplate', template({ enrolleesuppliessubject: false })),
    node('APPROVAL', 'CertTemplate', template({ enrolleesuppliessubject: false, requiresmanagerapproval: true })),
    node('RT2', 'CertTemplate', template({ enrolleesuppliessubject: false })),
    ...ADMINISTERED.map((id) => node(`${id}-544`, 'ADLocalGroup', { name: `ADMINISTRATORS@${id}` })),
  ],
  edges: edges(
    `${AU} -[MemberOf]-> ${EVERYONE}`, 'PROTECTED -[MemberOf]-> CORP-525',
    'RELAY1 -[MemberOf]-> ADMINS', 'PROTECTED -[MemberOf]-> ADMINS', 'NOINFO -[MemberOf]-> ADMINS',
    ...ADMINISTERED.map((id) => `${id}-544 -[LocalToComputer]-> ${id}`),
    admin('ADMINS', 'SMBTARGET'), admin('ADMINS', 'SIGNED'), admin('ADMINS', 'NOSIGNINFO'),
    'SELFONLY -[MemberOf]-> SELFGROUP', admin('SELFGROUP', 'SELFONLY'),
    admin('PROTECTED', 'GUARDED'), admin('NOINFO', 'GUARDED'), admin('RESTRICTED', 'GUARDED'),
    'ROOT -[RootCAFor]-> CORP', 'NTAUTH -[NTAuthStoreFor]-> CORP', 'HOST -[HostsCAService]-> ECA',
    'HOST -[HostsCAService]-> ECA2',
    'RT -[PublishedTo]-> ECA', 'ENROLLERS -[Enroll]-> RT', `${AU} -[Enroll]-> ECA`,
    'RELAY1 -[MemberOf]-> ENROLLERS', 'NOINFO -[MemberOf]-> ENROLLERS',
    'APPROVAL -[PublishedTo]-> ECA', 'WEB1 -[Enroll]-> APPROVAL',
    'RT2 -[PublishedTo]-> ECA2', 'WEB1 -[Enroll]-> RT2', `${AU} -[Enroll]-> ECA2`,
  ),
};

const RELAY_KINDS = ['CoerceAndRelayNTLMToSMB', 'CoerceAndRelayNTLMToLDAP', 'CoerceAndRelayNTLMToLDAPS', 'CoerceAndRelayNTLMToADCS'];

let t: TestApp;
let seeded: Map<string, GraphNode>;

const edgesOf = (kind: string) => edgeLinesOf(t, kind);

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedGraph(t.app.get(GraphStore), GRAPH);
  await t.app.get(PostProcessing).run();
});
afterAll(async () => t.close());

describe('NTLM relay edges', () => {
  it('relays to SMB only where signing is off and another coercible computer administers the target', async () => {
    expect(await edgesOf('CoerceAndRelayNTLMToSMB')).toEqual([`${AU} -[CoerceAndRelayNTLMToSMB]-> SMBTARGET`]);
  });

  it('relays a WebClient computer to LDAP and LDAPS when a domain controller other than itself accepts it', async () => {
    expect(await edgesOf('CoerceAndRelayNTLMToLDAP')).toEqual([
      `${AU} -[CoerceAndRelayNTLMToLDAP]-> DC2`, `${AU} -[CoerceAndRelayNTLMToLDAP]-> WEB1`,
    ]);
    expect(await edgesOf('CoerceAndRelayNTLMToLDAPS')).toEqual([`${AU} -[CoerceAndRelayNTLMToLDAPS]-> WEB1`]);
  });

  it('relays to ADCS the coercible computers that can enrol on a relay template of a CA with a vulnerable endpoint', async () => {
    expect(await edgesOf('CoerceAndRelayNTLMToADCS')).toEqual([`${AU} -[CoerceAndRelayNTLMToADCS]-> RELAY1`]);
  });

  it('creates SMB and ADCS relay edges whose compositions are non-empty', async () => {
    const store = t.app.get(GraphStore);
    const compositions = new EdgeCompositions(store);
    for (const kind of ['CoerceAndRelayNTLMToSMB', 'CoerceAndRelayNTLMToADCS']) {
      for (const line of await edgesOf(kind)) {
        const [from, , to] = line.split(' ');
        const edge = await store.edgeBetween(seeded.get(from)!.id, seeded.get(to)!.id, kind);
        expect({ line, empty: (await compositions.compose(edge!)).edges.length === 0 }).toEqual({ line, empty: false });
      }
    }
  });

  it('is repeatable: a second run creates the same edges', async () => {
    const before = await Promise.all(RELAY_KINDS.map(edgesOf));
    await t.app.get(PostProcessing).run();
    expect(await Promise.all(RELAY_KINDS.map(edgesOf))).toEqual(before);
  });
});

describe('the relay edges in Cypher', () => {
  interface Answer { data: { nodes: Record<string, { objectId: string }>; edges: { source: string; target: string; kind: string }[] } }
  const lines = ({ data }: Answer) => data.edges
    .map((e) => `${data.nodes[e.source].objectId} -[${e.kind}]-> ${data.nodes[e.target].objectId}`).sort();
  const cypher = async (query: string) => {
    const token = await login(t, 'admin', ADMIN_PASSWORD);
    return t.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(token)).send({ query });
  };

  it('pre-built query 54 lists every relay edge analysis derived', async () => {
    const res = await cypher(PREBUILT_QUERIES.find((q) => q.number === 54)!.query);
    expect(res.status).toBe(200);
    expect(lines(res.body as Answer)).toEqual((await Promise.all(RELAY_KINDS.map(edgesOf))).flat().sort());
  });

  it('paths over AD_ATTACK_PATHS cross them (they are traversable)', async () => {
    const res = await cypher(`MATCH p = shortestPath((a:Group {objectid: '${AU}'})-[:AD_ATTACK_PATHS*1..]->(c:Computer {objectid: 'RELAY1'})) RETURN p`);
    expect(res.status).toBe(200);
    expect(lines(res.body as Answer)).toEqual([`${AU} -[CoerceAndRelayNTLMToADCS]-> RELAY1`]);
  });
});
