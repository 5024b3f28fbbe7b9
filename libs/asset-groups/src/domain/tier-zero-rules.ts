/**
 * The default Tier Zero selectors (ingest-reference §6), seeded by the migration as Cypher selectors of the Tier
 * Zero tag. `enabled: false` rules are seeded disabled; `allowDisable: false` rules cannot be disabled or deleted.
 */
export interface DefaultRule {
  name: string;
  cypher: string;
  enabled: boolean;
  allowDisable: boolean;
}

const group = (suffix: string) => `MATCH (n:Group) WHERE n.objectid ENDS WITH '${suffix}' RETURN n`;
const user = (suffix: string) => `MATCH (n:User) WHERE n.objectid ENDS WITH '${suffix}' RETURN n`;
const groupNamed = (prefix: string) => `MATCH (n:Group) WHERE toUpper(n.name) STARTS WITH '${prefix}' RETURN n`;
const every = (kind: string) => `MATCH (n:${kind}) RETURN n`;
/** Entra ID roles are AZRole nodes whose objectid is `<role template id>@<tenant id>`. */
const azRole = (templateId: string) => `MATCH (n:AZRole) WHERE toUpper(n.objectid) STARTS WITH '${templateId}@' RETURN n`;

const on = (name: string, cypher: string): DefaultRule => ({ name, cypher, enabled: true, allowDisable: false });
const off = (name: string, cypher: string): DefaultRule => ({ name, cypher, enabled: false, allowDisable: true });

export const TIER_ZERO_RULES: readonly DefaultRule[] = [
  on('Domain root object', every('Domain')),
  on('Administrator', user('-500')),
  on('Administrators', group('-S-1-5-32-544')),
  on('Domain Admins', group('-512')),
  on('Enterprise Admins', group('-519')),
  on('Schema Admins', group('-518')),
  on('Domain Controllers', group('-516')),
  on('Enterprise Domain Controllers', group('-S-1-5-9')),
  on('Key Admins', group('-526')),
  on('Enterprise Key Admins', group('-527')),
  on('Backup Operators', group('-S-1-5-32-551')),
  on('AdminSDHolder', "MATCH (n:Container) WHERE toUpper(n.distinguishedname) STARTS WITH 'CN=ADMINSDHOLDER,CN=SYSTEM,' RETURN n"),
  on('Azure tenant object', every('AZTenant')),
  on('Global Administrator', azRole('62E90394-69F5-4237-9190-012177145E10')),
  on('Privileged Role Administrator', azRole('E8611AB8-C189-46E8-94E1-60213AB1F814')),
  on('Privileged Authentication Administrator', azRole('7BE44C8A-ADAF-4E2A-84D6-AB2649E08A13')),
  on('Partner Tier2 Support', azRole('E00E864A-17C5-4A4B-9C06-F5B95A8D5BD8')),
  off('Account Operators', group('-S-1-5-32-548')),
  off('Print Operators', group('-S-1-5-32-550')),
  off('Server Operators', group('-S-1-5-32-549')),
  off('Cryptographic Operators', group('-S-1-5-32-569')),
  off('Distributed COM Users', group('-S-1-5-32-562')),
  off('Performance Log Users', group('-S-1-5-32-559')),
  off('Cert Publishers', group('-517')),
  off('DNS Admins', groupNamed('DNSADMINS@')),
  off('Exchange Trusted Subsystem', groupNamed('EXCHANGE TRUSTED SUBSYSTEM@')),
  off('Exchange Windows Permissions', groupNamed('EXCHANGE WINDOWS PERMISSIONS@')),
  off('KRBTGT objects', user('-502')),
  off('Read-Only Domain Controllers', "MATCH (n:Computer)-[:MemberOf]->(g:Group) WHERE g.objectid ENDS WITH '-521' RETURN n"),
  off('Read-Only DCs', 'MATCH (n:Computer) WHERE n.isreadonlydc = true RETURN n'),
  off('Enterprise CA Computers', 'MATCH (n:Computer)-[:HostsCAService]->(:EnterpriseCA) RETURN n'),
  off('AIA CA', every('AIACA')),
  off('Enterprise CA', every('EnterpriseCA')),
  off('Root CA object', every('RootCA')),
  off('NTAuth store', every('NTAuthStore')),
  off('Certificate template', every('CertTemplate')),
  off('AZUREADSSOACC object', "MATCH (n:Computer) WHERE toUpper(n.samaccountname) = 'AZUREADSSOACC$' RETURN n"),
  off('Application Administrator', azRole('9B895D92-2CD3-44C7-9D02-A6AC2D5EA5C3')),
  off('Knowledge Administrator', azRole('B5A8DCF3-09D5-43A9-A639-8E29EF291470')),
  off('Intune Administrator', azRole('3A2C62DB-5318-420D-8D74-23AFFEE5D9D5')),
  off('Security Administrator', azRole('194AE4CB-B126-40B2-BD5B-6091B380977D')),
];
