/** Selectors choose a tag's members: seeds by objectid or by Cypher, evaluated against the graph. */
export const SeedType = {
  ObjectId: 1,
  Cypher: 2,
} as const;
export type SeedType = (typeof SeedType)[keyof typeof SeedType];

/** How a selector's members are certified automatically: 0 never, 1 its seeds only, 2 every member. */
export const AutoCertify = {
  Disabled: 0,
  SeedsOnly: 1,
  AllMembers: 2,
} as const;
export type AutoCertify = (typeof AutoCertify)[keyof typeof AutoCertify];

/** Why a node is a member: selected by a seed itself, or reached by expansion (group members, containers above). */
export const MemberSource = {
  Seed: 1,
  Child: 2,
  Parent: 3,
} as const;
export type MemberSource = (typeof MemberSource)[keyof typeof MemberSource];

export interface Seed {
  type: SeedType;
  value: string;
}

export interface Selector {
  id: number;
  tagId: number;
  name: string;
  description: string;
  autoCertify: AutoCertify;
  isDefault: boolean;
  allowDisable: boolean;
  disabledAt: Date | null;
  disabledBy: string | null;
  createdAt: Date;
  createdBy: string;
  updatedAt: Date;
  updatedBy: string;
  seeds: (Seed & { id: number })[];
  /** The last evaluation's failure, null when it succeeded (or never ran). */
  lastError: string | null;
  lastEvaluatedAt: Date | null;
}

/** Seeds of one selector: at most this many, each value at most this long (a page of objectids, or one query). */
export const MAX_SEEDS = 1000;
export const MAX_SEED_VALUE_LENGTH = 4096;
/** The selector name column is varchar(250). */
export const MAX_SELECTOR_NAME_LENGTH = 250;

/** What a new selector is made of (its tag and author are given separately). */
export interface SelectorDraft {
  name: string;
  description: string;
  autoCertify: AutoCertify;
  seeds: Seed[];
}

/** A change to a selector: absent fields stay as they are; `disabled` sets or clears disabled_at. */
export interface SelectorPatch {
  name?: string;
  description?: string;
  autoCertify?: AutoCertify;
  disabled?: boolean;
  seeds?: Seed[];
}

/** Whether a member row is certified automatically when it first appears (1 = seeds only, 2 = every member). */
export function certifiesAutomatically(autoCertify: AutoCertify, source: MemberSource): boolean {
  return autoCertify === AutoCertify.AllMembers || (autoCertify === AutoCertify.SeedsOnly && source === MemberSource.Seed);
}
