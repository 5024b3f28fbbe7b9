// The rules a tag's fields obey (compat part 1 "Asset groups", part 2 §8, agt-wire §3 PATCH order). They answer
// what is wrong, not how to say it: the application turns a violation into its wire message and status.
import {
  isSeededTag, isTierZero, MAX_GLYPH_LENGTH, MAX_LABELS, MAX_TAG_DESCRIPTION_LENGTH, MAX_TAG_NAME_LENGTH, MAX_TIERS,
  OWNED_GLYPH, TagType, TIER_ZERO_GLYPH, type Tag, type TagDraft, type TagPatch,
} from './tag.js';

export type NameViolation = 'nameEmpty' | 'nameCharacters' | 'nameTooLong';
export type GlyphViolation = 'glyphInvalid' | 'glyphReserved';
export type DescriptionViolation = 'descriptionNul' | 'descriptionTooLong';

export type CreateViolation =
  | NameViolation | DescriptionViolation | GlyphViolation
  | 'typeInvalid' | 'tierOnlyFields' | 'analysisEnabledTiersOnly' | 'glyphTiersOnly' | 'limitExceeded'
  | 'positionOutOfRange';

export type PatchViolation =
  | NameViolation | DescriptionViolation | GlyphViolation
  | 'renameDefaultTag' | 'requireCertifyTiersOnly' | 'positionTiersOnly' | 'tierZeroPosition'
  | 'analysisEnabledTiersOnly' | 'tierZeroAnalysisEnabled' | 'glyphTiersOnly' | 'glyphTierZero' | 'positionOutOfRange';

const NAME_CHARACTERS = /^[A-Za-z0-9 _]+$/;
/** An icon name: lower-case words of letters and digits joined by single dashes. */
const GLYPH_FORM = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Non-empty (not only spaces), letters/digits/underscore/space only, at most 250 characters. */
export function nameViolation(name: string): NameViolation | null {
  if (name.trim() === '') return 'nameEmpty';
  if (!NAME_CHARACTERS.test(name)) return 'nameCharacters';
  if (name.length > MAX_TAG_NAME_LENGTH) return 'nameTooLong';
  return null;
}

export function descriptionViolation(description: string): DescriptionViolation | null {
  if (description.includes('\u0000')) return 'descriptionNul';
  if (description.length > MAX_TAG_DESCRIPTION_LENGTH) return 'descriptionTooLong';
  return null;
}

/** The empty glyph means none (the reference treats "" as null). */
export function normalizeGlyph(glyph: string | null): string | null {
  return glyph === '' ? null : glyph;
}

/**
 * A glyph is an icon name of at most 64 characters (`dragon`, `shield-halved`). It must not look like the Tier Zero
 * or Owned glyph: refused when one of its dash-separated words (after an optional leading `fa`) is `gem` or
 * `skull` (`gem`, `fa-gem`, `skull-crossbones`), a stricter form of the reference's equality check.
 */
export function glyphViolation(glyph: string): GlyphViolation | null {
  if (glyph.length > MAX_GLYPH_LENGTH || !GLYPH_FORM.test(glyph)) return 'glyphInvalid';
  const words = glyph.split('-');
  const significant = words[0] === 'fa' ? words.slice(1) : words;
  if (significant.some((word) => word === TIER_ZERO_GLYPH || word === OWNED_GLYPH)) return 'glyphReserved';
  return null;
}

/** How many tiers exist (Tier Zero included). */
export function tierCount(tags: readonly Pick<Tag, 'type'>[]): number {
  return tags.filter((tag) => tag.type === TagType.Tier).length;
}

/**
 * The checks a new tag passes before any uniqueness check, in this order: name, type, tier-only fields, glyph,
 * description, the tag limit, then the position: a tier goes at 2..(tiers + 1), Tier Zero keeping 1.
 */
