import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GraphStore, TraversalIndexKeeper } from '@app/graph';
import { IndexedSearch, IndexedWalks, PREBUILT_QUERIES, REJECTED_QUERIES, seedGraph } from '@app/graph/testing';
import { bearer } from './support/auth.js';
import { ADMIN_PASSWORD, createTestApp, errorMessage, login, type TestApp } from './support/test-app.js';
import { ID, PREBUILT_GRAPH } from './fixtures/prebuilt-graph.js';

/**
 * The acceptance corpus end to end: every pre-built query over POST /api/v2/graphs/cypher, first on an empty graph
 * (404) and then on the hand-built directory of test/fixtures/prebuilt-graph.ts, where each one must return exactly
 * the objects worked out by hand below. Nodes and edges are named by their key in `ID`; an edge reads
 * `SOURCE -Kind-> TARGET`.
 */

type NodeName = keyof typeof ID;

interface ExpectedGraph {
  nodes: string[];
  edges: string[];
}

/** A node-only answer (RETURN n / RETURN u). */
const nodes = (...names: NodeName[]): ExpectedGraph => ({ nodes: [...new Set(names)].sort(), edges: [] });

/** A path answer: the edges of every returned path; its nodes are their endpoints. */
function paths(...edges: string[]): ExpectedGraph {
  const names = edges.flatMap((edge) => {
    const match = /^(\w+) -\w+-> (\w+)$/.exec(edge);
    if (!match || !(match[1] in ID) || !(match[2] in ID)) throw new Error(`malformed expected edge ${edge}`);
    return [match[1], match[2]];
  });
  return { nodes: [...new Set(names)].sort(), edges: [...new Set(edges)].sort() };
}

/**
 * What each query returns on PREBUILT_GRAPH. Shortest paths are unique per (start, end) pair in the fixture, so
 * `shortestPath` answers are exact too; `*1..` stops at 15 hops, more than the fixture's longest chain.
 */
