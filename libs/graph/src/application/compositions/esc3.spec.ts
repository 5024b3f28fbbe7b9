import { describe, expect, it } from '@jest/globals';
import { compose, edges, expected, node } from './testing/composition-harness.js';
import { CHAIN, CORP, NT_AUTH, PKI_NODES, corpPki, template } from './testing/pki-fixture.js';

describe('ADCSESC3 composition', () => {
  const pki = corpPki();
  const restricted = { domainsid: CORP, enrollmentagentrestrictionscollected: true, hasenrollmentagentrestrictions: true };
  const graph = {
    nodes: [
      ...pki.nodes,
      node('ALICE', 'User', { domainsid: CORP }),
      node('USERS', 'Group', { domainsid: CORP }),
      node('AGENT', 'CertTemplate', template({ schemaversion: 1, authorizedsignatures: 1 })),
      node('TARGET', 'CertTemplate', template({ enrolleesuppliessubject: false, authorizedsignatures: 1 })),
      node('RESTRICTED', 'EnterpriseCA', restricted),
      node('UNDELEGATED', 'CertTemplate', template()),
      node('APPROVAL', 'CertTemplate', template({ requiresmanagerapproval: true })),
      node('DNSAGENT', 'CertTemplate', template({ subjectaltrequiredns: true })),
      node('UNCHAINED', 'EnterpriseCA', { domainsid: CORP }),
    ],
    edges: [
      ...pki.edges,
      ...edges(
        'ALICE -[MemberOf]-> USERS',
        'USERS -[Enroll]-> AGENT', 'AGENT -[PublishedTo]-> ECA', 'USERS -[Enroll]-> ECA',
        'AGENT -[EnrollOnBehalfOf]-> TARGET',
        'USERS -[Enroll]-> TARGET', 'TARGET -[PublishedTo]-> RESTRICTED', 'USERS -[Enroll]-> RESTRICTED',
        'RESTRICTED -[EnterpriseCAFor]-> ROOT', 'RESTRICTED -[TrustedForNTAuth]-> NTAUTH',
        'USERS -[DelegatedEnrollmentAgent]-> TARGET',
        // a target on the restricting CA that the principal is no delegated agent for
        'AGENT -[EnrollOnBehalfOf]-> UNDELEGATED', 'USERS -[Enroll]-> UNDELEGATED', 'UNDELEGATED -[PublishedTo]-> RESTRICTED',
        // a target that needs approval
        'AGENT -[EnrollOnBehalfOf]-> APPROVAL', 'USERS -[Enroll]-> APPROVAL', 'APPROVAL -[PublishedTo]-> ECA',
        // an agent template a user cannot get (it requires a DNS name)
        'USERS -[Enroll]-> DNSAGENT', 'DNSAGENT -[PublishedTo]-> ECA', 'DNSAGENT -[EnrollOnBehalfOf]-> TARGET',
        // a CA trusted for NT auth without a chain to the domain
        'USERS -[Enroll]-> UNCHAINED', 'UNCHAINED -[TrustedForNTAuth]-> NTAUTH', 'AGENT -[PublishedTo]-> UNCHAINED',
      ),
    ],
  };

  it('is the agent and target enrolments joined by EnrollOnBehalfOf, with CA enrolment, chains and delegation', async () => {
    expect(await compose(graph, 'ALICE -[ADCSESC3]-> CORP')).toEqual(expected(
      [...PKI_NODES, 'ALICE', 'USERS', 'AGENT', 'TARGET', 'RESTRICTED'],
      [
        'ALICE -[MemberOf]-> USERS',
        'USERS -[Enroll]-> AGENT', 'AGENT -[PublishedTo]-> ECA', ...NT_AUTH,
        'AGENT -[EnrollOnBehalfOf]-> TARGET',
        'USERS -[Enroll]-> TARGET', 'TARGET -[PublishedTo]-> RESTRICTED', 'RESTRICTED -[TrustedForNTAuth]-> NTAUTH',
        'USERS -[Enroll]-> ECA', 'USERS -[Enroll]-> RESTRICTED',
        ...CHAIN, 'RESTRICTED -[EnterpriseCAFor]-> ROOT',
        'USERS -[DelegatedEnrollmentAgent]-> TARGET',
      ],
    ));
  });

  it('is empty when the restricting CA has no delegated agent for the target', async () => {
    const undelegated = { ...graph, edges: graph.edges.filter((e) => e.kind !== 'DelegatedEnrollmentAgent') };
    expect(await compose(undelegated, 'ALICE -[ADCSESC3]-> CORP')).toEqual(expected([], []));
  });
});
