import { describe, expect, it } from '@jest/globals';
import {
  createViolation, descriptionViolation, effectiveChanges, glyphViolation, nameViolation, newTierPosition,
  normalizeGlyph, patchViolation, tierCount,
} from './tag-rules.js';
import {
  isTierZero, MAX_LABELS, MAX_TAG_DESCRIPTION_LENGTH, MAX_TIERS, tagKindName, TagType, type Tag, type TagDraft,
} from './tag.js';

const draft = (fields: Partial<TagDraft> = {}): TagDraft => ({
  type: TagType.Label, name: 'Crown Jewels', description: '', position: null, requireCertify: null,
  analysisEnabled: null, glyph: null, ...fields,
});

const tag = (fields: Partial<Tag> = {}): Tag => ({
  id: 10, type: TagType.Tier, kindId: 100, name: 'Tier One', description: 'd', createdAt: new Date(0), createdBy: 'SYSTEM',
  updatedAt: new Date(0), updatedBy: 'SYSTEM', position: 2, requireCertify: false, analysisEnabled: false, glyph: null,
  ...fields,
});

const tierZero = tag({ id: 1, name: 'Tier Zero', position: 1, analysisEnabled: true });
const owned = tag({ id: 2, type: TagType.Owned, name: 'Owned', position: null, requireCertify: null, analysisEnabled: null });
const seeded = [tierZero, owned];

describe('tagKindName', () => {
  it('prefixes Tag_ and turns spaces into underscores', () => {
    expect(tagKindName('Tier Zero')).toBe('Tag_Tier_Zero');
    expect(tagKindName('a  b_c')).toBe('Tag_a__b_c');
  });
});

describe('nameViolation', () => {
  it('accepts letters, digits, underscores and spaces up to 250 characters', () => {
    expect(nameViolation('Tier_1 admins')).toBeNull();
    expect(nameViolation('x'.repeat(250))).toBeNull();
  });

  it('refuses an empty or blank name', () => {
    expect(nameViolation('')).toBe('nameEmpty');
    expect(nameViolation('   ')).toBe('nameEmpty');
  });

  it('refuses other characters', () => {
    for (const name of ['a-b', 'a.b', 'ünïcode', 'a\u0000b', 'tab\there']) expect(nameViolation(name)).toBe('nameCharacters');
  });

  it('refuses more than 250 characters', () => {
    expect(nameViolation('x'.repeat(251))).toBe('nameTooLong');
  });
});

describe('descriptionViolation', () => {
  it('refuses NUL characters and overlong descriptions', () => {
    expect(descriptionViolation('fine')).toBeNull();
    expect(descriptionViolation('a\u0000')).toBe('descriptionNul');
    expect(descriptionViolation('x'.repeat(MAX_TAG_DESCRIPTION_LENGTH + 1))).toBe('descriptionTooLong');
  });
});

describe('glyphs', () => {
  it('treats the empty glyph as none', () => {
    expect(normalizeGlyph('')).toBeNull();
    expect(normalizeGlyph('dragon')).toBe('dragon');
    expect(normalizeGlyph(null)).toBeNull();
  });

  it('accepts lower-case icon names', () => {
    for (const glyph of ['dragon', 'shield-halved', 'fa-crown', 'gemini', 'a1']) expect(glyphViolation(glyph)).toBeNull();
  });

  it('refuses glyphs that look like the Tier Zero or Owned glyph', () => {
    for (const glyph of ['gem', 'fa-gem', 'skull', 'skull-crossbones', 'fa-skull', 'big-gem']) {
      expect(glyphViolation(glyph)).toBe('glyphReserved');
    }
  });

  it('refuses anything that is not a short icon name', () => {
    for (const glyph of ['Dragon', 'two words', '-x', 'x--y', 'x-', '<svg>', 'x'.repeat(65), ' ']) {
      expect(glyphViolation(glyph)).toBe('glyphInvalid');
    }
  });
});

describe('createViolation', () => {
  it('accepts a label and a tier with tier fields', () => {
    expect(createViolation(draft(), seeded)).toBeNull();
    expect(createViolation(draft({ type: TagType.Tier, position: 2, requireCertify: true, analysisEnabled: true, glyph: 'dragon' }), seeded))
      .toBeNull();
  });

  it('checks the name first', () => {
    expect(createViolation(draft({ name: '', type: 9 as TagType }), seeded)).toBe('nameEmpty');
  });

  it('allows only tiers and labels to be created (Owned is seeded only)', () => {
    expect(createViolation(draft({ type: TagType.Owned }), seeded)).toBe('typeInvalid');
    expect(createViolation(draft({ type: 0 as TagType }), seeded)).toBe('typeInvalid');
  });

  it('allows position, require_certify, analysis_enabled and glyph on tiers only', () => {
    expect(createViolation(draft({ position: 2 }), seeded)).toBe('tierOnlyFields');
    expect(createViolation(draft({ requireCertify: false }), seeded)).toBe('tierOnlyFields');
    expect(createViolation(draft({ analysisEnabled: false }), seeded)).toBe('analysisEnabledTiersOnly');
    expect(createViolation(draft({ glyph: 'dragon' }), seeded)).toBe('glyphTiersOnly');
  });

  it('checks the glyph of a tier', () => {
    expect(createViolation(draft({ type: TagType.Tier, glyph: 'gem' }), seeded)).toBe('glyphReserved');
    expect(createViolation(draft({ type: TagType.Tier, glyph: 'No' }), seeded)).toBe('glyphInvalid');
  });

  it('keeps positions between 2 and one past the last tier', () => {
    const tiers = [...seeded, tag({ id: 3, position: 2 })];
    expect(createViolation(draft({ type: TagType.Tier, position: 1 }), tiers)).toBe('positionOutOfRange');
    expect(createViolation(draft({ type: TagType.Tier, position: 4 }), tiers)).toBe('positionOutOfRange');
    expect(createViolation(draft({ type: TagType.Tier, position: 3 }), tiers)).toBeNull();
    expect(createViolation(draft({ type: TagType.Tier, position: 2 }), tiers)).toBeNull();
  });

  it('limits tiers and labels separately', () => {
    const tiers = Array.from({ length: MAX_TIERS }, (_, i) => tag({ id: i + 1, position: i + 1 }));
    expect(createViolation(draft({ type: TagType.Tier }), tiers)).toBe('limitExceeded');
    expect(createViolation(draft(), tiers)).toBeNull();
    const labels = Array.from({ length: MAX_LABELS }, (_, i) => tag({ id: i + 1, type: TagType.Label, position: null }));
    expect(createViolation(draft(), labels)).toBe('limitExceeded');
    expect(createViolation(draft({ type: TagType.Tier }), labels)).toBeNull();
  });
});

