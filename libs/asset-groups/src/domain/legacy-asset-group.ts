// Legacy asset groups (routes-misc D): each is a view of one tag under a name and a tag string of its own; its
// selectors are the seeds of the tag's selectors. These rules answer what is wrong, not how to say it.
import { MAX_TAG_NAME_LENGTH } from './tag.js';

export type LegacyGroupViolation = 'empty' | 'tagWhitespace' | 'nameTooLong' | 'tagTooLong' | 'nul';

/** The reference's order: name and tag present, then no whitespace in the tag; then the columns' own bounds. */
export function legacyGroupViolation(name: string, tag: string): LegacyGroupViolation | null {
  if (name.trim() === '' || tag.trim() === '') return 'empty';
  if (/\s/.test(tag)) return 'tagWhitespace';
  if (name.length > MAX_TAG_NAME_LENGTH) return 'nameTooLong';
  if (tag.length > MAX_TAG_NAME_LENGTH) return 'tagTooLong';
  if (name.includes('\u0000') || tag.includes('\u0000')) return 'nul';
  return null;
}

/**
 * The name of the label a new legacy group is a view of: its tag string with every character a tag name cannot
 * hold (anything but letters, digits and underscores: the tag string has no spaces) as `_`. Two tag strings that
 * differ only there (`a-b`, `a.b`) would share a label, so the second is refused as a duplicate tag.
 */
export function labelNameOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_]/g, '_');
}

/** One entry of PUT /api/v2/asset-groups/{id}/selectors. */
export interface SelectorSpec {
  selectorName: string;
  /** The object id the selector selects (the reference's `sid`). */
  objectId: string;
  action: 'add' | 'remove';
}
