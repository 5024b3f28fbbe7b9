import { describe, expect, it } from '@jest/globals';
import { compose, edges, expected, node } from './testing/composition-harness.js';
import { CHAIN, CORP, NT_AUTH, PKI_NODES, corpPki, template } from './testing/pki-fixture.js';

describe('ADCSESC9 compositions', () => {
  const pki = corpPki();
  const noExtension = { nosecurityextension: true, enrolleesuppliessubject: false };
  const graph = {
    nodes: [
      ...pki.nodes,
      node('ATTACKER', 'User', { domainsid: CORP }),
      node('VICTIMUSER', 'User', { domainsid: CORP }),
      node('VICTIMPC', 'Computer', { domainsid: CORP }),
      node('USERS', 'Group', { domainsid: CORP }),
      node('COMPUTERS', 'Group', { domainsid: CORP }),
      node('UPN', 'CertTemplate', template({ ...noExtension, subjectaltrequireupn: true })),
      node('DNSUPN', 'CertTemplate', template({ ...noExtension, subjectaltrequireupn: true, subjectaltrequiredns: true })),
      node('EXTENSION', 'CertTemplate', template({ enrolleesuppliessubject: false, subjectaltrequireupn: true })),
      node('OTHERUSER', 'User', { domainsid: CORP }),
      node('DCWEAK', 'Computer', { domainsid: CORP, strongcertificatebindingenforcementraw: 1 }),
      node('DCSTRONG', 'Computer', { domainsid: CORP, strongcertificatebindingenforcementraw: 2 }),
    ],
    edges: [
      ...pki.edges,
      ...edges(
        'ATTACKER -[GenericWrite]-> VICTIMUSER', 'ATTACKER -[GenericAll]-> VICTIMPC',
        'VICTIMUSER -[MemberOf]-> USERS', 'VICTIMPC -[MemberOf]-> COMPUTERS',
        'USERS -[Enroll]-> ECA', 'COMPUTERS -[Enroll]-> ECA',
        'USERS -[Enroll]-> UPN', 'UPN -[PublishedTo]-> ECA',
        // requires a DNS name: only the computer victim can use it
        'USERS -[Enroll]-> DNSUPN', 'COMPUTERS -[Enroll]-> DNSUPN', 'DNSUPN -[PublishedTo]-> ECA',
        // a template with the security extension
        'USERS -[Enroll]-> EXTENSION', 'EXTENSION -[PublishedTo]-> ECA',
        // a right that does not let the attacker change the victim's mapping
        'ATTACKER -[ForceChangePassword]-> OTHERUSER', 'OTHERUSER -[MemberOf]-> USERS',
        'DCWEAK -[DCFor]-> CORP', 'DCSTRONG -[DCFor]-> CORP',
      ),
    ],
  };

  it('ADCSESC9a is control of user or computer victims that can enrol on a UPN template, with weak-binding DCs', async () => {
    expect(await compose(graph, 'ATTACKER -[ADCSESC9a]-> CORP')).toEqual(expected(
      [...PKI_NODES, 'ATTACKER', 'VICTIMUSER', 'VICTIMPC', 'USERS', 'COMPUTERS', 'UPN', 'DNSUPN', 'DCWEAK'],
      [
        'ATTACKER -[GenericWrite]-> VICTIMUSER', 'ATTACKER -[GenericAll]-> VICTIMPC',
        'VICTIMUSER -[MemberOf]-> USERS', 'VICTIMPC -[MemberOf]-> COMPUTERS',
        'USERS -[Enroll]-> UPN', 'UPN -[PublishedTo]-> ECA',
        'COMPUTERS -[Enroll]-> DNSUPN', 'DNSUPN -[PublishedTo]-> ECA',
        ...CHAIN, 'USERS -[Enroll]-> ECA', 'COMPUTERS -[Enroll]-> ECA', ...NT_AUTH,
        'DCWEAK -[DCFor]-> CORP',
      ],
    ));
  });

  it('ADCSESC9b is control of computer victims that can enrol on a DNS template, with weak-binding DCs', async () => {
    expect(await compose(graph, 'ATTACKER -[ADCSESC9b]-> CORP')).toEqual(expected(
      [...PKI_NODES, 'ATTACKER', 'VICTIMPC', 'COMPUTERS', 'DNSUPN', 'DCWEAK'],
      [
        'ATTACKER -[GenericAll]-> VICTIMPC', 'VICTIMPC -[MemberOf]-> COMPUTERS',
        'COMPUTERS -[Enroll]-> DNSUPN', 'DNSUPN -[PublishedTo]-> ECA',
        ...CHAIN, 'COMPUTERS -[Enroll]-> ECA', ...NT_AUTH,
        'DCWEAK -[DCFor]-> CORP',
      ],
    ));
  });

  describe('pairs each victim with its own CA', () => {
    const upn = template({ ...noExtension, subjectaltrequireupn: true });
    /** Two victims, each enrolling on a template of one CA but holding Enroll on the other CA. */
    const crossed = {
      nodes: [
        ...pki.nodes,
        node('ECA2', 'EnterpriseCA', { domainsid: CORP }),
        node('ATTACKER', 'User', { domainsid: CORP }),
        node('V1', 'User', { domainsid: CORP }),
        node('V2', 'User', { domainsid: CORP }),
        node('T1', 'CertTemplate', upn),
        node('T2', 'CertTemplate', upn),
        node('DCWEAK', 'Computer', { domainsid: CORP, strongcertificatebindingenforcementraw: 1 }),
      ],
      edges: [
        ...pki.edges,
        ...edges(
          'ECA2 -[EnterpriseCAFor]-> ROOT', 'ECA2 -[TrustedForNTAuth]-> NTAUTH',
          'ATTACKER -[GenericWrite]-> V1', 'ATTACKER -[GenericWrite]-> V2',
          'V1 -[Enroll]-> T1', 'T1 -[PublishedTo]-> ECA', 'V1 -[Enroll]-> ECA2',
          'V2 -[Enroll]-> T2', 'T2 -[PublishedTo]-> ECA2', 'V2 -[Enroll]-> ECA',
          'DCWEAK -[DCFor]-> CORP',
        ),
      ],
    };

    it('is empty when no victim can enrol on the CA its own template is published to', async () => {
      expect(await compose(crossed, 'ATTACKER -[ADCSESC9a]-> CORP')).toEqual(expected([], []));
    });

    it('keeps a victim only with the CA of its own template, not another victim\'s', async () => {
      const v1OnEca = { ...crossed, edges: [...crossed.edges, ...edges('V1 -[Enroll]-> ECA')] };
      expect(await compose(v1OnEca, 'ATTACKER -[ADCSESC9a]-> CORP')).toEqual(expected(
        [...PKI_NODES, 'ATTACKER', 'V1', 'T1', 'DCWEAK'],
        [
          'ATTACKER -[GenericWrite]-> V1', 'V1 -[Enroll]-> T1', 'T1 -[PublishedTo]-> ECA', ...CHAIN,
          'V1 -[Enroll]-> ECA', ...NT_AUTH, 'DCWEAK -[DCFor]-> CORP',
        ],
      ));
    });
  });
});
