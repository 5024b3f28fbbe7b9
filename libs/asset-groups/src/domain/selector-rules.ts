// The rules a selector's fields obey (agt-wire §3, the reference's check order). They answer what is wrong, not how
// to say it: the application turns a violation into its wire message.
import { TagType, type Tag } from './tag.js';
import { MAX_SEED_VALUE_LENGTH, MAX_SEEDS, SeedType, type Selector, type SelectorPatch } from './selector.js';

export type SeedViolation =
  | { rule: 'required' }
  | { rule: 'tooMany'; max: number }
  | { rule: 'invalidType'; type: unknown }
  | { rule: 'mixedTypes' }
  | { rule: 'emptyValue' }
  | { rule: 'valueTooLong'; max: number };

/** Seeds as sent: present, at most MAX_SEEDS, all of one known type, values non-empty and bounded. */
export function seedViolation(seeds: readonly { type: unknown; value: unknown }[] | undefined): SeedViolation | null {
  if (!seeds || seeds.length === 0) return { rule: 'required' };
  if (seeds.length > MAX_SEEDS) return { rule: 'tooMany', max: MAX_SEEDS };
  const first = seeds[0].type;
  if (first !== SeedType.ObjectId && first !== SeedType.Cypher) return { rule: 'invalidType', type: first };
  if (seeds.some((seed) => seed.type !== first)) return { rule: 'mixedTypes' };
  for (const { value } of seeds) {
    if (typeof value !== 'string' || value.trim() === '') return { rule: 'emptyValue' };
    if (value.length > MAX_SEED_VALUE_LENGTH) return { rule: 'valueTooLong', max: MAX_SEED_VALUE_LENGTH };
  }
  return null;
}

export type AutoCertifyViolation = { rule: 'outOfRange' } | { rule: 'onlyTiers' };

/** auto_certify is 0, 1 or 2, and only zones (tiers) may certify automatically. */
export function autoCertifyViolation(tag: Pick<Tag, 'type'>, value: number | undefined): AutoCertifyViolation | null {
  if (value === undefined) return null;
  if (tag.type !== TagType.Tier && value !== 0) return { rule: 'onlyTiers' };
  if (!Number.isInteger(value) || value < 0 || value > 2) return { rule: 'outOfRange' };
  return null;
}

/** A selector that does not allow it cannot be disabled. */
export function refusesDisable(selector: Pick<Selector, 'allowDisable'>, patch: SelectorPatch): boolean {
  return patch.disabled === true && !selector.allowDisable;
}

/** A default (seeded) selector only changes auto_certify and its disabled state. */
export function refusesContentChange(selector: Pick<Selector, 'isDefault'>, patch: SelectorPatch): boolean {
  return selector.isDefault && (patch.name !== undefined || patch.description !== undefined || patch.seeds !== undefined);
}
