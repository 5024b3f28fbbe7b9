// The PKI of the enterprise directory, as SharpHound CE v6 objects: a root CA (also published in the AIA container),
// two enterprise CAs chained to it and trusted by the NTAuth store, each with Authenticated Users allowed to enrol
// (CA registry security), and 30 certificate templates: the built-in ones, three ESC1 templates (enrollee supplies
// subject, client authentication, no approval, no signatures: enrolled by Domain Users, a nested group, Domain
// Computers), an ESC3 enrollment-agent template (a nested group) with two targets it can request for (the built-in
// schema 1 User template and a schema 2 smartcard template, both Domain Users), two ESC4 templates (a non-admin
// nested group with WriteDacl on one, with GenericWrite and Enroll on the other), decoys that look vulnerable but
// need approval or signatures, grant no authentication or are not published, and ordinary templates.

const EKU = {
  clientAuth: '1.3.6.1.5.5.7.3.2', serverAuth: '1.3.6.1.5.5.7.3.1', email: '1.3.6.1.5.5.7.3.4',
  codeSigning: '1.3.6.1.5.5.7.3.3', smartcardLogon: '1.3.6.1.4.1.311.20.2.2', pkinit: '1.3.6.1.5.2.3.4',
  agent: '1.3.6.1.4.1.311.20.2.1', efs: '1.3.6.1.4.1.311.10.3.4', documentSigning: '1.3.6.1.4.1.311.10.3.12',
  any: '2.5.29.37.0',
};
const AUTH_EKUS = [EKU.clientAuth, EKU.smartcardLogon, EKU.pkinit, EKU.any];
const WHEN = 1_700_000_000;
const thumbprint = (n) => n.toString(16).toUpperCase().padStart(40, 'C');
const ROOT = thumbprint(1);
const CAS = [thumbprint(2), thumbprint(3)];

/**
 * The templates: [name, settings, rights ([principal role or nested group index, right]...), CAs it is published
 * to (0, 1), 'none' for unpublished]. Nested group `n` is `nested[n]` of the directory.
 */