const EXPECTED: Record<number, ExpectedGraph> = {
  1: paths(
    'ADMINISTRATOR -MemberOf-> DOMAIN_ADMINS', 'DA_JOHN -MemberOf-> DOMAIN_ADMINS',
    'SVC_BACKUP -MemberOf-> TIER0_OPERATORS', 'TIER0_OPERATORS -MemberOf-> DOMAIN_ADMINS',
  ),
  2: paths(
    'CONTOSO -SameForestTrust-> CHILD', 'CHILD -SameForestTrust-> CONTOSO', 'CONTOSO -CrossForestTrust-> FABRIKAM',
    'FABRIKAM -CrossForestTrust-> CONTOSO', 'CONTOSO -CrossForestTrust-> WINGTIP',
  ),
  3: paths(
    'CHILD -Contains-> OU_CHILD_PEOPLE', 'CONTOSO -Contains-> OU_DCS', 'CONTOSO -Contains-> OU_PEOPLE',
    'CONTOSO -Contains-> OU_SERVERS', 'CONTOSO -Contains-> OU_TIER0', 'CONTOSO -Contains-> OU_WORKSTATIONS',
    'OU_PEOPLE -Contains-> OU_SERVICE',
  ),
  4: paths(
    'CN_BUILTIN -Contains-> ADMINISTRATORS', 'CN_SYSTEM -Contains-> CN_ADMINSDHOLDER',
    'CN_USERS -Contains-> ADMINISTRATOR', 'CN_USERS -Contains-> DOMAIN_ADMINS',
    'CN_USERS -Contains-> DOMAIN_CONTROLLERS', 'CN_USERS -Contains-> ENTERPRISE_ADMINS',
    'CN_USERS -Contains-> FORMER_ADMIN', 'CN_USERS -Contains-> KRBTGT', 'CN_USERS -Contains-> TIER0_OPERATORS',
    'CONTOSO -Contains-> CN_BUILTIN', 'CONTOSO -Contains-> CN_SYSTEM', 'CONTOSO -Contains-> CN_USERS',
    'CONTOSO -Contains-> DC02', 'CONTOSO -Contains-> OU_DCS', 'CONTOSO -Contains-> OU_PEOPLE',
    'CONTOSO -Contains-> OU_SERVERS', 'CONTOSO -Contains-> OU_TIER0', 'OU_DCS -Contains-> DC01',
    'OU_PEOPLE -Contains-> OU_SERVICE', 'OU_SERVERS -Contains-> AZUREADSSOACC', 'OU_SERVICE -Contains-> MSOL',
    'OU_SERVICE -Contains-> SVC_SQL', 'OU_TIER0 -Contains-> DA_JOHN', 'OU_TIER0 -Contains-> NEW_ADMIN',
    'OU_TIER0 -Contains-> SVC_BACKUP',
  ),
  5: paths('SVC_BACKUP -DCSync-> CONTOSO', 'ENTERPRISE_ADMINS -GenericAll-> CONTOSO'),
  6: paths('CHILD_ALICE -MemberOf-> HELPDESK', 'FABRIKAM_BOB -MemberOf-> SERVER_ADMINS'),
  7: paths('DOMAIN_USERS -AdminTo-> WS02'),
  8: paths('DOMAIN_USERS -ReadLAPSPassword-> WS03'),
  9: paths(
    'DA_JOHN -MemberOf-> DOMAIN_ADMINS', 'DOMAIN_ADMINS -MemberOf-> ADMINISTRATORS',
    'DOMAIN_USERS -CanRDP-> WS01', 'WS01 -HasSession-> DA_JOHN',
  ),
  10: paths('DOMAIN_USERS -CanRDP-> WS01'),
  11: paths('DOMAIN_USERS -CanRDP-> SRV01'),
  12: paths(
    'DOMAIN_USERS -CanRDP-> WS01', 'DOMAIN_USERS -CanRDP-> SRV01', 'DOMAIN_USERS -AdminTo-> WS02',
    'DOMAIN_USERS -ReadLAPSPassword-> WS03',
  ),
  13: paths(
    'WS01 -HasSession-> DA_JOHN', 'DA_JOHN -MemberOf-> DOMAIN_ADMINS', 'SRV02 -HasSession-> SVC_BACKUP',
    'SVC_BACKUP -MemberOf-> TIER0_OPERATORS', 'TIER0_OPERATORS -MemberOf-> DOMAIN_ADMINS',
  ),
  14: paths('HELPDESK -GenericWrite-> GPO_WORKSTATIONS'),
  15: nodes('SVC_BACKUP'),
  16: nodes('SVC_BACKUP', 'SVC_SQL'),
  17: nodes('SVC_SQL'),
  18: nodes('ASREP_ROAST'),
  19: nodes('SVC_SQL', 'SVC_OLD', 'GMSA_WEB'),
  20: paths(
    'AUTHENTICATED_USERS -CoerceAndRelayNTLMToSMB-> SRV02', 'CHILD -SameForestTrust-> CONTOSO',
    'CHILD_DC01 -DCFor-> CHILD', 'CN_USERS -Contains-> ENTERPRISE_ADMINS', 'CN_USERS -Contains-> SERVER_ADMINS',
    'CONTOSO -Contains-> DC02', 'CONTOSO -Contains-> OU_DCS', 'CONTOSO -Contains-> OU_SERVERS',
    'DC01 -DCFor-> CONTOSO', 'DC02 -DCFor-> CONTOSO', 'ENTERPRISE_ADMINS -GenericAll-> CONTOSO',
    'FABRIKAM -SpoofSIDHistory-> CONTOSO', 'FABRIKAM_BOB -MemberOf-> SERVER_ADMINS',
    'GPO_DEFAULT_DOMAIN -GPLink-> CONTOSO', 'OU_DCS -Contains-> DC01', 'OU_PEOPLE -Contains-> OU_SERVICE',
    'OU_SERVERS -Contains-> SRV02', 'OU_SERVICE -Contains-> SVC_SQL', 'OU_TIER0 -Contains-> SVC_BACKUP',
    'SERVER_ADMINS -AdminTo-> SRV02', 'SRV02 -HasSession-> SVC_BACKUP', 'SVC_BACKUP -DCSync-> CONTOSO',
    'SVC_SQL -AdminTo-> SRV02',
  ),
  21: paths(
    'SRV02 -HasSession-> SVC_BACKUP', 'SVC_BACKUP -MemberOf-> TIER0_OPERATORS', 'SVC_SQL -AdminTo-> SRV02',
    'TIER0_OPERATORS -MemberOf-> DOMAIN_ADMINS',
  ),
  22: paths(
    'ADMINISTRATOR -MemberOf-> DOMAIN_ADMINS', 'AUTHENTICATED_USERS -CoerceAndRelayNTLMToADCS-> WS01',
    'AUTHENTICATED_USERS -CoerceAndRelayNTLMToSMB-> SRV02', 'CHILD -SameForestTrust-> CONTOSO',
    'CHILD_ALICE -MemberOf-> HELPDESK', 'CHILD_DC01 -DCFor-> CHILD', 'CN_SYSTEM -Contains-> CN_ADMINSDHOLDER',
    'CN_USERS -Contains-> ADMINISTRATOR', 'CN_USERS -Contains-> DOMAIN_ADMINS',
    'CN_USERS -Contains-> ENTERPRISE_ADMINS', 'CN_USERS -Contains-> HELPDESK', 'CN_USERS -Contains-> KRBTGT',
    'CN_USERS -Contains-> SERVER_ADMINS', 'CONTOSO -Contains-> CN_SYSTEM', 'CONTOSO -Contains-> CN_USERS',
    'CONTOSO -Contains-> DC02', 'CONTOSO -Contains-> OU_DCS', 'CONTOSO -Contains-> OU_TIER0',
    'CONTOSO -SameForestTrust-> CHILD', 'DA_JOHN -MemberOf-> DOMAIN_ADMINS',
    'DA_JOHN -SyncedToEntraUser-> AZ_JOHN', 'DC01 -DCFor-> CONTOSO', 'DC01 -HasSession-> ADMINISTRATOR',
    'DC02 -DCFor-> CONTOSO', 'DOMAIN_USERS -CanRDP-> WS01', 'ENTERPRISE_ADMINS -GenericAll-> CONTOSO',
    'FABRIKAM -SpoofSIDHistory-> CONTOSO', 'FABRIKAM_BOB -MemberOf-> SERVER_ADMINS',
    'GPO_DEFAULT_DOMAIN -GPLink-> CONTOSO', 'GPO_WORKSTATIONS -GPLink-> OU_WORKSTATIONS',
    'HELPDESK -ForceChangePassword-> DA_JOHN', 'JDOE -MemberOf-> HELPDESK',
    'OU_CHILD_PEOPLE -Contains-> CHILD_ALICE', 'OU_DCS -Contains-> DC01', 'OU_PEOPLE -Contains-> JDOE',
    'OU_PEOPLE -Contains-> OU_SERVICE', 'OU_SERVERS -Contains-> SRV02', 'OU_SERVICE -Contains-> SVC_SQL',
    'OU_TIER0 -Contains-> DA_JOHN', 'OU_TIER0 -Contains-> NEW_ADMIN', 'OU_TIER0 -Contains-> SVC_BACKUP',
    'OU_WORKSTATIONS -Contains-> WS01', 'SERVER_ADMINS -AdminTo-> SRV02', 'SRV02 -HasSession-> SVC_BACKUP',
    'SVC_BACKUP -DCSync-> CONTOSO', 'SVC_BACKUP -MemberOf-> TIER0_OPERATORS', 'SVC_SQL -AdminTo-> SRV02',
    'TIER0_OPERATORS -MemberOf-> DOMAIN_ADMINS', 'TIER0_SUPPORT -MemberOf-> TIER0_OPERATORS',
    'UNRESOLVED -GenericAll-> GPO_WORKSTATIONS', 'WS01 -HasSession-> DA_JOHN',
  ),
  23: paths(
    'ADMINISTRATOR -MemberOf-> DOMAIN_ADMINS', 'AUTHENTICATED_USERS -CoerceAndRelayNTLMToADCS-> WS01',
    'CHILD -SameForestTrust-> CONTOSO', 'CHILD_ALICE -MemberOf-> HELPDESK', 'CHILD_DC01 -DCFor-> CHILD',
    'CN_USERS -Contains-> DOMAIN_ADMINS', 'CONTOSO -Contains-> CN_USERS', 'DA_JOHN -MemberOf-> DOMAIN_ADMINS',
    'DC01 -HasSession-> ADMINISTRATOR', 'DC02 -DCFor-> CONTOSO', 'DOMAIN_USERS -CanRDP-> WS01',
    'ENTERPRISE_ADMINS -GenericAll-> CONTOSO', 'FABRIKAM -SpoofSIDHistory-> CONTOSO',
    'FABRIKAM_BOB -MemberOf-> SERVER_ADMINS', 'GPO_DEFAULT_DOMAIN -GPLink-> CONTOSO',
    'GPO_WORKSTATIONS -GPLink-> OU_WORKSTATIONS', 'HELPDESK -ForceChangePassword-> DA_JOHN',
    'JDOE -MemberOf-> HELPDESK', 'OU_CHILD_PEOPLE -Contains-> CHILD_ALICE', 'OU_DCS -Contains-> DC01',
    'OU_PEOPLE -Contains-> JDOE', 'OU_SERVERS -Contains-> SRV02', 'OU_SERVICE -Contains-> SVC_SQL',
    'OU_TIER0 -Contains-> DA_JOHN', 'OU_WORKSTATIONS -Contains-> WS01', 'SERVER_ADMINS -AdminTo-> SRV02',
    'SRV02 -HasSession-> SVC_BACKUP', 'SVC_BACKUP -MemberOf-> TIER0_OPERATORS', 'SVC_SQL -AdminTo-> SRV02',
    'TIER0_OPERATORS -MemberOf-> DOMAIN_ADMINS', 'TIER0_SUPPORT -MemberOf-> TIER0_OPERATORS',
    'UNRESOLVED -GenericAll-> GPO_WORKSTATIONS', 'WS01 -HasSession-> DA_JOHN',
  ),
  24: paths(
    'DA_JOHN -MemberOf-> DOMAIN_ADMINS', 'DOMAIN_ADMINS -MemberOf-> ADMINISTRATORS',
    'HELPDESK -ForceChangePassword-> DA_JOHN', 'JDOE -MemberOf-> HELPDESK',
  ),
  25: paths(
    'DA_JOHN -MemberOf-> DOMAIN_ADMINS', 'DOMAIN_ADMINS -GenericWrite-> GPO_TIER0',
    'DOMAIN_ADMINS -MemberOf-> ADMINISTRATORS', 'DOMAIN_ADMINS -Owns-> POLICY_HIGH',
    'DOMAIN_USERS -AdminTo-> WS02', 'DOMAIN_USERS -CanRDP-> SRV01', 'DOMAIN_USERS -CanRDP-> WS01',
    'DOMAIN_USERS -ReadLAPSPassword-> WS03', 'GPO_WORKSTATIONS -GPLink-> OU_WORKSTATIONS',
    'HELPDESK -CanRDP-> SRV03', 'HELPDESK -ForceChangePassword-> DA_JOHN',
    'HELPDESK -GenericWrite-> GPO_WORKSTATIONS', 'JDOE -MemberOf-> DOMAIN_USERS', 'JDOE -MemberOf-> HELPDESK',
    'SRV03 -MemberOf-> PROTECTED_USERS',
  ),
  26: paths(
    'CA01 -HostsCAService-> ENTERPRISE_CA', 'ENTERPRISE_CA -EnterpriseCAFor-> ROOT_CA',
    'ENTERPRISE_CA -IssuedSignedBy-> ROOT_CA', 'ENTERPRISE_CA -TrustedForNTAuth-> NTAUTH_STORE',
    'ISSUING_CA -EnterpriseCAFor-> ROOT_CA', 'ISSUING_CA -IssuedSignedBy-> ROOT_CA',
    'NTAUTH_STORE -NTAuthStoreFor-> CONTOSO', 'ROOT_CA -RootCAFor-> CONTOSO',
  ),
  27: paths(
    'CN_AUTHORITIES -Contains-> OLD_ROOT_CA', 'CN_AUTHORITIES -Contains-> ROOT_CA',
    'CN_ENROLLMENT -Contains-> ENTERPRISE_CA', 'CN_ENROLLMENT -Contains-> ISSUING_CA',
    'CN_OID -Contains-> POLICY_HIGH', 'CN_OID -Contains-> POLICY_LOW', 'CN_PKS -Contains-> CN_AUTHORITIES',
    'CN_PKS -Contains-> CN_ENROLLMENT', 'CN_PKS -Contains-> CN_OID', 'CN_PKS -Contains-> CN_TEMPLATES',
    'CN_PKS -Contains-> NTAUTH_STORE', 'CN_TEMPLATES -Contains-> TPL_AGENT',
    'CN_TEMPLATES -Contains-> TPL_ANY_PURPOSE', 'CN_TEMPLATES -Contains-> TPL_ESC1',
    'CN_TEMPLATES -Contains-> TPL_ESC1_SIGNED', 'CN_TEMPLATES -Contains-> TPL_ESC1_UNPUBLISHED',
    'CN_TEMPLATES -Contains-> TPL_NO_EKU', 'CN_TEMPLATES -Contains-> TPL_SUBCA',
    'CN_TEMPLATES -Contains-> TPL_USER',
  ),
  28: paths(
    'DOMAIN_USERS -Enroll-> TPL_ESC1', 'TPL_ESC1 -PublishedTo-> ENTERPRISE_CA', 'DOMAIN_USERS -Enroll-> TPL_USER',
    'TPL_USER -PublishedTo-> ENTERPRISE_CA', 'DOMAIN_USERS -Enroll-> TPL_ESC1_SIGNED',
    'TPL_ESC1_SIGNED -PublishedTo-> ENTERPRISE_CA', 'HELPDESK -Enroll-> TPL_AGENT', 'TPL_AGENT -PublishedTo-> ENTERPRISE_CA',
    'SERVER_ADMINS -Enroll-> TPL_ANY_PURPOSE', 'TPL_ANY_PURPOSE -PublishedTo-> ISSUING_CA',
    'ENTERPRISE_ADMINS -GenericAll-> TPL_SUBCA', 'TPL_SUBCA -PublishedTo-> ISSUING_CA',
    'SVC_SQL -AllExtendedRights-> TPL_NO_EKU', 'TPL_NO_EKU -PublishedTo-> ENTERPRISE_CA',
  ),
  29: paths('DOMAIN_USERS -Enroll-> TPL_ESC1', 'TPL_ESC1 -PublishedTo-> ENTERPRISE_CA'),
  30: paths(
    'SERVER_ADMINS -Enroll-> TPL_ANY_PURPOSE', 'TPL_ANY_PURPOSE -PublishedTo-> ISSUING_CA',
    'SVC_SQL -AllExtendedRights-> TPL_NO_EKU', 'TPL_NO_EKU -PublishedTo-> ENTERPRISE_CA',
  ),
  31: paths(
    'HELPDESK -Enroll-> TPL_AGENT', 'TPL_AGENT -PublishedTo-> ENTERPRISE_CA', 'SERVER_ADMINS -Enroll-> TPL_ANY_PURPOSE',
    'TPL_ANY_PURPOSE -PublishedTo-> ISSUING_CA', 'ENTERPRISE_ADMINS -GenericAll-> TPL_SUBCA',
    'TPL_SUBCA -PublishedTo-> ISSUING_CA',
  ),
  32: paths('DOMAIN_USERS -Enroll-> TPL_USER', 'TPL_USER -PublishedTo-> ENTERPRISE_CA'),
  33: paths(
    'DOMAIN_USERS -Enroll-> TPL_ESC1', 'TPL_ESC1 -PublishedTo-> ENTERPRISE_CA', 'DOMAIN_USERS -Enroll-> TPL_USER',
    'TPL_USER -PublishedTo-> ENTERPRISE_CA', 'DOMAIN_USERS -Enroll-> TPL_ESC1_SIGNED',
    'TPL_ESC1_SIGNED -PublishedTo-> ENTERPRISE_CA', 'HELPDESK -Enroll-> TPL_AGENT', 'TPL_AGENT -PublishedTo-> ENTERPRISE_CA',
    'SVC_SQL -AllExtendedRights-> TPL_NO_EKU', 'TPL_NO_EKU -PublishedTo-> ENTERPRISE_CA',
  ),
  34: paths('ENTERPRISE_ADMINS -ManageCA-> ENTERPRISE_CA', 'SERVER_ADMINS -ManageCertificates-> ISSUING_CA'),
  35: paths('DC02 -DCFor-> CONTOSO', 'CHILD_DC01 -DCFor-> CHILD'),
  36: paths('DC01 -DCFor-> CONTOSO'),
  37: paths('SVC_SQL -WriteDacl-> POLICY_HIGH'),
  38: paths(
    'DOMAIN_USERS -Enroll-> TPL_USER', 'TPL_USER -ExtendedByPolicy-> POLICY_HIGH', 'POLICY_HIGH -OIDGroupLink-> SERVER_ADMINS',
  ),
  39: nodes('SVC_OLD', 'OLD_CONTRACTOR'),
  40: nodes('SVC_SQL'),
  41: nodes('DA_JOHN', 'SVC_SQL', 'WS03'),
  42: nodes('ASREP_ROAST'),
  43: nodes('ADMINISTRATOR', 'KRBTGT', 'DA_JOHN', 'SVC_SQL', 'SVC_OLD', 'FORMER_ADMIN'),
  44: paths(
    'DOMAIN_ADMINS -MemberOf-> ADMINISTRATORS', 'TIER0_OPERATORS -MemberOf-> DOMAIN_ADMINS',
    'TIER0_SUPPORT -MemberOf-> TIER0_OPERATORS',
  ),
  45: nodes('FORMER_ADMIN'),
  46: nodes('DA_JOHN'),
  47: nodes('DA_JOHN', 'SVC_SQL'),
  48: nodes('DA_JOHN', 'SVC_SQL', 'MSOL'),
  49: nodes('CONTOSO'),
  50: nodes('CONTOSO'),
  51: paths('CONTOSO -CrossForestTrust-> FABRIKAM', 'FABRIKAM -CrossForestTrust-> CONTOSO', 'FABRIKAM -SpoofSIDHistory-> CONTOSO'),
  52: nodes('WS03', 'SRV02'),
  53: nodes('ADMINISTRATOR', 'KRBTGT', 'SVC_SQL', 'SVC_OLD', 'MSA_APP', 'OLD_CONTRACTOR', 'WS03'),
  54: paths(
    'AUTHENTICATED_USERS -CoerceAndRelayNTLMToSMB-> SRV02', 'AUTHENTICATED_USERS -CoerceAndRelayNTLMToADCS-> WS01',
    'AUTHENTICATED_USERS -CoerceAndRelayNTLMToLDAP-> WS03',
  ),
  55: nodes('ENTERPRISE_CA'),
  56: paths(
    'SRV03 -MemberOf-> PROTECTED_USERS', 'SVC_BACKUP -MemberOf-> TIER0_OPERATORS',
    'TIER0_OPERATORS -MemberOf-> PROTECTED_USERS', 'TIER0_SUPPORT -MemberOf-> TIER0_OPERATORS',
  ),
  57: paths('DC01 -DCFor-> CONTOSO', 'CHILD_DC01 -DCFor-> CHILD'),
  58: nodes('DC01'),
  59: nodes('WS01', 'SRV02'),
  60: nodes('WS01'),
  61: paths(
    'AZ_BREAKGLASS -AZGlobalAdmin-> TENANT', 'AZ_JOHN -AZGlobalAdmin-> TENANT',
  ),
  62: paths(
    'AZG_HELPDESK -AZHasRole-> ROLE_HELPDESK', 'AZ_BREAKGLASS -AZHasRole-> ROLE_GA',
    'AZ_GUEST -AZHasRole-> ROLE_PRA', 'AZ_JDOE -AZMemberOf-> AZG_HELPDESK', 'AZ_JOHN -AZHasRole-> ROLE_GA',
    'SP_FOREIGN -AZHasRole-> ROLE_PRA',
  ),
  63: paths(
    'APP_PAYROLL -AZRunsAs-> SP_PAYROLL', 'AZ_BREAKGLASS -AZGlobalAdmin-> TENANT',
    'AZ_BREAKGLASS -AZHasRole-> ROLE_GA', 'AZ_GUEST -AZHasRole-> ROLE_PRA', 'AZ_JDOE -AZOwns-> APP_PAYROLL',
    'AZ_JOHN -AZGlobalAdmin-> TENANT', 'AZ_JOHN -AZHasRole-> ROLE_GA', 'SP_PAYROLL -AZMGGrantRole-> TENANT',
  ),
  64: paths(
    'AZG_HELPDESK -AZHasRole-> ROLE_HELPDESK', 'AZ_BREAKGLASS -AZHasRole-> ROLE_GA',
    'AZ_GUEST -AZHasRole-> ROLE_PRA', 'AZ_JDOE -AZMemberOf-> AZG_HELPDESK', 'AZ_JOHN -AZHasRole-> ROLE_GA',
    'SP_FOREIGN -AZHasRole-> ROLE_PRA',
  ),
  65: paths(
    'APP_GRAPH_AUTOMATION -AZRunsAs-> SP_GRAPH_AUTOMATION', 'APP_PAYROLL -AZRunsAs-> SP_PAYROLL',
    'SP_GRAPH_AUTOMATION -AZMGGrantAppRoles-> TENANT', 'SP_PAYROLL -AZMGGrantRole-> TENANT',
  ),
  66: paths(
    'APP_GRAPH_AUTOMATION -AZRunsAs-> SP_GRAPH_AUTOMATION', 'APP_PAYROLL -AZRunsAs-> SP_PAYROLL',
    'AZG_CLOUDOPS -AZOwner-> SUBSCRIPTION', 'AZ_BREAKGLASS -AZGlobalAdmin-> TENANT',
    'AZ_JDOE -AZMemberOf-> AZG_CLOUDOPS', 'AZ_JOHN -AZUserAccessAdministrator-> SUBSCRIPTION',
    'SP_GRAPH_AUTOMATION -AZMGGrantAppRoles-> TENANT', 'SP_PAYROLL -AZMGGrantRole-> TENANT',
    'TENANT -AZContains-> SUBSCRIPTION',
  ),

  67: paths('SP_GRAPH_AUTOMATION -AZMGGrantAppRoles-> TENANT'),
  68: paths(
    'SP_GRAPH_AUTOMATION -AZMGDirectory_ReadWrite_All-> SP_MS_GRAPH', 'SP_PAYROLL -AZMGGroupMember_ReadWrite_All-> SP_MS_GRAPH',
  ),
  69: nodes('SP_FOREIGN'),
  70: nodes('AZ_JOHN', 'AZ_SVC_SQL'),
  71: nodes('AZ_BREAKGLASS'),
  72: nodes('AZ_GUEST'),
  73: nodes('DEVICE_OLD'),
  74: paths('JDOE -SyncedToEntraUser-> AZ_JDOE', 'AZ_JDOE -AZOwns-> APP_PAYROLL'),
  75: paths('DA_JOHN -SyncedToEntraUser-> AZ_JOHN', 'AZ_JOHN -AZHasRole-> ROLE_GA'),
  76: paths(
    'JDOE -SyncedToEntraUser-> AZ_JDOE', 'AZ_JDOE -AZMemberOf-> AZG_HELPDESK', 'AZG_HELPDESK -AZHasRole-> ROLE_HELPDESK',
  ),
  77: paths('DA_JOHN -SyncedToEntraUser-> AZ_JOHN', 'AZ_JOHN -AZUserAccessAdministrator-> SUBSCRIPTION'),
  78: paths(
    'JDOE -SyncedToEntraUser-> AZ_JDOE', 'AZ_JDOE -AZMemberOf-> AZG_CLOUDOPS', 'AZG_CLOUDOPS -AZOwner-> SUBSCRIPTION',
  ),
  79: paths(
    'JDOE -SyncedToEntraUser-> AZ_JDOE', 'AZ_JDOE -AZMemberOf-> AZG_HELPDESK', 'AZ_JDOE -AZMemberOf-> AZG_CLOUDOPS',
  ),
  80: paths('AZ_JOHN -SyncedToADUser-> DA_JOHN', 'DA_JOHN -MemberOf-> DOMAIN_ADMINS'),
};

