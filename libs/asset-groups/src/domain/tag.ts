/** Asset group tags (compat part 2 §7): privilege zones (tiers), labels, and the seeded Owned label. */
export const TagType = {
  Tier: 1,
  Label: 2,
  Owned: 3,
} as const;
export type TagType = (typeof TagType)[keyof typeof TagType];

export const TAG_TYPES: readonly number[] = Object.values(TagType);

/** Ids of the seeded tags (the migration creates them with these ids). */
export const TIER_ZERO_TAG_ID = 1;
export const OWNED_TAG_ID = 2;

/** Who created the seeded records. */
export const SYSTEM_ACTOR = 'SYSTEM';

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
