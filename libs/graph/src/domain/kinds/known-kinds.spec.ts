import { describe, expect, it } from '@jest/globals';
import { edgeKind, nodeKind, tagKind } from './kind-record.js';
import { KnownKinds } from './known-kinds.js';

describe('KnownKinds', () => {
  it('knows the built-in kinds with their flags', () => {
    const known = new KnownKinds();
    expect(known.find('Owns')).toEqual({
      name: 'Owns', element: 'edge', source: 'AD', traversable: true, acl: 'right', postProcessed: true,
    });
    expect(known.find('OwnsLimitedRights')).toMatchObject({ traversable: true, acl: 'derived', postProcessed: false });
    expect(known.find('AZScopedTo')).toMatchObject({ element: 'edge', source: 'Azure', traversable: false, acl: null });
    expect(known.find('Tag_Tier_Zero')).toEqual(tagKind('Tag_Tier_Zero'));
    expect(known.find('Tag_Crown_Jewels')).toBeUndefined();
  });

  it('registers a run-time tag kind as a node kind of neither schema, never traversed nor post-processed', () => {
    const known = new KnownKinds();
    known.register(tagKind('Tag_Crown_Jewels'));
    expect(known.find('Tag_Crown_Jewels')).toEqual({
      name: 'Tag_Crown_Jewels', element: 'node', source: 'Common', traversable: false, acl: null, postProcessed: false,
    });
  });

  it('takes the same record again (a built-in tag kind, a tag evaluated twice) without change', () => {
    const known = new KnownKinds();
    known.register(tagKind('Tag_Tier_Zero'));
    known.register(tagKind('Tag_Crown_Jewels'));
    known.register(tagKind('Tag_Crown_Jewels'));
    expect(known.find('Tag_Crown_Jewels')).toEqual(tagKind('Tag_Crown_Jewels'));
  });

  it('refuses other flags for a known kind', () => {
    const known = new KnownKinds();
    expect(() => known.register(nodeKind('Owns', 'Common'))).toThrow('kind Owns is already known with other flags');
    known.register(tagKind('Tag_Crown_Jewels'));
    expect(() => known.register(edgeKind('Tag_Crown_Jewels', 'Common', { traversable: true }))).toThrow(/other flags/);
  });

  it('keeps what one instance registers out of another', () => {
    const one = new KnownKinds();
    one.register(tagKind('Tag_Crown_Jewels'));
    expect(new KnownKinds().find('Tag_Crown_Jewels')).toBeUndefined();
  });

  it('starts from the records it is given', () => {
    const known = new KnownKinds([nodeKind('Base', 'AD')]);
    expect(known.find('Base')).toEqual(nodeKind('Base', 'AD'));
    expect(known.find('User')).toBeUndefined();
  });
});
