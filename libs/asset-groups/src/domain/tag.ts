/** Asset group tags (compat part 2 §7): privilege zones (tiers), labels, and the seeded Owned label. */
export const TagType = {
  Tier: 1,
  Label: 2,
  Owned: 3,
} as const;
export type TagType = (typeof TagType)[keyof typeof TagType];

/** Ids of the seeded tags (the migration creates them with these ids). */
export const TIER_ZERO_TAG_ID = 1;
export const OWNED_TAG_ID = 2;

export interface Tag {
  id: number;
  type: TagType;
  kindId: number;
  name: string;
  description: string;
  createdAt: Date;
  /** A user id, or SYSTEM; the presenter shows a user's email instead of the id. */
  createdBy: string;
  updatedAt: Date;
  updatedBy: string;
  position: number | null;
  requireCertify: boolean | null;
  analysisEnabled: boolean | null;
  glyph: string | null;
}

/** The graph kind a tag's members carry: `Tag_` + the name with spaces as `_` (AssetGroupTag.KindName()). */
export function tagKindName(name: string): string {
  return `Tag_${name.replaceAll(' ', '_')}`;
}

/** The seeded tags keep their names and cannot be deleted. */
export function isSeededTag(id: number): boolean {
  return id === TIER_ZERO_TAG_ID || id === OWNED_TAG_ID;
}

/** The name column is varchar(250) (the reference's limit). */
export const MAX_TAG_NAME_LENGTH = 250;
/** The reference sets no limit; an unbounded text is a risk. */
export const MAX_TAG_DESCRIPTION_LENGTH = 4096;
/** How many tags of each kind may exist: tiers (Tier Zero included), and labels (Owned included). */
export const MAX_TIERS = 25;
export const MAX_LABELS = 100;
/** Glyphs are icon names (Font Awesome style, e.g. `dragon`, `shield-halved`). */
export const MAX_GLYPH_LENGTH = 64;
/** The glyphs the UI draws for Tier Zero and Owned members: no other tag may look like them. */
export const TIER_ZERO_GLYPH = 'gem';
export const OWNED_GLYPH = 'skull';

/** What a new tag is made of (its kind and author are given separately). */
export interface TagDraft {
  type: TagType;
  name: string;
  description: string;
  /** Tiers only; null puts a new tier last. */
  position: number | null;
  requireCertify: boolean | null;
  analysisEnabled: boolean | null;
  glyph: string | null;
}

/** A change to a tag: absent fields stay as they are; `glyph: null` clears the glyph. */
export interface TagPatch {
  name?: string;
  description?: string;
  position?: number;
  requireCertify?: boolean;
  analysisEnabled?: boolean;
  glyph?: string | null;
}

/** Tier Zero: the tier at position 1 (the seeded tag). */
export function isTierZero(tag: Pick<Tag, 'type' | 'position'>): boolean {
  return tag.type === TagType.Tier && tag.position === 1;
}
