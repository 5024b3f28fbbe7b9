import { convertSharpHound } from './index.js';
import { arrows } from './testing.js';

const SID = 'S-1-5-21-1';
const PC = `${SID}-1001`;
const collected = (Results: unknown[]) => ({ Results, Collected: true, FailureReason: null });
const user = (id: string) => ({ ObjectIdentifier: id, ObjectType: 'User' });

function computer(extra: object) {
  return convertSharpHound('computers', 6, { ObjectIdentifier: PC, Properties: { name: 'pc.x' }, ...extra });
}

describe('computers', () => {
  it('makes HasSession from collected session lists only', () => {
    const converted = computer({
      Sessions: { Results: [{ UserSID: `${SID}-1`, ComputerSID: PC }], Collected: false },
      PrivilegedSessions: collected([{ UserSID: `${SID}-2`, ComputerSID: PC }]),
      RegistrySessions: collected([{ UserSID: `${SID}-2`, ComputerSID: PC }, { UserSID: `${SID}-3`, ComputerSID: PC }]),
    });
    expect(arrows(converted, 'HasSession')).toEqual([`${PC} -HasSession-> ${SID}-2`, `${PC} -HasSession-> ${SID}-3`].sort());
  });

  it('makes DCFor for a DC and CoerceToTGT only for a non-DC with unconstrained delegation', () => {
    expect(arrows(computer({ IsDC: true, DomainSID: SID, UnconstrainedDelegation: true }))).toEqual([`${PC} -DCFor-> ${SID}`]);
    expect(arrows(computer({ IsDC: false, DomainSID: SID, UnconstrainedDelegation: true }))).toEqual([`${PC} -CoerceToTGT-> ${SID}`]);
    // v5: both only in Properties.
    const v5 = convertSharpHound('computers', 5, { ObjectIdentifier: PC, Properties: { domainsid: SID, unconstraineddelegation: true } });
    expect(arrows(v5)).toEqual([`${PC} -CoerceToTGT-> ${SID}`]);
  });

  it('makes delegation, AllowedToAct, DumpSMSAPassword, SID history and primary group edges', () => {
    const converted = computer({
      PrimaryGroupSID: `${SID}-515`, AllowedToDelegate: [user(`${SID}-5`)], AllowedToAct: [user(`${SID}-6`)],
      DumpSMSAPassword: [user(`${SID}-7`)], HasSIDHistory: [user(`${SID}-8`)],
    });
    expect(arrows(converted)).toEqual([
      `${PC} -AllowedToDelegate-> ${SID}-5`, `${PC} -DumpSMSAPassword-> ${SID}-7`, `${PC} -HasSIDHistory-> ${SID}-8`,
      `${PC} -MemberOf-> ${SID}-515`, `${SID}-6 -AllowedToAct-> ${PC}`,
    ].sort());
  });

  it('makes local groups with members into ADLocalGroup nodes and edges, except IGNOREME nodes', () => {
    const converted = computer({
      LocalGroups: [
        { ObjectIdentifier: `${PC}-544`, Name: 'Administrators@pc.x', ...collected([user(`${SID}-1`)]), LocalNames: [{ ObjectIdentifier: `${PC}-500`, PrincipalName: 'admin@pc' }] },
        { ObjectIdentifier: 'X-S-1-5-32-555', Name: 'IGNOREME', ...collected([user(`${SID}-2`)]) },
        { ObjectIdentifier: `${PC}-562`, Name: 'DCOM', ...collected([]) },
        { ObjectIdentifier: `${PC}-580`, Name: 'RM', Results: [user(`${SID}-3`)], Collected: false },
      ],
    });
    expect(converted.nodes.map((n) => [n.objectid, n.kinds, n.properties])).toEqual([
      [PC, ['Base', 'Computer'], { name: 'PC.X' }],
      [`${PC}-544`, ['Base', 'ADLocalGroup'], { name: 'ADMINISTRATORS@PC.X' }],
      [`${PC}-500`, ['Base'], { name: 'ADMIN@PC' }],
    ]);
    expect(arrows(converted)).toEqual([
      `${PC}-544 -LocalToComputer-> ${PC}`, `${SID}-1 -MemberOfLocalGroup-> ${PC}-544`,
      `${SID}-2 -MemberOfLocalGroup-> X-S-1-5-32-555`, `X-S-1-5-32-555 -LocalToComputer-> ${PC}`,
    ].sort());
  });

  it('makes user-right edges and sets hasura when user rights were collected', () => {
    const converted = computer({
      UserRights: [
        { Privilege: 'SeRemoteInteractiveLogonRight', ...collected([user(`${SID}-1`)]) },
        { Privilege: 'SeBackupPrivilege', ...collected([]) },
        { Privilege: 'SeRestorePrivilege', Results: [user(`${SID}-2`)], Collected: false },
      ],
    });
    expect(arrows(converted)).toEqual([`${SID}-1 -RemoteInteractiveLogonRight-> ${PC}`]);
    expect(converted.nodes[0].properties.hasura).toBe(true);
    expect(computer({ UserRights: [] }).nodes[0].properties.hasura).toBeUndefined();
  });

  it('computes DC registry, SMB and WebClient properties and renames the LDAP flags', () => {
    const { nodes } = convertSharpHound('computers', 6, {
      ObjectIdentifier: PC, Properties: { ldapenabled: true, ldapsenabled: false },
      DCRegistryData: { CertificateMappingMethods: 4, StrongCertificateBindingEnforcement: { Value: 1, Collected: true } },
      // SmbInfo and IsWebClientRunning are SharpHoundCommon APIResult<SmbInfo> / APIResult<bool>.
      SmbInfo: { Result: { SigningEnabled: false }, Collected: true, FailureReason: null },
      IsWebClientRunning: { Result: true, Collected: true, FailureReason: null },
    });
    expect(nodes[0].properties).toEqual({
      certificatemappingmethodsraw: 4, certificatemappingmethods: '0x04: UPN',
      strongcertificatebindingenforcementraw: 1, strongcertificatebindingenforcement: 'Compatibility mode',
      smbsigning: false, webclientrunning: true, ldapavailable: true, ldapsavailable: false,
    });
  });

  it('keeps the LDAP signing/EPA flags a DC scan writes and ignores SMB and WebClient results not collected', () => {
    const { nodes } = convertSharpHound('computers', 6, {
      ObjectIdentifier: PC, Properties: { ldapavailable: true, ldapsavailable: true, ldapsigning: false, ldapsepa: true },
      SmbInfo: { Result: null, Collected: false, FailureReason: 'PortNotOpen' },
      IsWebClientRunning: { Result: false, Collected: false, FailureReason: 'PortNotOpen' },
    });
    expect(nodes[0].properties).toEqual({ ldapavailable: true, ldapsavailable: true, ldapsigning: false, ldapsepa: true });
    // Older BloodHound read SigningEnabled beside Collected.
    expect(computer({ SmbInfo: { SigningEnabled: true, Collected: true } }).nodes[0].properties.smbsigning).toBe(true);
  });
});
