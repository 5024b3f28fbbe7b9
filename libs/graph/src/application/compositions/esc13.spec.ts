import { describe, expect, it } from '@jest/globals';
import { compose, edges, expected, node } from './testing/composition-harness.js';
import { CHAIN, CORP, NT_AUTH, PKI_NODES, corpPki, template } from './testing/pki-fixture.js';

describe('ADCSESC13 composition', () => {
  const pki = corpPki();
  const graph = {
    nodes: [
      ...pki.nodes,
      node('ALICE', 'User', { domainsid: CORP }),
      node('USERS', 'Group', { domainsid: CORP }),
      node('LINKED', 'CertTemplate', template({ enrolleesuppliessubject: false })),
      node('POLICY', 'IssuancePolicy', { domainsid: CORP }),
      node('ADMINS', 'Group', { domainsid: CORP }),
      node('CONTAINER', 'Container', { domainsid: CORP }),
      node('NOAUTH', 'CertTemplate', template({ authenticationenabled: false })),
      node('OTHERLINK', 'CertTemplate', template()),
      node('POLICY2', 'IssuancePolicy', { domainsid: CORP }),
      node('OTHERGROUP', 'Group', { domainsid: CORP }),
      node('UNTRUSTED', 'EnterpriseCA', { domainsid: CORP }),
      node('OU', 'OU', { domainsid: CORP }),
    ],
    edges: [
      ...pki.edges,
      ...edges(
        'ALICE -[MemberOf]-> USERS', 'USERS -[Enroll]-> ECA',
        'USERS -[Enroll]-> LINKED', 'LINKED -[PublishedTo]-> ECA',
        'LINKED -[ExtendedByPolicy]-> POLICY', 'POLICY -[OIDGroupLink]-> ADMINS',
        'CORP -[Contains]-> CONTAINER', 'CONTAINER -[Contains]-> ADMINS', 'CORP -[Contains]-> OU',
        // a template that does not authenticate, extended by the same policy
        'USERS -[Enroll]-> NOAUTH', 'NOAUTH -[PublishedTo]-> ECA', 'NOAUTH -[ExtendedByPolicy]-> POLICY',
        // a template linked to another group
        'USERS -[Enroll]-> OTHERLINK', 'OTHERLINK -[PublishedTo]-> ECA',
        'OTHERLINK -[ExtendedByPolicy]-> POLICY2', 'POLICY2 -[OIDGroupLink]-> OTHERGROUP',
        // the linked template also on a CA that is not trusted for NT authentication
        'LINKED -[PublishedTo]-> UNTRUSTED', 'UNTRUSTED -[EnterpriseCAFor]-> ROOT', 'USERS -[Enroll]-> UNTRUSTED',
      ),
    ],
  };

  it('is the enrolment on a template whose issuance policy links the group, with the CA paths and the domain', async () => {
    expect(await compose(graph, 'ALICE -[ADCSESC13]-> ADMINS')).toEqual(expected(
      [...PKI_NODES, 'ALICE', 'USERS', 'LINKED', 'POLICY', 'ADMINS', 'CONTAINER'],
      [
        'ALICE -[MemberOf]-> USERS', 'USERS -[Enroll]-> LINKED', 'LINKED -[PublishedTo]-> ECA', ...CHAIN,
        'USERS -[Enroll]-> ECA', ...NT_AUTH,
        'LINKED -[ExtendedByPolicy]-> POLICY', 'POLICY -[OIDGroupLink]-> ADMINS',
        'CORP -[Contains]-> CONTAINER', 'CONTAINER -[Contains]-> ADMINS',
      ],
    ));
  });

  it('is empty when the group is not in a domain the CA chains to', async () => {
    const outside = { ...graph, edges: graph.edges.filter((e) => e.to !== 'ADMINS' || e.kind !== 'Contains') };
    expect(await compose(outside, 'ALICE -[ADCSESC13]-> ADMINS')).toEqual(expected([], []));
  });

  it('keeps a CA only for a domain it both chains to and is trusted in for NT authentication', async () => {
    // ECA chains to CORP and EAST trusts it; ECA2 chains to EAST and CORP trusts it: only ECA in CORP is whole.
    const crossed = {
      nodes: [
        ...pki.nodes,
        node('EAST', 'Domain', { name: 'EAST.LOCAL', domainsid: 'EAST' }),
        node('ROOT2', 'RootCA', { domainsid: 'EAST' }),
        node('NTAUTH2', 'NTAuthStore', { domainsid: 'EAST' }),
        node('ECA2', 'EnterpriseCA', { domainsid: 'EAST' }),
        node('ALICE', 'User', { domainsid: CORP }),
        node('LINKED', 'CertTemplate', template({ enrolleesuppliessubject: false })),
        node('POLICY', 'IssuancePolicy', { domainsid: CORP }),
        node('ADMINS', 'Group', { domainsid: CORP }),
      ],
      edges: [
        ...pki.edges,
        ...edges(
          'ROOT2 -[RootCAFor]-> EAST', 'NTAUTH2 -[NTAuthStoreFor]-> EAST', 'ECA2 -[EnterpriseCAFor]-> ROOT2',
          'ECA -[TrustedForNTAuth]-> NTAUTH2', 'ECA2 -[TrustedForNTAuth]-> NTAUTH',
          'ALICE -[Enroll]-> ECA', 'ALICE -[Enroll]-> ECA2',
          'ALICE -[Enroll]-> LINKED', 'LINKED -[PublishedTo]-> ECA', 'LINKED -[PublishedTo]-> ECA2',
          'LINKED -[ExtendedByPolicy]-> POLICY', 'POLICY -[OIDGroupLink]-> ADMINS',
          'CORP -[Contains]-> ADMINS', 'EAST -[Contains]-> ADMINS',
        ),
      ],
    };
    expect(await compose(crossed, 'ALICE -[ADCSESC13]-> ADMINS')).toEqual(expected(
      [...PKI_NODES, 'ALICE', 'LINKED', 'POLICY', 'ADMINS'],
      [
        'ALICE -[Enroll]-> LINKED', 'LINKED -[PublishedTo]-> ECA', ...CHAIN, 'ALICE -[Enroll]-> ECA', ...NT_AUTH,
        'LINKED -[ExtendedByPolicy]-> POLICY', 'POLICY -[OIDGroupLink]-> ADMINS', 'CORP -[Contains]-> ADMINS',
      ],
    ));
  });
});