export function createViolation(draft: TagDraft, existing: readonly Pick<Tag, 'type'>[]): CreateViolation | null {
  const name = nameViolation(draft.name);
  if (name) return name;
  if (draft.type !== TagType.Tier && draft.type !== TagType.Label) return 'typeInvalid';
  const tier = draft.type === TagType.Tier;
  if (!tier && (draft.position !== null || draft.requireCertify !== null)) return 'tierOnlyFields';
  if (!tier && draft.analysisEnabled !== null) return 'analysisEnabledTiersOnly';
  if (draft.glyph !== null) {
    if (!tier) return 'glyphTiersOnly';
    const glyph = glyphViolation(draft.glyph);
    if (glyph) return glyph;
  }
  const description = descriptionViolation(draft.description);
  if (description) return description;
  const tiers = tierCount(existing);
  if (tier ? tiers >= MAX_TIERS : existing.length - tiers >= MAX_LABELS) return 'limitExceeded';
  if (tier && draft.position !== null && (draft.position < 2 || draft.position > tiers + 1)) return 'positionOutOfRange';
  return null;
}

/** Where a new tier goes: its position, or last. */
export function newTierPosition(draft: Pick<TagDraft, 'type' | 'position'>, existing: readonly Pick<Tag, 'type'>[]): number | null {
  if (draft.type !== TagType.Tier) return null;
  return draft.position ?? tierCount(existing) + 1;
}

/**
 * The checks a change passes, in the reference's order: name (empty, default tag, characters, length), description,
 * require_certify, position, analysis_enabled, glyph; then the position's range (2..tiers): tiers stay contiguous.
 */
export function patchViolation(tag: Tag, patch: TagPatch, tiers: number): PatchViolation | null {
  const tier = tag.type === TagType.Tier;
  const tierZero = isTierZero(tag);
  if (patch.name !== undefined) {
    if (patch.name.trim() === '') return 'nameEmpty';
    if (isSeededTag(tag.id) || tierZero || tag.type === TagType.Owned) return 'renameDefaultTag';
    const name = nameViolation(patch.name);
    if (name) return name;
  }
  if (patch.description !== undefined) {
    const description = descriptionViolation(patch.description);
    if (description) return description;
  }
  if (patch.requireCertify !== undefined && !tier) return 'requireCertifyTiersOnly';
  if (patch.position !== undefined) {
    if (!tier) return 'positionTiersOnly';
    if (tierZero) return 'tierZeroPosition';
  }
  if (patch.analysisEnabled !== undefined) {
    if (!tier) return 'analysisEnabledTiersOnly';
    if (tierZero) return 'tierZeroAnalysisEnabled';
  }
  if (patch.glyph !== undefined) {
    if (!tier) return 'glyphTiersOnly';
    if (tierZero) return 'glyphTierZero';
    const glyph = patch.glyph === null ? null : glyphViolation(patch.glyph);
    if (glyph) return glyph;
  }
  if (patch.position !== undefined && (patch.position < 2 || patch.position > tiers)) return 'positionOutOfRange';
  return null;
}

/** The fields of a change that differ from the tag: nothing left means nothing to write. */
export function effectiveChanges(tag: Tag, patch: TagPatch): TagPatch {
  const changes: TagPatch = {};
  if (patch.name !== undefined && patch.name !== tag.name) changes.name = patch.name;
  if (patch.description !== undefined && patch.description !== tag.description) changes.description = patch.description;
  if (patch.position !== undefined && patch.position !== tag.position) changes.position = patch.position;
  if (patch.requireCertify !== undefined && patch.requireCertify !== tag.requireCertify) changes.requireCertify = patch.requireCertify;
  if (patch.analysisEnabled !== undefined && patch.analysisEnabled !== tag.analysisEnabled) {
    changes.analysisEnabled = patch.analysisEnabled;
  }
  if (patch.glyph !== undefined && patch.glyph !== tag.glyph) changes.glyph = patch.glyph;
  return changes;
}