const TEMPLATES = [
  ['USER', { schema: 1, ekus: [EKU.efs, EKU.email, EKU.clientAuth], upn: true }, [['DU', 'Enroll'], ['DA', 'Enroll']], [0, 1]],
  ['MACHINE', { schema: 1, ekus: [EKU.clientAuth, EKU.serverAuth], dns: true }, [['DCOMP', 'Enroll'], ['DA', 'Enroll']], [0, 1]],
  ['DOMAINCONTROLLER', { ekus: [EKU.clientAuth, EKU.serverAuth], dns: true }, [['DCTRL', 'Enroll'], ['EDC', 'Enroll']], [0]],
  ['WEBSERVER', { schema: 1, ekus: [EKU.serverAuth], ess: true }, [['DA', 'Enroll'], [4, 'Enroll']], [0]],
  ['SUBCA', { schema: 1, ekus: [], ess: true }, [['DA', 'Enroll'], ['EA', 'Enroll']], [0]],
  ['ADMINISTRATOR', { schema: 1, ekus: [EKU.efs, EKU.email, EKU.clientAuth], upn: true }, [['DA', 'Enroll'], ['EA', 'Enroll']], [0]],
  ['ENROLLMENTAGENT', { schema: 1, ekus: [EKU.agent] }, [['DA', 'Enroll'], ['EA', 'Enroll']], [0]],
  ['EFS', { schema: 1, ekus: [EKU.efs] }, [['DU', 'Enroll']], [1]],
  ['CODESIGNING', { schema: 1, ekus: [EKU.codeSigning] }, [['DA', 'Enroll']], [1]],
  ['KERBEROSAUTHENTICATION', { ekus: [EKU.clientAuth, EKU.serverAuth, EKU.smartcardLogon, EKU.pkinit], dns: true },
    [['DCTRL', 'Enroll'], ['EDC', 'Enroll']], [1]],
  // ESC1
  ['CORP-VPN-USER', { ekus: [EKU.clientAuth], ess: true }, [['DU', 'Enroll']], [0]],
  ['CORP-LEGACY-APP', { ekus: [EKU.clientAuth, EKU.serverAuth], ess: true }, [[0, 'Enroll']], [1]],
  ['CORP-WORKSTATION-AUTH', { ekus: [EKU.clientAuth], ess: true }, [['DCOMP', 'Enroll']], [0]],
  // ESC3: the agent template, and a schema 2 target that needs one agent signature
  ['CORP-ENROLLMENT-AGENT', { ekus: [EKU.agent] }, [[1, 'Enroll']], [1]],
  ['CORP-SMARTCARD-ONBEHALF', { ekus: [EKU.clientAuth, EKU.smartcardLogon], upn: true, signatures: 1, policies: [EKU.agent] },
    [['DU', 'Enroll']], [0]],
  // ESC4
  ['CORP-PORTAL-SERVER', { ekus: [EKU.serverAuth] }, [['DA', 'Enroll'], [2, 'WriteDacl']], [1]],
  ['CORP-DEVICE-AUTH', { ekus: [EKU.clientAuth], dns: true }, [[3, 'Enroll'], [3, 'GenericWrite']], [0]],
  // decoys: approval, signatures, no authentication
  ['CORP-APPROVED-ADMIN', { ekus: [EKU.clientAuth], ess: true, approval: true }, [['DU', 'Enroll']], [1]],
  ['CORP-SIGNED-REQUEST', { ekus: [EKU.clientAuth], ess: true, signatures: 1 }, [['DU', 'Enroll']], [0]],
  ['CORP-DOCUMENT-SIGNING', { ekus: [EKU.documentSigning], ess: true }, [['DU', 'Enroll']], [1]],
  ['CORP-EMAIL-PROTECTION', { ekus: [EKU.email], upn: true }, [['DU', 'Enroll']], [0]],
  ['CORP-WIFI-MACHINE', { ekus: [EKU.clientAuth], dns: true }, [['DCOMP', 'Enroll']], [1]],
  ['CORP-SERVER-TLS', { ekus: [EKU.serverAuth], ess: true }, [[4, 'Enroll']], [0]],
  ['CORP-VPN-MACHINE', { ekus: [EKU.clientAuth], dns: true }, [['DCOMP', 'Enroll']], [0, 1]],
  ['CORP-CODE-RELEASE', { ekus: [EKU.codeSigning], approval: true }, [[5, 'Enroll']], [1]],
  ['CORP-ADMIN-AUTH', { ekus: [EKU.clientAuth, EKU.smartcardLogon], upn: true }, [[6, 'Enroll'], [6, 'AllExtendedRights']], [0]],
  ['CORP-USER-AUTOENROLL', { ekus: [EKU.clientAuth, EKU.efs, EKU.email], upn: true }, [['DU', 'Enroll']], [1]],
  ['CORP-SQL-TLS', { ekus: [EKU.serverAuth], ess: true }, [[7, 'Enroll']], [0]],
  ['CORP-OLD-VPN', { ekus: [EKU.clientAuth], ess: true }, [['DU', 'Enroll']], 'none'],
  ['CORP-TEST-TEMPLATE', { ekus: [EKU.any], ess: true }, [['AU', 'Enroll']], 'none'],
];
/** How many nested groups the templates' rights name. */
export const NESTED_GRANTEES = 8;

/**
 * The PKI objects by file type. `d` is the directory's identity: `domain`, `sid`, `role` (typed principals of
 * the well-known groups by role: DA, EA, ADMINS, DU, DCOMP, DCTRL, EDC, AU), `nested` (typed principals of
 * NESTED_GRANTEES nested groups), `hosts` (the two CA hosts: {sid, name}) and `guid(n)`.
 */
