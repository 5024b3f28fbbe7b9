import { describe, expect, it } from '@jest/globals';
import { kindStyle } from './kinds';

describe('kindStyle', () => {
  it('styles a kind, else the first of its kinds with a style', () => {
    expect(kindStyle('User')).toMatchObject({ glyph: 'U', label: 'User' });
    expect(kindStyle('Tag_Tier_Zero', ['Tag_Tier_Zero', 'Group', 'Base'])).toMatchObject({ glyph: 'G', label: 'Group' });
  });

  it('falls back, labelled by the kind, for unknown kinds', () => {
    expect(kindStyle('Custom')).toEqual({ color: '#607d8b', glyph: '?', label: 'Custom' });
    expect(kindStyle(undefined)).toEqual({ color: '#607d8b', glyph: '?', label: 'Node' });
  });

  it('takes nothing from the object prototype for kinds named like its members', () => {
    for (const kind of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(kindStyle(kind)).toEqual({ color: '#607d8b', glyph: '?', label: kind });
      expect(kindStyle(undefined, [kind, 'User'])).toMatchObject({ label: 'User' });
    }
  });
});
