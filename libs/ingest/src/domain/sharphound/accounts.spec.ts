import { ObjectError } from '../converted.js';
import { convertSharpHound } from './index.js';
import { arrows, edgeOf } from './testing.js';

const SID = 'S-1-5-21-1';

describe('object nodes', () => {
  it('makes a Base + kind node keyed by the upper-cased objectid, with the usual values upper-cased', () => {
    const { nodes } = convertSharpHound('computers', 6, {
      ObjectIdentifier: 's-1-5-21-1-1001',
      Properties: { name: 'pc.x.local', DistinguishedName: 'cn=pc,dc=x', operatingsystem: 'Windows', objectid: 'EVIL', system_tags: 'admin_tier_0', lastseen: 'x' },
      IsACLProtected: true,
    });
    expect(nodes[0]).toEqual({
      objectid: 'S-1-5-21-1-1001', kinds: ['Base', 'Computer'],
      properties: { name: 'PC.X.LOCAL', distinguishedname: 'CN=PC,DC=X', operatingsystem: 'WINDOWS', isaclprotected: true },
    });
  });

  it('keeps the account-control properties newer SharpHound writes (LdapPropertyProcessor) as they are', () => {
    const properties = {
      enabled: true, encryptedtextpwdallowed: true, usedeskeyonly: false, smartcardrequired: false,
      supportedencryptiontypes: ['DES-CBC-MD5', 'RC4-HMAC-MD5'],
    };
    expect(convertSharpHound('users', 6, { ObjectIdentifier: `${SID}-1105`, Properties: properties }).nodes[0].properties).toEqual(properties);
  });

  it('refuses objects it cannot identify', () => {
    expect(() => convertSharpHound('users', 6, 'x')).toThrow(new ObjectError('not a JSON object'));
    expect(() => convertSharpHound('users', 6, { Properties: {} })).toThrow(new ObjectError('no ObjectIdentifier'));
  });
});

describe('users', () => {
  const converted = convertSharpHound('users', 6, {
    ObjectIdentifier: `${SID}-1000`, Properties: { domainsid: SID, unconstraineddelegation: true },
    PrimaryGroupSID: `${SID}-513`, HasSIDHistory: [{ ObjectIdentifier: 'S-1-5-21-2-500', ObjectType: 'User' }],
    AllowedToDelegate: [{ ObjectIdentifier: `${SID}-1001`, ObjectType: 'Computer' }],
    SPNTargets: [{ ComputerSID: `${SID}-1001`, Port: 1433, Service: 'SQLAdmin' }, { ComputerSID: `${SID}-1001`, Port: 1, Service: 'DCSync' }],
    ContainedBy: { ObjectIdentifier: 'ou-guid', ObjectType: 'OU' },
  });

  it('makes membership, delegation, SID history, SPN, containment and CoerceToTGT edges', () => {
    expect(arrows(converted)).toEqual([
      `${SID}-1000 -AllowedToDelegate-> ${SID}-1001`, `${SID}-1000 -CoerceToTGT-> ${SID}`,
      `${SID}-1000 -HasSIDHistory-> S-1-5-21-2-500`, `${SID}-1000 -MemberOf-> ${SID}-513`,
      `${SID}-1000 -SQLAdmin-> ${SID}-1001`, 'OU-GUID -Contains-> S-1-5-21-1-1000',
    ].sort());
    expect(edgeOf(converted, 'MemberOf')).toMatchObject({ end: { kinds: ['Base', 'Group'] }, properties: { isacl: false, isprimarygroup: true } });
    expect(edgeOf(converted, 'SQLAdmin').properties).toEqual({ isacl: false, port: 1433 });
    expect(edgeOf(converted, 'Contains').start.kinds).toEqual(['Base', 'OU']);
    expect(converted.warnings).toEqual(['unknown SPN target service "DCSync" dropped']);
  });
});

describe('groups', () => {
  it('makes MemberOf from members, matching DN= members by distinguishedname', () => {
    const converted = convertSharpHound('groups', 6, {
      ObjectIdentifier: `${SID}-512`,
      Members: [{ ObjectIdentifier: `${SID}-1000`, ObjectType: 'User' }, { ObjectIdentifier: 'DN=cn=x,dc=y', ObjectType: 'Base' }],
    });
    expect(converted.edges).toEqual([
      { start: { objectid: `${SID}-1000`, kinds: ['Base', 'User'] }, end: { objectid: `${SID}-512`, kinds: ['Base', 'Group'] }, kind: 'MemberOf', properties: { isacl: false, isprimarygroup: false } },
      { start: { objectid: 'CN=X,DC=Y', kinds: [], matchBy: 'distinguishedname' }, end: { objectid: `${SID}-512`, kinds: ['Base', 'Group'] }, kind: 'MemberOf', properties: { isacl: false, isprimarygroup: false } },
    ]);
  });
});

describe('sessions file', () => {
  it('makes HasSession with the logon type and no node', () => {
    expect(convertSharpHound('sessions', 6, { ComputerSID: `${SID}-1001`, UserSID: `${SID}-1000`, LogonType: 2 })).toEqual({
      nodes: [],
      edges: [{ start: { objectid: `${SID}-1001`, kinds: ['Base', 'Computer'] }, end: { objectid: `${SID}-1000`, kinds: ['Base', 'User'] }, kind: 'HasSession', properties: { isacl: false, logontype: 2 } }],
    });
    expect(() => convertSharpHound('sessions', 6, { UserSID: 'x' })).toThrow(ObjectError);
  });
});
