import { describe, expect, it } from '@jest/globals';
import { autoCertifyViolation, refusesContentChange, refusesDisable, seedViolation } from './selector-rules.js';
import { AutoCertify, certifiesAutomatically, MAX_SEED_VALUE_LENGTH, MAX_SEEDS, MemberSource } from './selector.js';
import { expandChildren, ExpansionMethod, expansionOf, ExpansionTooLarge } from './expansion.js';
import { TagType } from './tag.js';

const cypher = (value: string) => ({ type: 2, value });
const objectId = (value: string) => ({ type: 1, value });

describe('seedViolation', () => {
  it('accepts seeds of one known type with non-empty values', () => {
    expect(seedViolation([objectId('S-1'), objectId('S-2')])).toBeNull();
    expect(seedViolation([cypher('MATCH (n:User) RETURN n')])).toBeNull();
  });

  it('requires at least one seed', () => {
    expect(seedViolation(undefined)).toEqual({ rule: 'required' });
    expect(seedViolation([])).toEqual({ rule: 'required' });
  });

  it(`refuses more than ${MAX_SEEDS} seeds`, () => {
    expect(seedViolation(Array.from({ length: MAX_SEEDS + 1 }, (_, i) => objectId(`S-${i}`)))).toEqual({ rule: 'tooMany', max: MAX_SEEDS });
  });

  it("names the first seed's unknown type", () => {
    expect(seedViolation([{ type: 3, value: 'x' }])).toEqual({ rule: 'invalidType', type: 3 });
  });

  it('refuses seeds of mixed types', () => {
    expect(seedViolation([objectId('S-1'), cypher('MATCH (n) RETURN n')])).toEqual({ rule: 'mixedTypes' });
  });

  it('refuses empty or blank values and values that are too long', () => {
    expect(seedViolation([objectId('  ')])).toEqual({ rule: 'emptyValue' });
    expect(seedViolation([objectId('x'.repeat(MAX_SEED_VALUE_LENGTH + 1))])).toEqual({ rule: 'valueTooLong', max: MAX_SEED_VALUE_LENGTH });
  });
});

describe('autoCertifyViolation', () => {
  it('accepts 0..2 on a tier, and absence anywhere', () => {
    for (const value of [0, 1, 2]) expect(autoCertifyViolation({ type: TagType.Tier }, value)).toBeNull();
    expect(autoCertifyViolation({ type: TagType.Label }, undefined)).toBeNull();
  });

  it('accepts 0 on a label and refuses anything else there first', () => {
    expect(autoCertifyViolation({ type: TagType.Label }, 0)).toBeNull();
    expect(autoCertifyViolation({ type: TagType.Label }, 1)).toEqual({ rule: 'onlyTiers' });
    expect(autoCertifyViolation({ type: TagType.Owned }, 7)).toEqual({ rule: 'onlyTiers' });
  });

  it('refuses values outside 0..2 on a tier', () => {
    expect(autoCertifyViolation({ type: TagType.Tier }, 3)).toEqual({ rule: 'outOfRange' });
    expect(autoCertifyViolation({ type: TagType.Tier }, -1)).toEqual({ rule: 'outOfRange' });
  });
});

describe('selector patches', () => {
  it('refuses disabling a selector that does not allow it, but not enabling it', () => {
    expect(refusesDisable({ allowDisable: false }, { disabled: true })).toBe(true);
    expect(refusesDisable({ allowDisable: false }, { disabled: false })).toBe(false);
    expect(refusesDisable({ allowDisable: true }, { disabled: true })).toBe(false);
  });

  it('lets a default selector change only auto_certify and its disabled state', () => {
    expect(refusesContentChange({ isDefault: true }, { autoCertify: AutoCertify.AllMembers, disabled: true })).toBe(false);
    expect(refusesContentChange({ isDefault: true }, { name: 'x' })).toBe(true);
    expect(refusesContentChange({ isDefault: true }, { description: '' })).toBe(true);
    expect(refusesContentChange({ isDefault: true }, { seeds: [] })).toBe(true);
    expect(refusesContentChange({ isDefault: false }, { name: 'x' })).toBe(false);
  });
});

describe('certifiesAutomatically', () => {
  it('certifies nothing when disabled, seeds only with 1, every member with 2', () => {
    expect(certifiesAutomatically(AutoCertify.Disabled, MemberSource.Seed)).toBe(false);
    expect(certifiesAutomatically(AutoCertify.SeedsOnly, MemberSource.Seed)).toBe(true);
    expect(certifiesAutomatically(AutoCertify.SeedsOnly, MemberSource.Child)).toBe(false);
    expect(certifiesAutomatically(AutoCertify.AllMembers, MemberSource.Child)).toBe(true);
  });
});

describe('expansion', () => {
  /** member -> groups it is in, read inbound: group id -> member ids (u1 twice: a hop per edge). */
  const membersOf: Record<string, string[]> = { g1: ['u1', 'g2', 'u1'], g2: ['u2', 'g1'], u1: [], u2: [] };
  const step = async (frontier: string[]) => frontier.flatMap((id) => membersOf[id] ?? []);

  it('expands tiers to all, labels to children, the Owned label not at all', () => {
    expect(expansionOf(TagType.Tier)).toBe(ExpansionMethod.All);
    expect(expansionOf(TagType.Label)).toBe(ExpansionMethod.Children);
    expect(expansionOf(TagType.Owned)).toBe(ExpansionMethod.None);
  });

  it('adds transitive members once each, through cycles, with seeds kept as seeds', async () => {
    const selected = await expandChildren(['g1', 'u2'], step);
    expect(selected.map((s) => [s.id, s.source])).toEqual([
      ['g1', MemberSource.Seed], ['u2', MemberSource.Seed], ['u1', MemberSource.Child], ['g2', MemberSource.Child],
    ]);
  });

  it('stops at the depth bound', async () => {
    const selected = await expandChildren(['g1'], step, { maxDepth: 1, maxMembers: 10 });
    expect(selected.map((s) => s.id)).toEqual(['g1', 'u1', 'g2']);
  });

  it('fails rather than truncate past the member bound', async () => {
    await expect(expandChildren(['g1'], step, { maxDepth: 10, maxMembers: 2 })).rejects.toThrow(ExpansionTooLarge);
  });
});
