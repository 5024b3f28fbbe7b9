import { describe, expect, it } from '@jest/globals';
import { compose, edges, expected, node } from './testing/composition-harness.js';
import { CHAIN, CORP, NT_AUTH, PKI_NODES, corpPki, template } from './testing/pki-fixture.js';

describe('ADCSESC4 composition', () => {
  const pki = corpPki();
  const graph = {
    nodes: [
      ...pki.nodes,
      node('ALICE', 'User', { domainsid: CORP }),
      node('USERS', 'Group', { domainsid: CORP }),
      node('BOB', 'User', { domainsid: CORP }),
      node('FULL', 'CertTemplate', template({ authenticationenabled: false })),
      node('WRITABLE', 'CertTemplate', template({ authenticationenabled: false })),
      node('UNENROLLABLE', 'CertTemplate', template()),
      node('NAMEFLAG', 'CertTemplate', template({ enrolleesuppliessubject: false })),
      node('APPROVAL', 'CertTemplate', template({ requiresmanagerapproval: true, enrolleesuppliessubject: false })),
      node('BOTHFLAGS', 'CertTemplate', template({ requiresmanagerapproval: true, enrolleesuppliessubject: false })),
      node('ECA2', 'EnterpriseCA', { domainsid: CORP }),
      node('ONECA2', 'CertTemplate', template()),
    ],
    edges: [
      ...pki.edges,
      ...edges(
        'ALICE -[MemberOf]-> USERS', 'USERS -[Enroll]-> ECA',
        'USERS -[WriteDacl]-> FULL', 'FULL -[PublishedTo]-> ECA',
        'USERS -[GenericWrite]-> WRITABLE', 'WRITABLE -[PublishedTo]-> ECA', 'USERS -[Enroll]-> WRITABLE',
        'ALICE -[WritePKINameFlag]-> NAMEFLAG', 'ALICE -[AllExtendedRights]-> NAMEFLAG', 'NAMEFLAG -[PublishedTo]-> ECA',
        'USERS -[WritePKIEnrollmentFlag]-> BOTHFLAGS', 'USERS -[WritePKINameFlag]-> BOTHFLAGS', 'USERS -[Enroll]-> BOTHFLAGS',
        'BOTHFLAGS -[PublishedTo]-> ECA',
        // write access without the right to enrol
        'USERS -[GenericWrite]-> UNENROLLABLE', 'UNENROLLABLE -[PublishedTo]-> ECA',
        // the name flag alone on a template that needs approval
        'USERS -[WritePKINameFlag]-> APPROVAL', 'USERS -[Enroll]-> APPROVAL', 'APPROVAL -[PublishedTo]-> ECA',
        // control of a template on a CA that is not trusted for NT authentication
        'USERS -[GenericAll]-> ONECA2', 'ONECA2 -[PublishedTo]-> ECA2', 'ECA2 -[EnterpriseCAFor]-> ROOT', 'USERS -[Enroll]-> ECA2',
        // another principal's control
        'BOB -[GenericAll]-> FULL',
      ),
    ],
  };

  it('is the template control paths of each ESC4 variant, with enrolment, the chain and NT-auth trust', async () => {
    expect(await compose(graph, 'ALICE -[ADCSESC4]-> CORP')).toEqual(expected(
      [...PKI_NODES, 'ALICE', 'USERS', 'FULL', 'WRITABLE', 'NAMEFLAG', 'BOTHFLAGS'],
      [
        'ALICE -[MemberOf]-> USERS',
        'USERS -[WriteDacl]-> FULL', 'FULL -[PublishedTo]-> ECA',
        'USERS -[GenericWrite]-> WRITABLE', 'USERS -[Enroll]-> WRITABLE', 'WRITABLE -[PublishedTo]-> ECA',
        'ALICE -[WritePKINameFlag]-> NAMEFLAG', 'ALICE -[AllExtendedRights]-> NAMEFLAG', 'NAMEFLAG -[PublishedTo]-> ECA',
        'USERS -[WritePKIEnrollmentFlag]-> BOTHFLAGS', 'USERS -[WritePKINameFlag]-> BOTHFLAGS', 'USERS -[Enroll]-> BOTHFLAGS',
        'BOTHFLAGS -[PublishedTo]-> ECA',
        ...CHAIN,
        'USERS -[Enroll]-> ECA', ...NT_AUTH,
      ],
    ));
  });

  it('is empty when the principal cannot enrol on the CA', async () => {
    const noCaEnrolment = { ...graph, edges: graph.edges.filter((e) => !(e.kind === 'Enroll' && e.to === 'ECA')) };
    expect(await compose(noCaEnrolment, 'ALICE -[ADCSESC4]-> CORP')).toEqual(expected([], []));
  });
});
