/**
 * The 80 pre-built queries the explorer offers (and the Cypher acceptance corpus of the tests), verbatim, comments and
 * spacing kept. 79 come from SpecterOps' BloodHound Query Library (github.com/SpecterOps/BloodHoundQueryLibrary,
 * Queries.json, the entries flagged "prebuilt"), one from BloodHound's older UI list (commonSearches.tsx); both are
 * Apache License 2.0, Copyright SpecterOps, Inc. (apps/web/NOTICE). Pure data: the web build imports it too.
 */
export interface PrebuiltQuery {
  number: number;
  name: string;
  query: string;
}

/** The library's grouping: platform, then category, as the reference's pre-built search list shows them. */
export interface QueryCategory {
  platform: 'Active Directory' | 'Azure' | 'Cross Platform';
  category: string;
  /** The numbers of its queries: first..last. */
  first: number;
  last: number;
}

export const PREBUILT_CATEGORIES: QueryCategory[] = [
  { platform: 'Active Directory', category: 'Domain Information', first: 1, last: 4 },
  { platform: 'Active Directory', category: 'Dangerous Privileges', first: 5, last: 14 },
  { platform: 'Active Directory', category: 'Kerberos Interaction', first: 15, last: 19 },
  { platform: 'Active Directory', category: 'Shortest Paths', first: 20, last: 25 },
  { platform: 'Active Directory', category: 'Active Directory Certificate Services', first: 26, last: 38 },
  { platform: 'Active Directory', category: 'Active Directory Hygiene', first: 39, last: 53 },
  { platform: 'Active Directory', category: 'NTLM Relay Attacks', first: 54, last: 60 },
  { platform: 'Azure', category: 'General', first: 61, last: 62 },
  { platform: 'Azure', category: 'Shortest Paths', first: 63, last: 66 },
  { platform: 'Azure', category: 'Microsoft Graph', first: 67, last: 68 },
  { platform: 'Azure', category: 'Azure Hygiene', first: 69, last: 73 },
  { platform: 'Cross Platform', category: 'Cross Platform Attack Paths', first: 74, last: 80 },
];

