import { describe, expect, it } from '@jest/globals';
import { compose, edges, expected, node } from './testing/composition-harness.js';
import { AUTHENTICATED_USERS, CHAIN, CORP, NT_AUTH, PKI_NODES, corpPki, template } from './testing/pki-fixture.js';

describe('CoerceAndRelayNTLMToSMB composition', () => {
  const coercible = { domainsid: CORP, restrictoutboundntlm: false };
  const graph = {
    nodes: [
      node(AUTHENTICATED_USERS, 'Group', { domainsid: CORP }),
      node('TARGET', 'Computer', { ...coercible, smbsigning: false }),
      node('ADMINPC', 'Computer', coercible),
      node('ADMINS', 'Group', { domainsid: CORP }),
      node('NESTED', 'Group', { domainsid: CORP }),
      node('MEMBERPC', 'Computer', coercible),
      node('RESTRICTED', 'Computer', { domainsid: CORP, restrictoutboundntlm: true }),
      node('UNKNOWN', 'Computer', { domainsid: CORP }),
      node('FOREIGN', 'Computer', { domainsid: 'OTHER', restrictoutboundntlm: false }),
      node('ADMINUSER', 'User', coercible),
      node('RDPPC', 'Computer', coercible),
      node('EMPTY', 'Group', { domainsid: CORP }),
    ],
    edges: edges(
      'ADMINPC -[AdminTo]-> TARGET',
      'ADMINS -[AdminTo]-> TARGET', 'NESTED -[MemberOf]-> ADMINS', 'MEMBERPC -[MemberOf]-> NESTED',
      // admins that cannot be coerced and relayed: restricted, unknown, another domain, a user, the target itself
      'RESTRICTED -[MemberOf]-> ADMINS', 'UNKNOWN -[AdminTo]-> TARGET', 'FOREIGN -[MemberOf]-> ADMINS',
      'ADMINUSER -[AdminTo]-> TARGET', 'TARGET -[MemberOf]-> ADMINS',
      // not an admin, and an admin group with no computers
      'RDPPC -[CanRDP]-> TARGET', 'EMPTY -[AdminTo]-> TARGET',
    ),
  };

  it('is the paths by which coercible computers of the domain administer the target', async () => {
    expect(await compose(graph, `${AUTHENTICATED_USERS} -[CoerceAndRelayNTLMToSMB]-> TARGET`)).toEqual(expected(
      ['TARGET', 'ADMINPC', 'ADMINS', 'NESTED', 'MEMBERPC'],
      ['ADMINPC -[AdminTo]-> TARGET', 'ADMINS -[AdminTo]-> TARGET', 'NESTED -[MemberOf]-> ADMINS', 'MEMBERPC -[MemberOf]-> NESTED'],
    ));
  });

  it('ends only at computers, even where another kind of admin carries the coercion properties', async () => {
    const withGroup = {
      nodes: [...graph.nodes, node('LOCALGROUP', 'Group', coercible), node('GPO', 'GPO', coercible)],
      edges: [...graph.edges, ...edges('LOCALGROUP -[AdminTo]-> TARGET', 'GPO -[MemberOf]-> ADMINS')],
    };
    expect(await compose(withGroup, `${AUTHENTICATED_USERS} -[CoerceAndRelayNTLMToSMB]-> TARGET`)).toEqual(expected(
      ['TARGET', 'ADMINPC', 'ADMINS', 'NESTED', 'MEMBERPC'],
      ['ADMINPC -[AdminTo]-> TARGET', 'ADMINS -[AdminTo]-> TARGET', 'NESTED -[MemberOf]-> ADMINS', 'MEMBERPC -[MemberOf]-> NESTED'],
    ));
  });
});

describe('CoerceAndRelayNTLMToADCS composition', () => {
  const pki = corpPki({ hasvulnerableendpoint: true });
  const graph = {
    nodes: [
      ...pki.nodes,
      node('VICTIM', 'Computer', { domainsid: CORP }),
      node('COMPUTERS', 'Group', { domainsid: CORP }),
      node('RELAY', 'CertTemplate', template({ schemaversion: 1, authorizedsignatures: 1, enrolleesuppliessubject: false })),
      node('SIGNED', 'CertTemplate', template({ authorizedsignatures: 1 })),
      node('SAFECA', 'EnterpriseCA', { domainsid: CORP, hasvulnerableendpoint: false }),
      node('ONSAFE', 'CertTemplate', template()),
    ],
    edges: [
      ...pki.edges,
      ...edges(
        'VICTIM -[MemberOf]-> COMPUTERS', `COMPUTERS -[MemberOf]-> ${AUTHENTICATED_USERS}`,
        'COMPUTERS -[Enroll]-> RELAY', 'RELAY -[PublishedTo]-> ECA', `${AUTHENTICATED_USERS} -[Enroll]-> ECA`,
        // a template that needs a signature
        'COMPUTERS -[Enroll]-> SIGNED', 'SIGNED -[PublishedTo]-> ECA',
        // a CA without a vulnerable web enrolment endpoint
        'COMPUTERS -[Enroll]-> ONSAFE', 'ONSAFE -[PublishedTo]-> SAFECA', 'SAFECA -[EnterpriseCAFor]-> ROOT',
        'SAFECA -[TrustedForNTAuth]-> NTAUTH', `${AUTHENTICATED_USERS} -[Enroll]-> SAFECA`,
      ),
    ],
  };

  it('is the computer\'s enrolment on a relay-valid template of a vulnerable CA, with CA enrolment and trust', async () => {
    expect(await compose(graph, `${AUTHENTICATED_USERS} -[CoerceAndRelayNTLMToADCS]-> VICTIM`)).toEqual(expected(
      [...PKI_NODES, 'VICTIM', 'COMPUTERS', 'RELAY', AUTHENTICATED_USERS],
      [
        'VICTIM -[MemberOf]-> COMPUTERS', 'COMPUTERS -[Enroll]-> RELAY', 'RELAY -[PublishedTo]-> ECA', ...CHAIN,
        `COMPUTERS -[MemberOf]-> ${AUTHENTICATED_USERS}`, `${AUTHENTICATED_USERS} -[Enroll]-> ECA`, ...NT_AUTH,
      ],
    ));
  });
});
