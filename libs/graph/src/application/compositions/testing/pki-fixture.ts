import { edges, node } from './composition-harness.js';

/**
 * The domain CORP with its public-key infrastructure, the part most ADCS compositions share: a root CA trusted by
 * the domain and an enterprise CA (ECA) that chains to it and is trusted for NT authentication. Object ids are
 * readable names; CORP's domain SID is 'CORP', so its Authenticated Users group is 'CORP-S-1-5-11'.
 */
export const CORP = 'CORP';
export const AUTHENTICATED_USERS = 'CORP-S-1-5-11';
export const EVERYONE = 'CORP-S-1-1-0';

/** ECA -> ROOT -> CORP, the certificate chain of the enterprise CA to the domain. */
export const CHAIN = ['ECA -[EnterpriseCAFor]-> ROOT', 'ROOT -[RootCAFor]-> CORP'];
/** ECA -> NTAUTH -> CORP, the domain trusting the enterprise CA for NT authentication. */
export const NT_AUTH = ['ECA -[TrustedForNTAuth]-> NTAUTH', 'NTAUTH -[NTAuthStoreFor]-> CORP'];
export const PKI_NODES = ['CORP', 'ROOT', 'ECA', 'NTAUTH'];

export function corpPki(ecaProperties: Record<string, unknown> = {}) {
  return {
    nodes: [
      node(CORP, 'Domain', { name: 'CORP.LOCAL', domainsid: CORP }),
      node('ROOT', 'RootCA', { domainsid: CORP }),
      node('ECA', 'EnterpriseCA', { domainsid: CORP, ...ecaProperties }),
      node('NTAUTH', 'NTAuthStore', { domainsid: CORP }),
      node(AUTHENTICATED_USERS, 'Group', { domainsid: CORP }),
      node(EVERYONE, 'Group', { domainsid: CORP }),
    ],
    edges: edges(...CHAIN, ...NT_AUTH, `${AUTHENTICATED_USERS} -[MemberOf]-> ${EVERYONE}`),
  };
}

/** A template's properties: an authentication template issued without approval or signatures, then `overrides`. */
export function template(overrides: Record<string, unknown> = {}) {
  return {
    requiresmanagerapproval: false,
    authenticationenabled: true,
    enrolleesuppliessubject: true,
    schemaversion: 2,
    authorizedsignatures: 0,
    subjectaltrequiredns: false,
    subjectaltrequiredomaindns: false,
    ...overrides,
  };
}