interface CypherNode {
  objectId: string;
}

interface CypherEdge {
  source: string;
  target: string;
  kind: string;
}

/** Where the reference's parser reports the appendix's syntax errors (cypher-prebuilt-queries.md, appendix). */
const SYNTAX_ERROR_POSITIONS = [
  { query: 'MATCH MERGE', position: 'line 1:6' },
  { query: 'profile match(n) return n', position: 'line 1:0' },
  { query: 'MATCH (V1:LabelA) RETURN V1.Name AS v1Name UNION ALL MATCH (V2:LabelB) RETURN V2.Name AS v2Name', position: 'line 1:43' },
];

const NAMES = new Map<string, string>(Object.entries(ID).map(([name, objectid]) => [objectid, name]));

/** The answer's nodes and edges, named like EXPECTED (an objectid outside the fixture keeps its raw value). */
function graphOf(body: { data: { nodes: Record<string, CypherNode>; edges: CypherEdge[] } }): ExpectedGraph {
  const name = (objectid: string) => NAMES.get(objectid) ?? objectid;
  const nodeName = (id: string) => name(body.data.nodes[id]?.objectId ?? `<node ${id} missing from nodes>`);
  return {
    nodes: [...new Set(Object.values(body.data.nodes).map((node) => name(node.objectId)))].sort(),
    edges: [...new Set(body.data.edges.map((edge) => `${nodeName(edge.source)} -${edge.kind}-> ${nodeName(edge.target)}`))].sort(),
  };
}