export const PREBUILT_QUERIES: PrebuiltQuery[] = [
  {
    number: 1,
    name: 'All Domain Admins',
    query: `MATCH p = (t:Group)<-[:MemberOf*1..]-(a)
WHERE (a:User or a:Computer) and t.objectid ENDS WITH '-512'
RETURN p
LIMIT 1000`,
  },
  {
    number: 2,
    name: 'Map domain trusts',
    query: `MATCH p = (:Domain)-[:SameForestTrust|CrossForestTrust]->(:Domain)
RETURN p
LIMIT 1000`,
  },
  {
    number: 3,
    name: 'Map OU structure',
    query: `MATCH p = (:Domain)-[:Contains*1..]->(:OU)
RETURN p
LIMIT 1000`,
  },
  {
    number: 4,
    name: 'Locations of Tier Zero / High Value objects',
    query: `MATCH p = (t:Base)<-[:Contains*1..]-(:Domain)
WHERE ((t:Tag_Tier_Zero) OR COALESCE(t.system_tags, '') CONTAINS 'admin_tier_0')
RETURN p
LIMIT 1000`,
  },
  {
    number: 5,
    name: 'Principals with DCSync privileges',
    query: `MATCH p=(:Base)-[:DCSync|AllExtendedRights|GenericAll]->(:Domain)
RETURN p
LIMIT 1000`,
  },
  {
    number: 6,
    name: 'Principals with foreign domain group membership',
    query: `MATCH p=(s:Base)-[:MemberOf]->(t:Group)
WHERE s.domainsid<>t.domainsid
RETURN p
LIMIT 1000`,
  },
  {
    number: 7,
    name: 'Computers where Domain Users are local administrators',
    query: `MATCH p=(s:Group)-[:AdminTo]->(:Computer)
WHERE s.objectid ENDS WITH '-513'
RETURN p
LIMIT 1000`,
  },
  {
    number: 8,
    name: 'Computers where Domain Users can read LAPS passwords',
    query: `MATCH p=(s:Group)-[:AllExtendedRights|ReadLAPSPassword]->(:Computer)
WHERE s.objectid ENDS WITH '-513'
RETURN p
LIMIT 1000`,
  },
  {
    number: 9,
    name: 'Paths from Domain Users to Tier Zero / High Value targets',
    query: `MATCH p=shortestPath((s:Group)-[:AD_ATTACK_PATHS*1..]->(t:Base))
WHERE s.objectid ENDS WITH '-513' AND s<>t
AND ((t:Tag_Tier_Zero) OR COALESCE(t.system_tags, '') CONTAINS 'admin_tier_0')
RETURN p
LIMIT 1000`,
  },
  {
    number: 10,
    name: 'Workstations where Domain Users can RDP',
    query: `MATCH p=(s:Group)-[:CanRDP]->(t:Computer)
WHERE s.objectid ENDS WITH '-513' AND NOT toUpper(t.operatingsystem) CONTAINS 'SERVER'
RETURN p
LIMIT 1000`,
  },
  {
    number: 11,
    name: 'Servers where Domain Users can RDP',
    query: `MATCH p=(s:Group)-[:CanRDP]->(t:Computer)
WHERE s.objectid ENDS WITH '-513' AND toUpper(t.operatingsystem) CONTAINS 'SERVER'
RETURN p
LIMIT 1000`,
  },
  {
    number: 12,
    name: 'Dangerous privileges for Domain Users groups',
    query: `MATCH p=(s:Group)-[:AD_ATTACK_PATHS]->(:Base)
WHERE s.objectid ENDS WITH '-513'
RETURN p
LIMIT 1000`,
  },
  {
    number: 13,
    name: 'Domain Admins logons to non-Domain Controllers',
    query: `MATCH (s)-[:MemberOf*0..]->(g:Group)
WHERE g.objectid ENDS WITH '-516'
WITH COLLECT(s) AS exclude
MATCH p = (c:Computer)-[:HasSession]->(:User)-[:MemberOf*1..]->(g:Group)
WHERE g.objectid ENDS WITH '-512' AND NOT c IN exclude
RETURN p
LIMIT 1000`,
  },
  {
    number: 14,
    name: "Potential GPO 'Apply' misconfiguration",
    query: `MATCH p=(n:Base)-[:GenericAll|GenericWrite]->(g:GPO)

// Exclude Enterprise Admins and Domain Admins
WHERE NOT n.objectid =~ "-(519|512)$"

// Exclude unresolved SIDs
AND NOT (n.distinguishedname IS NULL)

// Asset description may reveal if it's a delegation group (false-positive) or a filter group (true-positive)
//AND n.description is not null
//AND n.description =~ "(?i)apply"

RETURN p
LIMIT 1000`,
  },
  {
    number: 15,
    name: 'Kerberoastable members of Tier Zero / High Value groups',
    query: `MATCH (u:User)
WHERE (u:Tag_Tier_Zero) AND u.hasspn=true
AND u.enabled = true
AND NOT u.objectid ENDS WITH '-502'
AND NOT COALESCE(u.gmsa, false) = true
AND NOT COALESCE(u.msa, false) = true 
RETURN u
LIMIT 100`,
  },
  {
    number: 16,
    name: 'All Kerberoastable users',
    query: `MATCH (u:User)
WHERE u.hasspn=true
AND u.enabled = true
AND NOT u.objectid ENDS WITH '-502'
AND NOT COALESCE(u.gmsa, false) = true
AND NOT COALESCE(u.msa, false) = true
RETURN u
LIMIT 100`,
  },
  {
    number: 17,
    name: 'Kerberoastable users with most admin privileges',
    query: `MATCH (u:User)
WHERE u.hasspn = true
  AND u.enabled = true
  AND NOT u.objectid ENDS WITH '-502'
  AND NOT COALESCE(u.gmsa, false) = true
  AND NOT COALESCE(u.msa, false) = true
MATCH (u)-[:MemberOf|AdminTo*1..]->(c:Computer)
WITH DISTINCT u, COUNT(c) AS adminCount
RETURN u
ORDER BY adminCount DESC
LIMIT 100`,
  },
  {
    number: 18,
    name: 'AS-REP Roastable users (DontReqPreAuth)',
    query: `MATCH (u:User)
WHERE u.dontreqpreauth = true
AND u.enabled = true
RETURN u
LIMIT 100`,
  },
  {
    number: 19,
    name: 'Kerberoastable users with most privileges (legacy UI version)',
    query: `MATCH (u:User {hasspn:true})
OPTIONAL MATCH (u)-[:AdminTo]->(c1:Computer)
OPTIONAL MATCH (u)-[:MemberOf*1..]->(:Group)-[:AdminTo]->(c2:Computer)
WITH u,COLLECT(c1) + COLLECT(c2) AS tempVar
UNWIND tempVar AS comps
RETURN u`,
  },
  {
    number: 20,
    name: 'Shortest paths to systems trusted for unconstrained delegation',
    query: `MATCH p=shortestPath((s)-[:AD_ATTACK_PATHS*1..]->(t:Computer))
WHERE t.unconstraineddelegation = true AND s<>t
RETURN p
LIMIT 1000`,
  },
  {
    number: 21,
    name: 'Shortest paths to Domain Admins from Kerberoastable users',
    query: `MATCH p=shortestPath((s:User)-[:AD_ATTACK_PATHS*1..]->(t:Group))
WHERE s.hasspn=true
AND s.enabled = true
AND NOT s.objectid ENDS WITH '-502'
AND NOT COALESCE(s.gmsa, false) = true
AND NOT COALESCE(s.msa, false) = true
AND t.objectid ENDS WITH '-512'
RETURN p
LIMIT 1000`,
  },
  {
    number: 22,
    name: 'Shortest paths to Tier Zero / High Value targets',
    query: `MATCH p=shortestPath((s)-[:AD_ATTACK_PATHS*1..]->(t:Tag_Tier_Zero))
WHERE s<>t
RETURN p
LIMIT 1000`,
  },
  {
    number: 23,
    name: 'Shortest paths to Domain Admins',
    query: `MATCH p=shortestPath((t:Group)<-[:AD_ATTACK_PATHS*1..]-(s:Base))
WHERE t.objectid ENDS WITH '-512' AND s<>t
RETURN p
LIMIT 1000`,
  },
  {
    number: 24,
    name: 'Shortest paths from Owned objects to Tier Zero',
    query: `// MANY TO MANY SHORTEST PATH QUERIES USE EXCESSIVE SYSTEM RESOURCES AND TYPICALLY WILL NOT COMPLETE
MATCH p=shortestPath((s:Tag_Owned)-[:AD_ATTACK_PATHS*1..]->(t:Base))
WHERE s<>t
AND ((t:Tag_Tier_Zero) OR COALESCE(t.system_tags, '') CONTAINS 'admin_tier_0')
RETURN p
LIMIT 1000`,
  },
  {
    number: 25,
    name: 'Shortest paths from Owned objects',
    query: `MATCH p=shortestPath((s:Base)-[:AD_ATTACK_PATHS*1..]->(t:Base))
WHERE (s:Tag_Owned)
AND s<>t
RETURN p
LIMIT 1000`,
  },
  {
    number: 26,
    name: 'PKI hierarchy',
    query: `MATCH p=()-[:HostsCAService|IssuedSignedBy|EnterpriseCAFor|RootCAFor|TrustedForNTAuth|NTAuthStoreFor*..]->(:Domain)
RETURN p
LIMIT 1000`,
  },
  {
    number: 27,
    name: 'Public Key Services container',
    query: `MATCH p = (c:Container)-[:Contains*..]->(:Base)
WHERE c.distinguishedname starts with 'CN=PUBLIC KEY SERVICES,CN=SERVICES,CN=CONFIGURATION,DC='
RETURN p
LIMIT 1000`,
  },
  {
    number: 28,
    name: 'Enrollment rights on published certificate templates',
    query: `MATCH p = (:Base)-[:Enroll|GenericAll|AllExtendedRights]->(:CertTemplate)-[:PublishedTo]->(:EnterpriseCA)
RETURN p
LIMIT 1000`,
  },
  {
    number: 29,
    name: 'Enrollment rights on published ESC1 certificate templates',
    query: `MATCH p = (:Base)-[:Enroll|GenericAll|AllExtendedRights]->(ct:CertTemplate)-[:PublishedTo]->(:EnterpriseCA)
WHERE ct.enrolleesuppliessubject = True
AND ct.authenticationenabled = True
AND ct.requiresmanagerapproval = False
AND (ct.authorizedsignatures = 0 OR ct.schemaversion = 1)
RETURN p
LIMIT 1000`,
  },
  {
    number: 30,
    name: 'Enrollment rights on published ESC2 certificate templates',
    query: `MATCH p = (:Base)-[:Enroll|GenericAll|AllExtendedRights]->(c:CertTemplate)-[:PublishedTo]->(:EnterpriseCA)
WHERE c.requiresmanagerapproval = false
AND (c.effectiveekus = [''] OR '2.5.29.37.0' IN c.effectiveekus OR c.effectiveekus IS NULL)
AND (c.authorizedsignatures = 0 OR c.schemaversion = 1)
RETURN p
LIMIT 1000`,
  },
  {
    number: 31,
    name: 'Enrollment rights on published enrollment agent certificate templates',
    query: `MATCH p = (:Base)-[:Enroll|GenericAll|AllExtendedRights]->(ct:CertTemplate)-[:PublishedTo]->(:EnterpriseCA)
WHERE '1.3.6.1.4.1.311.20.2.1' IN ct.effectiveekus
OR '2.5.29.37.0' IN ct.effectiveekus
OR SIZE(ct.effectiveekus) = 0
RETURN p
LIMIT 1000`,
  },
  {
    number: 32,
    name: 'Enrollment rights on published certificate templates with no security extension',
    query: `MATCH p = (:Base)-[:Enroll|GenericAll|AllExtendedRights]->(ct:CertTemplate)-[:PublishedTo]->(:EnterpriseCA)
WHERE ct.nosecurityextension = true
RETURN p
LIMIT 1000`,
  },
  {
    number: 33,
    name: 'Enrollment rights on certificate templates published to Enterprise CA with User Specified SAN enabled',
    query: `MATCH p = (:Base)-[:Enroll|GenericAll|AllExtendedRights]->(ct:CertTemplate)-[:PublishedTo]->(eca:EnterpriseCA)
WHERE eca.isuserspecifiessanenabled = True
RETURN p
LIMIT 1000`,
  },
  {
    number: 34,
    name: 'CA administrators and CA managers',
    query: `MATCH p = (:Base)-[:ManageCertificates|ManageCA]->(:EnterpriseCA)
RETURN p
LIMIT 1000`,
  },
  {
    number: 35,
    name: 'Domain controllers with weak certificate binding enabled',
    query: `MATCH p = (s:Computer)-[:DCFor]->(:Domain)
WHERE s.strongcertificatebindingenforcementraw = 0 OR s.strongcertificatebindingenforcementraw = 1
RETURN p
LIMIT 1000`,
  },
  {
    number: 36,
    name: 'Domain controllers with UPN certificate mapping enabled',
    query: `MATCH p = (s:Computer)-[:DCFor]->(:Domain)
WHERE s.certificatemappingmethodsraw IN [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31]
RETURN p
LIMIT 1000`,
  },
  {
    number: 37,
    name: 'Non-default permissions on IssuancePolicy nodes',
    query: `MATCH p = (s:Base)-[:GenericAll|GenericWrite|Owns|WriteOwner|WriteDacl]->(:IssuancePolicy)
WHERE NOT s.objectid ENDS WITH '-512' AND NOT s.objectid ENDS WITH '-519'
RETURN p
LIMIT 1000`,
  },
  {
    number: 38,
    name: 'Enrollment rights on CertTemplates with OIDGroupLink',
    query: `MATCH p = (:Base)-[:Enroll|GenericAll|AllExtendedRights]->(:CertTemplate)-[:ExtendedByPolicy]->(:IssuancePolicy)-[:OIDGroupLink]->(:Group)
RETURN p
LIMIT 1000`,
  },
  {
    number: 39,
    name: 'Principals with passwords stored using reversible encryption',
    query: `MATCH (n:Base)
WHERE n.encryptedtextpwdallowed = true
RETURN n`,
  },
  {
    number: 40,
    name: 'Principals with DES-only Kerberos authentication',
    query: `MATCH (n:Base)
WHERE n.enabled = true
AND n.usedeskeyonly = true
RETURN n`,
  },
  {
    number: 41,
    name: 'Principals with weak supported Kerberos encryption types',
    query: `MATCH (u:Base)
WHERE 'DES-CBC-CRC' IN u.supportedencryptiontypes
OR 'DES-CBC-MD5' IN u.supportedencryptiontypes
OR 'RC4-HMAC-MD5' IN u.supportedencryptiontypes
RETURN u`,
  },
  {
    number: 42,
    name: 'Users which do not require password to authenticate',
    query: `MATCH (u:User)
WHERE u.passwordnotreqd = true
RETURN u
LIMIT 100`,
  },
  {
    number: 43,
    name: 'Users with passwords not rotated in over 1 year',
    query: `WITH 365 as days_since_change
MATCH (u:User)
WHERE u.pwdlastset < (datetime().epochseconds - (days_since_change * 86400))
AND NOT u.pwdlastset IN [-1.0, 0.0]
RETURN u
LIMIT 100`,
  },
  {
    number: 44,
    name: 'Nested groups within Tier Zero / High Value',
    query: `MATCH p=(t:Group)<-[:MemberOf*..]-(s:Group)
WHERE ((t:Tag_Tier_Zero) OR COALESCE(t.system_tags, '') CONTAINS 'admin_tier_0')
AND NOT s.objectid ENDS WITH '-512' // Domain Admins
AND NOT s.objectid ENDS WITH '-519' // Enterprise Admins
RETURN p
LIMIT 1000`,
  },
  {
    number: 45,
    name: 'Disabled Tier Zero / High Value principals (Active Directory)',
    query: `MATCH (n:Base)
WHERE ((n:Tag_Tier_Zero) OR COALESCE(n.system_tags, '') CONTAINS 'admin_tier_0')
AND n.enabled = false
AND NOT n.objectid ENDS WITH '-502' // Removes false positive, KRBTGT
AND NOT n.objectid ENDS WITH '-500' // Removes false positive, built-in Administrator
RETURN n
LIMIT 100`,
  },
  {
    number: 46,
    name: 'Enabled Tier Zero / High Value principals inactive for 60 days',
    query: `WITH 60 as inactive_days
MATCH (n:Base)
WHERE ((n:Tag_Tier_Zero) OR COALESCE(n.system_tags, '') CONTAINS 'admin_tier_0')
AND n.enabled = true
AND n.lastlogontimestamp < (datetime().epochseconds - (inactive_days * 86400)) // Replicated value
AND n.lastlogon < (datetime().epochseconds - (inactive_days * 86400)) // Non-replicated value
AND n.whencreated < (datetime().epochseconds - (inactive_days * 86400)) // Exclude recently created principals
AND NOT n.name STARTS WITH 'AZUREADKERBEROS.' // Removes false positive, Azure KRBTGT
AND NOT n.objectid ENDS WITH '-500' // Removes false positive, built-in Administrator
AND NOT n.name STARTS WITH 'AZUREADSSOACC.' // Removes false positive, Entra Seamless SSO
RETURN n`,
  },
  {
    number: 47,
    name: 'Tier Zero / High Value enabled users not requiring smart card authentication',
    query: `MATCH (u:User)
WHERE ((u:Tag_Tier_Zero) OR COALESCE(u.system_tags, '') CONTAINS 'admin_tier_0')
AND u.enabled = true
AND u.smartcardrequired = false
AND NOT u.name STARTS WITH 'MSOL_' // Removes false positive, Entra sync
AND NOT u.name STARTS WITH 'PROVAGENTGMSA' // Removes false positive, Entra sync
AND NOT u.name STARTS WITH 'ADSYNCMSA_' // Removes false positive, Entra sync
RETURN u`,
  },
  {
    number: 48,
    name: 'Tier Zero / High Value users with non-expiring passwords',
    query: `MATCH (u:User)
WHERE ((u:Tag_Tier_Zero) OR COALESCE(u.system_tags, '') CONTAINS 'admin_tier_0') AND u.enabled = true
AND u.pwdneverexpires = true
RETURN u
LIMIT 100`,
  },
  {
    number: 49,
    name: 'Domains where any user can join a computer to the domain',
    query: `MATCH (n:Domain)
WHERE n.machineaccountquota > 0
RETURN n`,
  },
  {
    number: 50,
    name: 'Domains with smart card accounts where smart account passwords do not expire',
    query: `MATCH (s:Domain)-[:Contains*1..]->(t:Base)
WHERE s.expirepasswordsonsmartcardonlyaccounts = false
AND t.enabled = true
AND t.smartcardrequired = true
RETURN s`,
  },
  {
    number: 51,
    name: 'Cross-forest trusts with abusable configuration',
    query: `MATCH p=(n:Domain)-[:CrossForestTrust|SpoofSIDHistory|AbuseTGTDelegation]-(m:Domain)
WHERE (n)-[:SpoofSIDHistory|AbuseTGTDelegation]-(m)
RETURN p`,
  },
  {
    number: 52,
    name: 'Computers with unsupported operating systems',
    query: `MATCH (c:Computer)
WHERE c.operatingsystem =~ '(?i).*Windows.* (2000|2003|2008|2012|xp|vista|7|8|me|nt).*'
RETURN c
LIMIT 100`,
  },
  {
    number: 53,
    name: 'Accounts with weak password storage encryption',
    query: `MATCH (n:Base)
WHERE n.pwdlastset < 1204070400 // Password Last Set before Windows Server 2008 release
RETURN n
LIMIT 100`,
  },
  {
    number: 54,
    name: 'All coerce and NTLM relay edges',
    query: `MATCH p = (n:Base)-[:CoerceAndRelayNTLMToLDAP|CoerceAndRelayNTLMToLDAPS|CoerceAndRelayNTLMToADCS|CoerceAndRelayNTLMToSMB]->(:Base)
RETURN p LIMIT 500`,
  },
  {
    number: 55,
    name: 'ESC8-vulnerable Enterprise CAs',
    query: `MATCH (n:EnterpriseCA)
WHERE n.hasvulnerableendpoint=true
RETURN n`,
  },
  {
    number: 56,
    name: 'Computers with membership in Protected Users',
    query: `MATCH p = (:Base)-[:MemberOf*1..]->(g:Group)
WHERE g.objectid ENDS WITH "-525"
RETURN p LIMIT 1000`,
  },
  {
    number: 57,
    name: 'DCs vulnerable to NTLM relay to LDAP attacks',
    query: `MATCH p = (dc:Computer)-[:DCFor]->(:Domain)
WHERE (dc.ldapavailable = True AND dc.ldapsigning = False)
OR (dc.ldapsavailable = True AND dc.ldapsepa = False)
OR (dc.ldapavailable = True AND dc.ldapsavailable = True AND dc.ldapsigning = False and dc.ldapsepa = True)
RETURN p`,
  },
  {
    number: 58,
    name: 'Computers with the outgoing NTLM setting set to Deny all',
    query: `MATCH (c:Computer)
WHERE c.restrictoutboundntlm = True
RETURN c LIMIT 1000`,
  },
  {
    number: 59,
    name: 'Computers not requiring inbound SMB signing',
    query: `MATCH (n:Computer)
WHERE n.smbsigning = False
RETURN n`,
  },
  {
    number: 60,
    name: 'Computers with the WebClient running',
    query: `MATCH (c:Computer)
WHERE c.webclientrunning = True
RETURN c LIMIT 1000`,
  },
  {
    number: 61,
    name: 'All Global Administrators',
    query: `MATCH p = (:AZBase)-[:AZGlobalAdmin*1..]->(:AZTenant)
RETURN p
LIMIT 1000`,
  },
  {
    number: 62,
    name: 'All members of high privileged roles',
    query: `MATCH p=(t:AZRole)<-[:AZHasRole|AZMemberOf*1..2]-(:AZBase)
WHERE t.name =~ '(?i)Global Administrator|User Administrator|Cloud Application Administrator|Authentication Policy Administrator|Exchange Administrator|Helpdesk Administrator|Privileged Authentication Administrator|Privileged Role Administrator'
RETURN p
LIMIT 1000`,
  },
  {
    number: 63,
    name: 'Shortest paths from Entra Users to Tier Zero / High Value targets',
    query: `MATCH p=shortestPath((s:AZUser)-[:AZ_ATTACK_PATHS*1..]->(t:AZBase))
WHERE ((t:Tag_Tier_Zero) OR COALESCE(t.system_tags, '') CONTAINS 'admin_tier_0')
RETURN p
LIMIT 1000`,
  },
  {
    number: 64,
    name: 'Shortest paths to privileged roles',
    query: `MATCH p=shortestPath((s:AZBase)-[:AZ_ATTACK_PATHS*1..]->(t:AZRole))
WHERE t.name =~ '(?i)Global Administrator|User Administrator|Cloud Application Administrator|Authentication Policy Administrator|Exchange Administrator|Helpdesk Administrator|Privileged Authentication Administrator|Privileged Role Administrator' AND s<>t
RETURN p
LIMIT 1000`,
  },
  {
    number: 65,
    name: 'Shortest paths from Azure Applications to Tier Zero / High Value targets',
    query: `MATCH p=shortestPath((s:AZApp)-[:AZ_ATTACK_PATHS*1..]->(t:AZBase))
WHERE ((t:Tag_Tier_Zero) OR COALESCE(t.system_tags, '') CONTAINS 'admin_tier_0') AND s<>t
RETURN p
LIMIT 1000`,
  },
  {
    number: 66,
    name: 'Shortest paths to Azure Subscriptions',
    query: `MATCH p=shortestPath((s:AZBase)-[:AZ_ATTACK_PATHS*1..]->(t:AZSubscription))
WHERE s<>t
RETURN p
LIMIT 1000`,
  },
  {
    number: 67,
    name: 'All service principals with Microsoft Graph privilege to grant arbitrary App Roles',
    query: `MATCH p=(:AZServicePrincipal)-[:AZMGGrantAppRoles]->(:AZTenant)
RETURN p
LIMIT 1000`,
  },
  {
    number: 68,
    name: 'All service principals with Microsoft Graph App Role assignments',
    query: `MATCH p=(:AZServicePrincipal)-[:AZMGAppRoleAssignment_ReadWrite_All|AZMGApplication_ReadWrite_All|AZMGDirectory_ReadWrite_All|AZMGGroupMember_ReadWrite_All|AZMGGroup_ReadWrite_All|AZMGRoleManagement_ReadWrite_Directory|AZMGServicePrincipalEndpoint_ReadWrite_All]->(:AZServicePrincipal)
RETURN p
LIMIT 1000`,
  },
  {
    number: 69,
    name: 'Foreign principals in Tier Zero / High Value targets',
    query: `MATCH (n:AZServicePrincipal)
WHERE ((n:Tag_Tier_Zero) OR COALESCE(n.system_tags, '') CONTAINS 'admin_tier_0')
AND NOT toUpper(n.appownerorganizationid) = toUpper(n.tenantid)
AND n.appownerorganizationid CONTAINS '-'
RETURN n
LIMIT 100`,
  },
  {
    number: 70,
    name: 'Tier Zero AD principals synchronized with Entra ID',
    query: `MATCH (ENTRA:AZBase)
MATCH (AD:Base)
WHERE ((AD:Tag_Tier_Zero) OR COALESCE(AD.system_tags, '') CONTAINS 'admin_tier_0')
AND ENTRA.onpremsyncenabled = true
AND ENTRA.onpremid = AD.objectid
RETURN ENTRA
// Replace 'RETURN ENTRA' with 'RETURN AD' to see the corresponding AD principals
LIMIT 100`,
  },
  {
    number: 71,
    name: 'Disabled Tier Zero / High Value principals (Azure)',
    query: `MATCH (n:AZBase)
WHERE ((n:Tag_Tier_Zero) OR COALESCE(n.system_tags, '') CONTAINS 'admin_tier_0')
AND n.enabled = false
RETURN n
LIMIT 100`,
  },
  {
    number: 72,
    name: 'Tier Zero / High Value external Entra ID users',
    query: `MATCH (n:AZUser)
WHERE ((n:Tag_Tier_Zero) OR COALESCE(n.system_tags, '') CONTAINS 'admin_tier_0')
AND n.name CONTAINS '#EXT#@'
RETURN n
LIMIT 100`,
  },
  {
    number: 73,
    name: 'Devices with unsupported operating systems',
    query: `MATCH (n:AZDevice)
WHERE n.operatingsystem CONTAINS 'WINDOWS'
AND n.operatingsystemversion =~ '(10.0.19044|10.0.22000|10.0.19043|10.0.19042|10.0.19041|10.0.18363|10.0.18362|10.0.17763|10.0.17134|10.0.16299|10.0.15063|10.0.14393|10.0.10586|10.0.10240|6.3.9600|6.2.9200|6.1.7601|6.0.6200|5.1.2600|6.0.6003|5.2.3790|5.0.2195).?.*'
RETURN n
LIMIT 100`,
  },
  {
    number: 74,
    name: 'On-Prem Users synced to Entra Users that Own Entra Objects',
    query: `MATCH p = (:User)-[:SyncedToEntraUser]->(:AZUser)-[:AZOwns]->(:AZBase)
RETURN p
LIMIT 1000`,
  },
  {
    number: 75,
    name: 'On-Prem Users synced to Entra Users with Entra Admin Roles (direct)',
    query: `MATCH p = (:User)-[:SyncedToEntraUser]->(:AZUser)-[:AZHasRole]->(:AZRole)
RETURN p
LIMIT 1000`,
  },
  {
    number: 76,
    name: 'On-Prem Users synced to Entra Users with Entra Admin Roles (group delegated)',
    query: `MATCH p = (:User)-[:SyncedToEntraUser]->(:AZUser)-[:AZMemberOf]->(:AZGroup)-[:AZHasRole]->(:AZRole)
RETURN p
LIMIT 1000`,
  },
  {
    number: 77,
    name: 'On-Prem Users synced to Entra Users with Azure RM Roles (direct)',
    query: `MATCH p = (:User)-[:SyncedToEntraUser]->(:AZUser)-[:AZOwner|AZUserAccessAdministrator|AZGetCertificates|AZGetKeys|AZGetSecrets|AZAvereContributor|AZKeyVaultContributor|AZContributor|AZVMAdminLogin|AZVMContributor|AZAKSContributor|AZAutomationContributor|AZLogicAppContributor|AZWebsiteContributor]->(:AZBase)
RETURN p
LIMIT 1000`,
  },
  {
    number: 78,
    name: 'On-Prem Users synced to Entra Users with Azure RM Roles (group delegated)',
    query: `MATCH p = (:User)-[:SyncedToEntraUser]->(:AZUser)-[:AZMemberOf]->(:AZGroup)-[:AZOwner|AZUserAccessAdministrator|AZGetCertificates|AZGetKeys|AZGetSecrets|AZAvereContributor|AZKeyVaultContributor|AZContributor|AZVMAdminLogin|AZVMContributor|AZAKSContributor|AZAutomationContributor|AZLogicAppContributor|AZWebsiteContributor]->(:AZBase)
RETURN p
LIMIT 1000`,
  },
  {
    number: 79,
    name: 'On-Prem Users synced to Entra Users with Entra Group Membership',
    query: `MATCH p = (:User)-[:SyncedToEntraUser]->(:AZUser)-[:AZMemberOf]->(:AZGroup)
RETURN p
LIMIT 1000`,
  },
  {
    number: 80,
    name: 'Entra Users synced from On-Prem Users added to Domain Admins group',
    query: `MATCH p = (:AZUser)-[:SyncedToADUser]->(:User)-[:MemberOf]->(t:Group)
WHERE t.objectid ENDS WITH '-512'
RETURN p
LIMIT 1000`,
  },
];
