import { describe, expect, it } from '@jest/globals';
import { compose, edges, expected, node } from './testing/composition-harness.js';
import { CHAIN, CORP, NT_AUTH, PKI_NODES, corpPki } from './testing/pki-fixture.js';

describe('GoldenCert composition', () => {
  const pki = corpPki();
  const graph = {
    nodes: [
      ...pki.nodes,
      node('HOST', 'Computer', { domainsid: CORP }),
      node('INTERMEDIATE', 'AIACA'),
      node('UNTRUSTED', 'EnterpriseCA'),
      node('FOREIGN', 'EnterpriseCA'),
      node('OTHERROOT', 'RootCA'),
      node('OTHER', 'Domain', { name: 'OTHER.LOCAL' }),
      node('HOST2', 'Computer', { domainsid: CORP }),
    ],
    edges: [
      ...pki.edges,
      ...edges(
        'HOST -[HostsCAService]-> ECA',
        // a second chain of the same CA, through an intermediate
        'ECA -[IssuedSignedBy]-> INTERMEDIATE', 'INTERMEDIATE -[IssuedSignedBy]-> ROOT',
        // a hosted CA that chains to the domain but is not trusted for NT authentication
        'HOST -[HostsCAService]-> UNTRUSTED', 'UNTRUSTED -[EnterpriseCAFor]-> ROOT',
        // a hosted CA trusted for NT authentication whose chain ends in another domain
        'HOST -[HostsCAService]-> FOREIGN', 'FOREIGN -[TrustedForNTAuth]-> NTAUTH',
        'FOREIGN -[EnterpriseCAFor]-> OTHERROOT', 'OTHERROOT -[RootCAFor]-> OTHER',
        // another host of the same CA
        'HOST2 -[HostsCAService]-> ECA',
      ),
    ],
  };

  it('is the hosted CA with its chains to the domain and its NT-auth trust', async () => {
    expect(await compose(graph, 'HOST -[GoldenCert]-> CORP')).toEqual(expected(
      [...PKI_NODES, 'HOST', 'INTERMEDIATE'],
      [
        'HOST -[HostsCAService]-> ECA',
        ...CHAIN,
        'ECA -[IssuedSignedBy]-> INTERMEDIATE',
        'INTERMEDIATE -[IssuedSignedBy]-> ROOT',
        ...NT_AUTH,
      ],
    ));
  });

  it('is empty for a computer that hosts no CA trusted by the domain', async () => {
    expect(await compose(graph, 'HOST2 -[GoldenCert]-> OTHER')).toEqual(expected([], []));
  });
});
