import { describe, expect, it } from '@jest/globals';
import { compose, edges, expected, node } from './testing/composition-harness.js';
import { CHAIN, CORP, NT_AUTH, PKI_NODES, corpPki, template } from './testing/pki-fixture.js';

describe('ADCSESC10 compositions', () => {
  const pki = corpPki();
  const schannel = { enrolleesuppliessubject: false, effectiveekus: ['2.5.29.37.0'] };
  const graph = {
    nodes: [
      ...pki.nodes,
      node('ATTACKER', 'User', { domainsid: CORP }),
      node('VICTIMUSER', 'User', { domainsid: CORP }),
      node('VICTIMPC', 'Computer', { domainsid: CORP }),
      node('UPN', 'CertTemplate', template({ ...schannel, subjectaltrequirespn: true })),
      node('DNS', 'CertTemplate', template({ ...schannel, subjectaltrequiredns: true })),
      node('SERVERAUTH', 'CertTemplate', template({ enrolleesuppliessubject: false, effectiveekus: ['1.3.6.1.5.5.7.3.1'], subjectaltrequireupn: true })),
      node('SIGNED', 'CertTemplate', template({ ...schannel, subjectaltrequireupn: true, authorizedsignatures: 1 })),
      node('DCUPN', 'Computer', { domainsid: CORP, certificatemappingmethodsraw: 4 }),
      node('DCNOUPN', 'Computer', { domainsid: CORP, certificatemappingmethodsraw: 24 }),
    ],
    edges: [
      ...pki.edges,
      ...edges(
        'ATTACKER -[Owns]-> VICTIMUSER', 'ATTACKER -[WriteOwner]-> VICTIMPC',
        'VICTIMUSER -[Enroll]-> ECA', 'VICTIMPC -[Enroll]-> ECA',
        'VICTIMUSER -[Enroll]-> UPN', 'UPN -[PublishedTo]-> ECA',
        'VICTIMPC -[AllExtendedRights]-> DNS', 'DNS -[PublishedTo]-> ECA',
        // a template without schannel authentication, and one that needs a signature
        'VICTIMUSER -[Enroll]-> SERVERAUTH', 'SERVERAUTH -[PublishedTo]-> ECA',
        'VICTIMUSER -[Enroll]-> SIGNED', 'SIGNED -[PublishedTo]-> ECA',
        'DCUPN -[DCFor]-> CORP', 'DCNOUPN -[DCFor]-> CORP',
      ),
    ],
  };

  it('ADCSESC10a is control of a victim that can enrol on a UPN/SPN schannel template, with UPN-mapping DCs', async () => {
    expect(await compose(graph, 'ATTACKER -[ADCSESC10a]-> CORP')).toEqual(expected(
      [...PKI_NODES, 'ATTACKER', 'VICTIMUSER', 'UPN', 'DCUPN'],
      [
        'ATTACKER -[Owns]-> VICTIMUSER', 'VICTIMUSER -[Enroll]-> UPN', 'UPN -[PublishedTo]-> ECA',
        ...CHAIN, 'VICTIMUSER -[Enroll]-> ECA', ...NT_AUTH, 'DCUPN -[DCFor]-> CORP',
      ],
    ));
  });

  it('ADCSESC10b is control of a computer victim that can enrol on a DNS schannel template, with UPN-mapping DCs', async () => {
    expect(await compose(graph, 'ATTACKER -[ADCSESC10b]-> CORP')).toEqual(expected(
      [...PKI_NODES, 'ATTACKER', 'VICTIMPC', 'DNS', 'DCUPN'],
      [
        'ATTACKER -[WriteOwner]-> VICTIMPC', 'VICTIMPC -[AllExtendedRights]-> DNS', 'DNS -[PublishedTo]-> ECA',
        ...CHAIN, 'VICTIMPC -[Enroll]-> ECA', ...NT_AUTH, 'DCUPN -[DCFor]-> CORP',
      ],
    ));
  });
});
