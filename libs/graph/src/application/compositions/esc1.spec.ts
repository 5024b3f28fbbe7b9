import { describe, expect, it } from '@jest/globals';
import { compose, edges, expected, node } from './testing/composition-harness.js';
import { AUTHENTICATED_USERS, CHAIN, CORP, NT_AUTH, PKI_NODES, corpPki, template } from './testing/pki-fixture.js';

describe('ADCSESC1 composition', () => {
  const pki = corpPki();
  const graph = {
    nodes: [
      ...pki.nodes,
      node('ALICE', 'User', { domainsid: CORP }),
      node('USERS', 'Group', { domainsid: CORP }),
      node('ESC1', 'CertTemplate', template()),
      node('APPROVAL', 'CertTemplate', template({ requiresmanagerapproval: true })),
      node('NOSUBJECT', 'CertTemplate', template({ enrolleesuppliessubject: false })),
      node('SIGNED', 'CertTemplate', template({ authorizedsignatures: 1 })),
      node('ECA2', 'EnterpriseCA', { domainsid: CORP }),
      node('ESC1B', 'CertTemplate', template()),
      node('BOB', 'User', { domainsid: CORP }),
    ],
    edges: [
      ...pki.edges,
      ...edges(
        'ALICE -[MemberOf]-> USERS',
        `USERS -[MemberOf]-> ${AUTHENTICATED_USERS}`,
        'USERS -[Enroll]-> ESC1',
        'ESC1 -[PublishedTo]-> ECA',
        `${AUTHENTICATED_USERS} -[Enroll]-> ECA`,
        // templates that are not ESC1-valid, on the same CA
        'USERS -[Enroll]-> APPROVAL', 'APPROVAL -[PublishedTo]-> ECA',
        'USERS -[GenericAll]-> NOSUBJECT', 'NOSUBJECT -[PublishedTo]-> ECA',
        'USERS -[AllExtendedRights]-> SIGNED', 'SIGNED -[PublishedTo]-> ECA',
        // a valid template on a CA that chains to the domain but is not trusted for NT authentication
        'USERS -[Enroll]-> ESC1B', 'ESC1B -[PublishedTo]-> ECA2', 'ECA2 -[EnterpriseCAFor]-> ROOT', 'USERS -[Enroll]-> ECA2',
        // another principal's rights
        'BOB -[Enroll]-> ESC1',
      ),
    ],
  };

  it('is the enrolment paths to an ESC1 template and to its NT-auth-trusted CA, with the chain to the domain', async () => {
    expect(await compose(graph, 'ALICE -[ADCSESC1]-> CORP')).toEqual(expected(
      [...PKI_NODES, 'ALICE', 'USERS', 'ESC1', AUTHENTICATED_USERS],
      [
        'ALICE -[MemberOf]-> USERS',
        'USERS -[Enroll]-> ESC1',
        'ESC1 -[PublishedTo]-> ECA',
        ...CHAIN,
        `USERS -[MemberOf]-> ${AUTHENTICATED_USERS}`,
        `${AUTHENTICATED_USERS} -[Enroll]-> ECA`,
        ...NT_AUTH,
      ],
    ));
  });

  it('starts from the domain\'s Authenticated Users group too, which every principal implicitly belongs to', async () => {
    const unlinked = { ...graph, edges: graph.edges.filter((e) => e.to !== AUTHENTICATED_USERS || e.kind !== 'MemberOf') };
    expect(await compose(unlinked, 'ALICE -[ADCSESC1]-> CORP')).toEqual(expected(
      [...PKI_NODES, 'ALICE', 'USERS', 'ESC1', AUTHENTICATED_USERS],
      [
        'ALICE -[MemberOf]-> USERS', 'USERS -[Enroll]-> ESC1', 'ESC1 -[PublishedTo]-> ECA', ...CHAIN,
        `${AUTHENTICATED_USERS} -[Enroll]-> ECA`, ...NT_AUTH,
      ],
    ));
  });

  it('is empty when no CA both publishes a valid template and lets the principal enrol', async () => {
    const withoutCaEnrolment = { ...graph, edges: graph.edges.filter((e) => !(e.kind === 'Enroll' && e.to === 'ECA')) };
    expect(await compose(withoutCaEnrolment, 'ALICE -[ADCSESC1]-> CORP')).toEqual(expected([], []));
  });
});
