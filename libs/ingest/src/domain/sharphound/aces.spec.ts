import { convertSharpHound } from './index.js';
import { arrows, edgeOf } from './testing.js';

const ace = (PrincipalSID: string, RightName: string, IsInherited = false, extra: object = {}) =>
  ({ PrincipalSID, PrincipalType: 'Group', RightName, IsInherited, ...extra });

const user = (Aces: unknown[], Properties: object = {}) =>
  convertSharpHound('users', 6, { ObjectIdentifier: 's-1-5-21-1-1000', Properties, Aces });

describe('ACE conversion', () => {
  it('makes principal → object edges with isacl, isinherited and inheritancehash', () => {
    const converted = user([ace('S-1-5-21-1-512', 'GenericAll', true, { InheritanceHash: 'abc' })]);
    expect(arrows(converted)).toEqual(['S-1-5-21-1-512 -GenericAll-> S-1-5-21-1-1000']);
    expect(edgeOf(converted, 'GenericAll')).toMatchObject({
      start: { kinds: ['Base', 'Group'] }, end: { kinds: ['Base', 'User'] },
      properties: { isacl: true, isinherited: true, inheritancehash: 'abc' },
    });
  });

  it('drops self-ACEs and warns about unknown right names', () => {
    const converted = user([ace('S-1-5-21-1-1000', 'GenericAll'), ace('S-1-5-21-1-512', 'Teleport'), { RightName: 'GenericAll' }]);
    expect(converted.edges).toEqual([]);
    expect(converted.warnings).toEqual(['unknown ACE right name "Teleport" dropped', 'malformed ACE dropped']);
  });

  it('reads the rights of the reference\'s newer schema (CanReanimateTombstone needs the first five)', () => {
    const rights = ['ReanimateTombstones', 'CreateChild', 'CreateChildAll', 'WriteRDN', 'WriteCommonName',
      'WriteAltSecurityIdentities', 'WritePublicInformation', 'CreateChildDMSA', 'WriteUserAccountControl',
      'WriteMsDSGroupMSAMembership'];
    const converted = user(rights.map((right) => ace('S-1-5-21-1-512', right)));
    expect(arrows(converted)).toEqual(rights.map((right) => `S-1-5-21-1-512 -${right}-> S-1-5-21-1-1000`).sort());
    expect(converted.warnings ?? []).toEqual([]);
  });

  it('gives an unknown PrincipalType a Base-only stub', () => {
    const converted = user([{ ...ace('S-1-5-21-9-1', 'GenericWrite'), PrincipalType: 'Configuration' }]);
    expect(edgeOf(converted, 'GenericWrite').start.kinds).toEqual(['Base']);
  });

  it('turns Owns/WriteOwner into OwnsRaw/WriteOwnerRaw and records ownersid', () => {
    const converted = user([ace('S-1-5-21-1-512', 'Owns'), ace('S-1-5-21-1-519', 'WriteOwner')]);
    expect(arrows(converted)).toEqual(['S-1-5-21-1-512 -OwnsRaw-> S-1-5-21-1-1000', 'S-1-5-21-1-519 -WriteOwnerRaw-> S-1-5-21-1-1000'].sort());
    expect(converted.nodes[0].properties.ownersid).toBe('S-1-5-21-1-512');
  });

  it('limits ownership when OWNER RIGHTS ACEs are present', () => {
    const explicit = user([ace('S-1-5-21-1-512', 'Owns'), ace('S-1-5-21-1-519', 'WriteOwner'), ace('X.LOCAL-S-1-3-4', 'GenericWrite')]);
    expect(arrows(explicit)).toEqual(['S-1-5-21-1-512 -OwnsLimitedRights-> S-1-5-21-1-1000', 'S-1-5-21-1-519 -WriteOwnerRaw-> S-1-5-21-1-1000'].sort());
    expect(edgeOf(explicit, 'OwnsLimitedRights').properties.privileges).toEqual(['GenericWrite']);
    const inherited = user([ace('S-1-5-21-1-519', 'WriteOwner'), ace('S-1-3-4', 'GenericWrite', true)]);
    expect(arrows(inherited)).toEqual(['S-1-5-21-1-519 -WriteOwnerLimitedRights-> S-1-5-21-1-1000']);
  });

  it('emits no ownership edges the collector says OWNER RIGHTS neutralises', () => {
    const aces = [ace('S-1-5-21-1-512', 'Owns'), ace('S-1-5-21-1-519', 'WriteOwner')];
    expect(arrows(user(aces, { doesanyacegrantownerrights: true }))).toEqual(['S-1-5-21-1-519 -WriteOwnerRaw-> S-1-5-21-1-1000']);
    expect(arrows(user(aces, { doesanyacegrantownerrights: true, doesanyinheritedacegrantownerrights: true }))).toEqual([]);
  });

  it('merges a right granted twice into one edge', () => {
    expect(user([ace('S-1-5-21-1-512', 'GenericAll'), ace('S-1-5-21-1-512', 'GenericAll', true)]).edges).toHaveLength(1);
  });
});
