import { describe, expect, it } from '@jest/globals';
import { compose, edges, expected, node } from './testing/composition-harness.js';
import { CHAIN, CORP, NT_AUTH, PKI_NODES, corpPki, template } from './testing/pki-fixture.js';

describe('ADCSESC6 compositions', () => {
  const pki = corpPki({ isuserspecifiessanenabled: true });
  const clientAuthentication = ['1.3.6.1.5.5.7.3.2'];
  const graph = {
    nodes: [
      ...pki.nodes,
      node('ALICE', 'User', { domainsid: CORP }),
      node('USERS', 'Group', { domainsid: CORP }),
      node('NOEXTENSION', 'CertTemplate', template({ nosecurityextension: true, enrolleesuppliessubject: false })),
      node('SCHANNEL', 'CertTemplate', template({ nosecurityextension: false, effectiveekus: clientAuthentication })),
      node('DNSNAME', 'CertTemplate', template({ nosecurityextension: true, effectiveekus: [], subjectaltrequiredns: true })),
      node('NOSAN', 'EnterpriseCA', { domainsid: CORP, isuserspecifiessanenabled: false }),
      node('ONNOSAN', 'CertTemplate', template({ nosecurityextension: true, effectiveekus: [] })),
      node('DC1', 'Computer', { domainsid: CORP, certificatemappingmethodsraw: 4 }),
      node('DC2', 'Computer', { domainsid: CORP, certificatemappingmethodsraw: 3 }),
      node('CHILD', 'Domain', { name: 'CHILD.CORP.LOCAL', domainsid: 'CHILD' }),
      node('DC3', 'Computer', { domainsid: 'CHILD', certificatemappingmethodsraw: 31 }),
      node('DC4', 'Computer', { domainsid: CORP, certificatemappingmethodsraw: -1 }),
    ],
    edges: [
      ...pki.edges,
      ...edges(
        'ALICE -[MemberOf]-> USERS', 'USERS -[Enroll]-> ECA',
        'USERS -[Enroll]-> NOEXTENSION', 'NOEXTENSION -[PublishedTo]-> ECA',
        'USERS -[GenericAll]-> SCHANNEL', 'SCHANNEL -[PublishedTo]-> ECA',
        // a template a user cannot get (it requires a DNS name)
        'USERS -[Enroll]-> DNSNAME', 'DNSNAME -[PublishedTo]-> ECA',
        // a CA that does not let the enrollee specify the SAN
        'USERS -[Enroll]-> NOSAN', 'NOSAN -[EnterpriseCAFor]-> ROOT', 'NOSAN -[TrustedForNTAuth]-> NTAUTH',
        'USERS -[Enroll]-> ONNOSAN', 'ONNOSAN -[PublishedTo]-> NOSAN',
        // DCs: UPN mapping (DC1, and DC3 in a domain of the forest), no UPN mapping (DC2), value missing (DC4)
        'DC1 -[DCFor]-> CORP', 'DC2 -[DCFor]-> CORP', 'CHILD -[SameForestTrust]-> CORP', 'DC3 -[DCFor]-> CHILD',
        'DC4 -[DCFor]-> CORP',
      ),
    ],
  };
  const enrolment = ['ALICE -[MemberOf]-> USERS', ...CHAIN, 'USERS -[Enroll]-> ECA', ...NT_AUTH];

  it('ADCSESC6a is the enrolment on a no-security-extension template of a SAN-enabled CA', async () => {
    expect(await compose(graph, 'ALICE -[ADCSESC6a]-> CORP')).toEqual(expected(
      [...PKI_NODES, 'ALICE', 'USERS', 'NOEXTENSION'],
      [...enrolment, 'USERS -[Enroll]-> NOEXTENSION', 'NOEXTENSION -[PublishedTo]-> ECA'],
    ));
  });

  it('ADCSESC6b is the enrolment on a schannel template of a SAN-enabled CA, with the forest DCs that map by UPN', async () => {
    expect(await compose(graph, 'ALICE -[ADCSESC6b]-> CORP')).toEqual(expected(
      [...PKI_NODES, 'ALICE', 'USERS', 'SCHANNEL', 'DC1', 'CHILD', 'DC3'],
      [
        ...enrolment, 'USERS -[GenericAll]-> SCHANNEL', 'SCHANNEL -[PublishedTo]-> ECA',
        'DC1 -[DCFor]-> CORP', 'CHILD -[SameForestTrust]-> CORP', 'DC3 -[DCFor]-> CHILD',
      ],
    ));
  });
});
