import { describe, expect, it } from '@jest/globals';
import { labelNameOf, legacyGroupViolation } from './legacy-asset-group.js';
import { nameViolation } from './tag-rules.js';
import { TagHistoryAction, tagUpdateActions } from './tag-history.js';

describe('legacyGroupViolation', () => {
  it.each([
    ['', 'tag', 'empty'],
    ['name', '   ', 'empty'],
    ['name', 'my tag', 'tagWhitespace'],
    ['name', 'tab\there', 'tagWhitespace'],
    ['x'.repeat(251), 'tag', 'nameTooLong'],
    ['name', 't'.repeat(251), 'tagTooLong'],
    ['na\u0000me', 'tag', 'nul'],
  ])('refuses name %j with tag %j as %s', (name, tag, violation) => {
    expect(legacyGroupViolation(name, tag)).toBe(violation);
  });

  it('accepts a name with spaces and a tag without', () => {
    expect(legacyGroupViolation('Crown Jewels', 'crown-jewels.v2')).toBeNull();
  });
});

describe('labelNameOf', () => {
  it('keeps letters, digits and underscores, and makes the rest underscores', () => {
    expect(labelNameOf('crown-jewels.v2')).toBe('crown_jewels_v2');
    expect(labelNameOf('admin_tier_0')).toBe('admin_tier_0');
    expect(labelNameOf('équipe')).toBe('_quipe');
  });

  it('always makes a valid tag name of a valid tag string', () => {
    for (const tag of ['a', 'a-b', '%%%', 'x'.repeat(250)]) expect(nameViolation(labelNameOf(tag))).toBeNull();
  });
});

describe('tagUpdateActions', () => {
  it('records an update, and analysis turned on or off on its own row', () => {
    expect(tagUpdateActions(undefined)).toEqual([TagHistoryAction.UpdateTag]);
    expect(tagUpdateActions(true)).toEqual([TagHistoryAction.UpdateTag, TagHistoryAction.AnalysisEnabledTag]);
    expect(tagUpdateActions(false)).toEqual([TagHistoryAction.UpdateTag, TagHistoryAction.AnalysisDisabledTag]);
  });
});
