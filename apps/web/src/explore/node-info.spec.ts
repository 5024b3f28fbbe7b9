import { describe, expect, it } from '@jest/globals';
import { panelLists } from './entity-routes';
import { nodeName, readCount, readListPage, readNodeInfo } from './node-info';

describe('readNodeInfo', () => {
  it('reads an AD entity with its counts, tier zero from its kinds', () => {
    const route = { platform: 'ad', type: 'groups' } as const;
    const info = readNodeInfo(route, panelLists(route), {
      adminRights: 0, controllables: 470, controllers: 22, kinds: ['Tag_Tier_Zero', 'Base', 'Group'], members: 13, membership: 2,
      props: { name: 'DOMAIN ADMINS@PHANTOM.CORP', objectid: 'S-1-512', system_tags: 'admin_tier_0' }, sessions: 8,
    });
    expect(info).toEqual(expect.objectContaining({ name: 'DOMAIN ADMINS@PHANTOM.CORP', tierZero: true, owned: false }));
    expect(info.counts).toEqual(expect.objectContaining({ members: 13, membership: 2, sessions: 8, controllers: 22, controllables: 470 }));
  });

  it('reads owned from Tag_Owned or the legacy system tag', () => {
    const route = { platform: 'ad', type: 'users' } as const;
    expect(readNodeInfo(route, [], { kinds: ['Base', 'User', 'Tag_Owned'], props: {} }).owned).toBe(true);
    expect(readNodeInfo(route, [], { kinds: ['Base', 'User'], props: { system_tags: 'admin_tier_0 owned' } })).toEqual(
      expect.objectContaining({ owned: true, tierZero: true }));
    expect(readNodeInfo(route, [], { kinds: ['Base', 'User'], props: { system_tags: 'unowned' } }).owned).toBe(false);
  });

  it('reads Azure flags and nested counts', () => {
    const route = { platform: 'azure', type: 'key-vaults' } as const;
    const info = readNodeInfo(route, panelLists(route), {
      kind: 'AZKeyVault', kinds: ['AZBase', 'AZKeyVault'], isTierZero: true, isOwnedObject: false,
      props: { displayname: 'VAULT' }, Readers: { KeyReaders: 2, CertificateReaders: 0, SecretReaders: 1, AllReaders: 3 }, inbound_object_control: 4,
    });
    expect(info).toEqual(expect.objectContaining({ name: 'VAULT', tierZero: true, owned: false }));
    expect(info.counts).toEqual({ 'Readers.KeyReaders': 2, 'Readers.CertificateReaders': 0, 'Readers.SecretReaders': 1, 'Readers.AllReaders': 3, inbound_object_control: 4 });
  });

  it('survives odd bodies', () => {
    const info = readNodeInfo({ platform: 'ad', type: 'base' }, [], null);
    expect(info).toEqual({ name: '', kinds: [], properties: {}, tierZero: false, owned: false, counts: {} });
  });
});

describe('readCount', () => {
  it('reads flat and dotted keys, numbers only', () => {
    expect(readCount({ a: 1 }, 'a')).toBe(1);
    expect(readCount({ 'pki-hierarchy': 3 }, 'pki-hierarchy')).toBe(3);
    expect(readCount({ descendents: { descendent_counts: { AZUser: 5 } } }, 'descendents.descendent_counts.AZUser')).toBe(5);
    expect(readCount({ descendents: null }, 'descendents.descendent_counts.AZUser')).toBeUndefined();
    expect(readCount({ a: '1' }, 'a')).toBeUndefined();
  });
});

describe('readListPage', () => {
  it('reads AD entries', () => {
    expect(readListPage({ count: 13, skip: 0, limit: 2, data: [{ objectID: 'S-1', name: 'BOB@X', label: 'User', kinds: ['Base', 'User'] }] }))
      .toEqual({ count: 13, entries: [{ objectId: 'S-1', name: 'BOB@X', kind: 'User', kinds: ['Base', 'User'] }] });
  });

  it('reads Azure entries', () => {
    expect(readListPage({ count: 1, data: [{ kind: 'AZUser', kinds: ['AZBase', 'AZUser'], props: { objectid: 'U', displayname: 'Ann' } }] }))
      .toEqual({ count: 1, entries: [{ objectId: 'U', name: 'Ann', kind: 'AZUser', kinds: ['AZBase', 'AZUser'] }] });
  });

  it('names an entry without a name by its object id', () => {
    expect(readListPage({ count: 1, data: [{ objectID: 'S-2', name: '', label: 'Base', kinds: [] }] }).entries[0].name).toBe('S-2');
    expect(nodeName({ objectid: 'O' })).toBe('O');
  });
});