export function pkiObjects(d) {
  const ref = (who) => (typeof who === 'number' ? d.nested[who] : d.role[who]);
  const ace = (who, right, inherited = false) => ({
    PrincipalSID: ref(who).ObjectIdentifier, PrincipalType: ref(who).ObjectType, RightName: right, IsInherited: inherited,
  });
  const base = (name, guid, container, extra) => ({
    ObjectIdentifier: guid, IsDeleted: false, IsACLProtected: false, ContainedBy: null, DomainSID: d.sid,
    Properties: { domain: d.domain, name: `${name}@${d.domain}`, domainsid: d.sid, isaclprotected: false, description: null,
      whencreated: WHEN, distinguishedname: `CN=${name},${container}CN=PUBLIC KEY SERVICES,CN=SERVICES,CN=CONFIGURATION,${d.dn}`,
      ...extra },
  });
  const certificate = (print, chain) => ({ certthumbprint: print, certname: print, certchain: chain,
    hasbasicconstraints: false, basicconstraintpathlength: 0 });
  const adminAces = [ace('EA', 'Owns'), ace('DA', 'GenericAll'), ace('EA', 'GenericAll'), ace('ADMINS', 'GenericAll', true)];

  const templateIds = TEMPLATES.map((_, i) => d.guid(0x2000 + i));
  const certtemplates = TEMPLATES.map(([name, s, rights], i) => {
    const ekus = s.ekus;
    const schema = s.schema ?? 2;
    return {
      ...base(name, templateIds[i], 'CN=CERTIFICATE TEMPLATES,', {
        validityperiod: '1 year', renewalperiod: '6 weeks', schemaversion: schema, displayname: name,
        oid: `1.3.6.1.4.1.311.21.8.1000.2000.3000.${i + 1}`,
        enrollmentflag: s.approval ? 'PEND_ALL_REQUESTS' : 'AUTO_ENROLLMENT', requiresmanagerapproval: s.approval === true,
        nosecurityextension: false,
        certificatenameflag: s.ess ? 'ENROLLEE_SUPPLIES_SUBJECT' : 'SUBJECT_REQUIRE_DIRECTORY_PATH',
        enrolleesuppliessubject: s.ess === true, subjectaltrequireupn: s.upn === true, subjectaltrequiredns: s.dns === true,
        subjectaltrequiredomaindns: false, subjectaltrequireemail: false, subjectaltrequirespn: false,
        subjectrequireemail: false, ekus, certificateapplicationpolicy: schema > 1 ? ekus : [],
        authorizedsignatures: s.signatures ?? 0, applicationpolicies: s.policies ?? [], issuancepolicies: [],
        effectiveekus: ekus, authenticationenabled: ekus.length === 0 || ekus.some((eku) => AUTH_EKUS.includes(eku)),
      }),
      Aces: [ace('EA', 'Owns'), ace('DA', 'WriteDacl'), ace('DA', 'WriteOwner'), ace('EA', 'WriteDacl'),
        ace('EA', 'WriteOwner'), ...rights.map(([who, right]) => ace(who, right))],
    };
  });

  const enterprisecas = CAS.map((print, c) => {
    const name = `CORP-ISSUING-CA${c + 1}`;
    const host = d.hosts[c];
    const published = TEMPLATES.flatMap(([, , , cas], i) => (Array.isArray(cas) && cas.includes(c)
      ? [{ ObjectIdentifier: templateIds[i], ObjectType: 'CertTemplate' }] : []));
    return {
      ...base(name, d.guid(0x1010 + c), 'CN=ENROLLMENT SERVICES,', {
        flags: 'SUPPORTS_NT_AUTHENTICATION, CA_SERVERTYPE_ADVANCED', caname: name, dnshostname: host.name,
        ...certificate(print, [print, ROOT]), casecuritycollected: true, enrollmentagentrestrictionscollected: true,
        isuserspecifiessanenabledcollected: true,
      }),
      HostingComputer: host.sid,
      CARegistryData: {
        CASecurity: { Data: [ace('ADMINS', 'Owns'), ace('AU', 'Enroll'), ...['DA', 'EA', 'ADMINS'].flatMap((who) =>
          [ace(who, 'ManageCA'), ace(who, 'ManageCertificates')])], Collected: true, FailureReason: null },
        EnrollmentAgentRestrictions: { Restrictions: [], Collected: true, FailureReason: null },
        IsUserSpecifiesSanEnabled: { Value: false, Collected: true, FailureReason: null },
      },
      EnabledCertTemplates: published,
      // The first CA offers web enrolment over HTTP: relayable (ESC8).
      HttpEnrollmentEndpoints: c === 0 ? [{ Collected: true, FailureReason: null, Result: { Url: `http://${host.name}/certsrv/`,
        ADCSWebEnrollmentHTTP: true, ADCSWebEnrollmentHTTPS: false, ADCSWebEnrollmentEPA: false } }] : [],
      Aces: [ace('ADMINS', 'Owns'), ace('DA', 'WriteDacl'), ace('EA', 'WriteDacl'), ace('AU', 'Enroll')],
    };
  });

  const rootcas = [{ ...base('CORP-ROOT-CA', d.guid(0x1001), 'CN=CERTIFICATION AUTHORITIES,', certificate(ROOT, [ROOT])),
    Aces: adminAces }];
  const aiacas = [{ ...base('CORP-ROOT-CA', d.guid(0x1002), 'CN=AIA,', { ...certificate(ROOT, [ROOT]),
    crosscertificatepair: [], hascrosscertificatepair: false }), Aces: adminAces }];
  const ntauthstores = [{ ...base('NTAUTHCERTIFICATES', d.guid(0x1003), '', { certthumbprints: CAS }), Aces: adminAces }];
  return { rootcas, aiacas, enterprisecas, ntauthstores, certtemplates };
}