describe('newTierPosition', () => {
  it('puts a tier without position last and keeps a label without one', () => {
    expect(newTierPosition(draft({ type: TagType.Tier }), seeded)).toBe(2);
    expect(newTierPosition(draft({ type: TagType.Tier, position: 2 }), [...seeded, tag()])).toBe(2);
    expect(newTierPosition(draft(), seeded)).toBeNull();
    expect(tierCount([...seeded, tag()])).toBe(2);
  });
});

describe('patchViolation', () => {
  const label = tag({ type: TagType.Label, position: null, requireCertify: null, analysisEnabled: null });

  it('accepts changes to an ordinary tier', () => {
    expect(patchViolation(tag(), { name: 'Tier Two', position: 2, requireCertify: true, analysisEnabled: true, glyph: 'crown' }, 2))
      .toBeNull();
    expect(patchViolation(tag(), { glyph: null }, 2)).toBeNull();
  });

  it('refuses an empty name before anything else', () => {
    expect(patchViolation(tierZero, { name: ' ' }, 2)).toBe('nameEmpty');
  });

  it('refuses renaming the seeded tags but lets them be described', () => {
    expect(patchViolation(tierZero, { name: 'Tier Zero' }, 2)).toBe('renameDefaultTag');
    expect(patchViolation(owned, { name: 'Mine' }, 2)).toBe('renameDefaultTag');
    expect(patchViolation(owned, { description: 'ours' }, 2)).toBeNull();
  });

  it('checks the new name', () => {
    expect(patchViolation(tag(), { name: 'a-b' }, 2)).toBe('nameCharacters');
    expect(patchViolation(tag(), { name: 'x'.repeat(251) }, 2)).toBe('nameTooLong');
  });

  it('allows tier fields on tiers only', () => {
    expect(patchViolation(label, { requireCertify: true }, 2)).toBe('requireCertifyTiersOnly');
    expect(patchViolation(label, { position: 2 }, 2)).toBe('positionTiersOnly');
    expect(patchViolation(label, { analysisEnabled: true }, 2)).toBe('analysisEnabledTiersOnly');
    expect(patchViolation(label, { glyph: 'crown' }, 2)).toBe('glyphTiersOnly');
    expect(patchViolation(owned, { glyph: null }, 2)).toBe('glyphTiersOnly');
  });

  it('keeps Tier Zero at position 1 with its analysis and glyph', () => {
    expect(isTierZero(tierZero)).toBe(true);
    expect(patchViolation(tierZero, { position: 2 }, 2)).toBe('tierZeroPosition');
    expect(patchViolation(tierZero, { analysisEnabled: false }, 2)).toBe('tierZeroAnalysisEnabled');
    expect(patchViolation(tierZero, { glyph: 'crown' }, 2)).toBe('glyphTierZero');
    expect(patchViolation(tierZero, { requireCertify: true }, 2)).toBeNull();
  });

  it('refuses look-alike and invalid glyphs', () => {
    expect(patchViolation(tag(), { glyph: 'skull' }, 2)).toBe('glyphReserved');
    expect(patchViolation(tag(), { glyph: 'A B' }, 2)).toBe('glyphInvalid');
  });

  it('moves a tier only within 2..tiers', () => {
    expect(patchViolation(tag(), { position: 1 }, 3)).toBe('positionOutOfRange');
    expect(patchViolation(tag(), { position: 4 }, 3)).toBe('positionOutOfRange');
    expect(patchViolation(tag(), { position: 3 }, 3)).toBeNull();
  });
});

describe('effectiveChanges', () => {
  it('keeps only the fields that differ', () => {
    expect(effectiveChanges(tag(), { name: 'Tier One', description: 'd', position: 2, glyph: null })).toEqual({});
    expect(effectiveChanges(tag(), { name: 'Tier 1', requireCertify: true, glyph: 'crown' }))
      .toEqual({ name: 'Tier 1', requireCertify: true, glyph: 'crown' });
    expect(effectiveChanges(tag({ glyph: 'crown' }), { glyph: null })).toEqual({ glyph: null });
  });
});
