import { convertSharpHound } from './index.js';
import { arrows, edgeOf } from './testing.js';

const SID = 'S-1-5-21-1';
const OTHER = 'S-1-5-21-2';
const trust = (extra: object) => ({ TargetDomainSid: OTHER, TargetDomainName: 'other.local', IsTransitive: true, SidFilteringEnabled: true, ...extra });

function domain(extra: object, Properties: object = {}) {
  return convertSharpHound('domains', 6, { ObjectIdentifier: SID, Properties: { name: 'x.local', ...Properties }, ...extra });
}

describe('domains', () => {
  it('coerces policy values to integers and booleans, dropping what does not convert', () => {
    const { nodes } = domain({}, {
      machineaccountquota: '10', minpwdlength: 7, pwdproperties: 'x', lockoutthreshold: 1.5,
      expirepasswordsonsmartcardonlyaccounts: 'True',
    });
    expect(nodes[0].properties).toEqual({ name: 'X.LOCAL', machineaccountquota: 10, minpwdlength: 7, expirepasswordsonsmartcardonlyaccounts: true });
  });

  it('is never contained, contains its child objects and is linked by its GPOs', () => {
    const converted = domain({
      ContainedBy: { ObjectIdentifier: 'root', ObjectType: 'Base' },
      ChildObjects: [{ ObjectIdentifier: 'ou-1', ObjectType: 'OU' }],
      Links: [{ GUID: 'gpo-1', IsEnforced: true }],
    });
    expect(arrows(converted)).toEqual([`${SID} -Contains-> OU-1`, `GPO-1 -GPLink-> ${SID}`].sort());
    expect(edgeOf(converted, 'GPLink')).toMatchObject({ start: { kinds: ['Base', 'GPO'] }, properties: { isacl: false, enforced: true } });
  });

  it('makes a bidirectional same-forest trust in both directions and a named target domain', () => {
    const converted = domain({ Trusts: [trust({ TrustDirection: 'Bidirectional', TrustType: 'ParentChild', SidFilteringEnabled: false })] });
    expect(converted.nodes[1]).toEqual({ objectid: OTHER, kinds: ['Base', 'Domain'], properties: { name: 'OTHER.LOCAL' } });
    expect(arrows(converted)).toEqual([`${OTHER} -SameForestTrust-> ${SID}`, `${SID} -SameForestTrust-> ${OTHER}`].sort());
    expect(converted.edges.find((e) => e.start.objectid === SID)?.properties).toEqual({
      isacl: false, trusttype: 'ParentChild', transitive: true, spoofsidhistoryblocked: false,
    });
  });

  it('makes cross-forest trusts with the abuse edges their settings allow', () => {
    const inbound = domain({ Trusts: [trust({ TrustDirection: 'Inbound', TrustType: 'Forest', TGTDelegationEnabled: true, TrustAttributes: 8 })] });
    expect(arrows(inbound)).toEqual([`${OTHER} -AbuseTGTDelegation-> ${SID}`, `${OTHER} -CrossForestTrust-> ${SID}`].sort());
    expect(edgeOf(inbound, 'CrossForestTrust').properties).toEqual({
      isacl: false, trusttype: 'Forest', transitive: true, trustattributesinbound: 8, tgtdelegation: true,
    });
    const outbound = domain({ Trusts: [trust({ TrustDirection: 'Outbound', TrustType: 'External', SidFilteringEnabled: false })] });
    expect(arrows(outbound)).toEqual([`${OTHER} -SpoofSIDHistory-> ${SID}`, `${SID} -CrossForestTrust-> ${OTHER}`].sort());
    expect(arrows(domain({ Trusts: [trust({ TrustDirection: 'Disabled', TrustType: 'External' })] }))).toEqual([]);
  });

  it('puts GPOChanges members into the local groups of every affected computer', () => {
    const converted = domain({
      GPOChanges: {
        LocalAdmins: [{ ObjectIdentifier: `${SID}-512`, ObjectType: 'Group' }], RemoteDesktopUsers: [], DcomUsers: [], PSRemoteUsers: [],
        AffectedComputers: [{ ObjectIdentifier: `${SID}-1001`, ObjectType: 'Computer' }],
      },
    });
    expect(converted.nodes[1]).toEqual({ objectid: `${SID}-1001-544`, kinds: ['Base', 'ADLocalGroup'], properties: {} });
    expect(arrows(converted)).toEqual([`${SID}-1001-544 -LocalToComputer-> ${SID}-1001`, `${SID}-512 -MemberOfLocalGroup-> ${SID}-1001-544`].sort());
  });
});

describe('OUs, containers and GPOs', () => {
  it('contains OUs and gives them child objects, links and GPO changes', () => {
    const converted = convertSharpHound('ous', 6, {
      ObjectIdentifier: 'ou-1', ContainedBy: { ObjectIdentifier: SID, ObjectType: 'Domain' },
      ChildObjects: [{ ObjectIdentifier: `${SID}-1001`, ObjectType: 'Computer' }], Links: [{ GUID: 'gpo-1', IsEnforced: false }],
      InheritanceHashes: ['h1'],
    });
    expect(arrows(converted)).toEqual([`${SID} -Contains-> OU-1`, `GPO-1 -GPLink-> OU-1`, `OU-1 -Contains-> ${SID}-1001`].sort());
    expect(converted.nodes[0]).toMatchObject({ kinds: ['Base', 'OU'], properties: { inheritancehashes: ['h1'] } });
  });

  it('converts containers with children and GPOs without containment', () => {
    const container = convertSharpHound('containers', 6, { ObjectIdentifier: 'c-1', ChildObjects: [{ ObjectIdentifier: 'c-2', ObjectType: 'Container' }] });
    expect(arrows(container)).toEqual(['C-1 -Contains-> C-2']);
    const gpo = convertSharpHound('gpos', 6, { ObjectIdentifier: 'gpo-1', ContainedBy: { ObjectIdentifier: 'c-1', ObjectType: 'Container' } });
    expect(gpo).toEqual({ nodes: [{ objectid: 'GPO-1', kinds: ['Base', 'GPO'], properties: {} }], edges: [] });
  });
});
