import { convertSharpHound } from './index.js';
import { arrows } from './testing.js';

const SID = 'S-1-5-21-1';
const HOST = `${SID}-1000`;
const ace = (PrincipalSID: string, RightName: string, PrincipalType = 'Group') => ({ PrincipalSID, PrincipalType, RightName, IsInherited: false });
const template = (id: string) => ({ ObjectIdentifier: id, ObjectType: 'CertTemplate' });

describe('ADCS objects', () => {
  it('links root CAs and NTAuth stores to their domain', () => {
    expect(arrows(convertSharpHound('rootcas', 6, { ObjectIdentifier: 'root-1', DomainSID: SID }))).toEqual([`ROOT-1 -RootCAFor-> ${SID}`]);
    expect(arrows(convertSharpHound('ntauthstores', 6, { ObjectIdentifier: 'nt-1', Properties: { domainsid: SID } })))
      .toEqual([`NT-1 -NTAuthStoreFor-> ${SID}`]);
    expect(convertSharpHound('aiacas', 6, { ObjectIdentifier: 'aia-1' }).nodes[0].kinds).toEqual(['Base', 'AIACA']);
    expect(convertSharpHound('certtemplates', 6, { ObjectIdentifier: 'ct-1' }).nodes[0].kinds).toEqual(['Base', 'CertTemplate']);
  });

  it('links an issuance policy to its group', () => {
    const converted = convertSharpHound('issuancepolicies', 6, { ObjectIdentifier: 'pol-1', GroupLink: { ObjectIdentifier: `${SID}-1200`, ObjectType: 'Group' } });
    expect(arrows(converted)).toEqual([`POL-1 -OIDGroupLink-> ${SID}-1200`]);
    expect(converted.nodes[0].properties).toEqual({ grouplinkid: `${SID}-1200` });
  });

  it('converts an enterprise CA: host, published templates, agents, registry properties and ACEs', () => {
    const converted = convertSharpHound('enterprisecas', 6, {
      ObjectIdentifier: 'ca-1', HostingComputer: HOST, EnabledCertTemplates: [template('t-1'), template('t-2')],
      Aces: [ace(`${SID}-519`, 'ManageCA'), ace(HOST, 'ManageCertificates', 'Computer'), ace(`${SID}-512`, 'GenericAll')],
      CARegistryData: {
        CASecurity: { Collected: true, Data: [ace(`${SID}-512`, 'Owns'), ace(`${SID}-513`, 'Enroll'), ace(`${HOST}-544`, 'ManageCA', 'LocalGroup')] },
        EnrollmentAgentRestrictions: {
          Collected: true,
          Restrictions: [
            { AccessType: 'AccessAllowedCallback', Agent: { ObjectIdentifier: `${SID}-1100`, ObjectType: 'User' }, Template: template('t-1'), AllTemplates: false },
            { AccessType: 'AccessAllowedCallback', Agent: { ObjectIdentifier: `${SID}-1101`, ObjectType: 'User' }, AllTemplates: true },
            { AccessType: 'AccessDeniedCallback', Agent: { ObjectIdentifier: `${SID}-1102`, ObjectType: 'User' }, Template: template('t-2'), AllTemplates: false },
          ],
        },
        IsUserSpecifiesSanEnabled: { Value: true, Collected: true },
        RoleSeparationEnabled: { Value: false, Collected: false },
      },
    });
    expect(arrows(converted)).toEqual([
      `${HOST} -HostsCAService-> CA-1`, `${HOST} -ManageCertificates-> CA-1`, `${SID}-1100 -DelegatedEnrollmentAgent-> T-1`,
      `${SID}-1101 -DelegatedEnrollmentAgent-> T-1`, `${SID}-1101 -DelegatedEnrollmentAgent-> T-2`, `${SID}-512 -GenericAll-> CA-1`,
      `${SID}-513 -Enroll-> CA-1`, 'T-1 -PublishedTo-> CA-1', 'T-2 -PublishedTo-> CA-1',
    ].sort());
    expect(converted.nodes[0].properties).toEqual({ hasenrollmentagentrestrictions: true, isuserspecifiessanenabled: true });
  });

  it("uses the CA object's ACEs when the registry security was not collected", () => {
    const converted = convertSharpHound('enterprisecas', 6, {
      ObjectIdentifier: 'ca-1', Aces: [ace(`${SID}-519`, 'ManageCA')],
      CARegistryData: { CASecurity: { Collected: false, Data: [] }, EnrollmentAgentRestrictions: { Collected: false, Restrictions: [] } },
    });
    expect(arrows(converted)).toEqual([`${SID}-519 -ManageCA-> CA-1`]);
    expect(converted.nodes[0].properties).toEqual({});
  });
});