// Both ways: SQL only, and with the in-memory traversal index answering the shortest paths (kept up to date from the
// change log after the graph is seeded).
describe.each(['SQL only', 'in-memory index'])('pre-built queries (POST /api/v2/graphs/cypher, %s)', (mode) => {
  let t: TestApp;
  let token: string;
  const cypher = (query: string) =>
    t.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(token)).send({ query });

  beforeAll(async () => {
    t = await createTestApp({ env: { GRAPH_TRAVERSAL_INDEX: mode === 'SQL only' ? 'off' : 'on' } });
    token = await login(t, 'admin', ADMIN_PASSWORD);
    const keeper = t.app.get(TraversalIndexKeeper);
    keeper.startBackground();
    await keeper.settled();
  });
  afterAll(() => t.close());

  it('keeps the index only where it is on', () => {
    expect(t.app.get(TraversalIndexKeeper).status().state).toBe(mode === 'SQL only' ? 'off' : 'ready');
  });

  it('has an exact expectation for each of the 80 queries', () => {
    expect(PREBUILT_QUERIES.map((q) => q.number)).toEqual(Object.keys(EXPECTED).map(Number));
  });

  describe('on an empty graph', () => {
    it.each(PREBUILT_QUERIES)('answers 404 resource not found to query $number ($name)', async ({ query }) => {
      expect(errorMessage(await cypher(query), 404)).toBe('resource not found');
    });
  });

  describe('on the hand-built directory', () => {
    beforeAll(async () => {
      await seedGraph(t.app.get(GraphStore), PREBUILT_GRAPH);
    });

    it.each(PREBUILT_QUERIES)('answers query $number ($name) with exactly the expected objects', async ({ number, query }) => {
      const res = await cypher(query);
      expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
      expect(Object.keys(res.body.data.nodes).length).toBeGreaterThan(0);
      expect(graphOf(res.body)).toEqual(EXPECTED[number]);
    });

    it('searched and walked in memory exactly where the index is on', () => {
      const { memory } = t.app.get(IndexedSearch, { strict: false }).counts;
      const walks = t.app.get(IndexedWalks, { strict: false }).counts;
      if (mode === 'SQL only') expect([memory, walks.memory]).toEqual([0, 0]);
      else {
        expect(memory).toBeGreaterThan(0);
        // Every variable-length relationship these queries hold is one the index can enumerate.
        expect(walks).toEqual({ memory: expect.any(Number), sql: 0 });
        expect(walks.memory).toBeGreaterThan(10);
      }
    });
  });

  describe('refused queries', () => {
    const cases = REJECTED_QUERIES.map((rejected) => ({ ...rejected, shown: JSON.stringify(rejected.query) }));

    it.each(cases)('answers 400 "$message" to $shown', async ({ query, message }) => {
      expect(errorMessage(await cypher(query), 400)).toBe(message);
    });

    it.each(SYNTAX_ERROR_POSITIONS)('points at the reference position $position for $query', async ({ query, position }) => {
      expect(errorMessage(await cypher(query), 400)).toMatch(new RegExp(`^${position} `));
    });
  });
});
