/** Wire wrappers (spec §2.1): when `valid` is false the value holds the zero value. */
export interface NullTime { time: string; valid: boolean }
export interface NullString { string: string; valid: boolean }
export interface NullInt32 { int32: number; valid: boolean }
export interface NullInt64 { int64: number; valid: boolean }
export interface NullBool { bool: boolean; valid: boolean }
export interface NullUUID { uuid: string; valid: boolean }

export const ZERO_TIME = '0001-01-01T00:00:00Z';
export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/** RFC 3339 in UTC ("Z"); the zero time for a missing value. */
export function timestamp(value: Date | null | undefined): string {
  return value ? value.toISOString() : ZERO_TIME;
}

/**
 * Every wrapper these functions make, with the plain value it stands for: with WIRE_FORMAT=bloodhound the
 * response writer (wire-format.ts) puts that value (or null) in its place. Weak: a wrapper is forgotten with its
 * response.
 */
const PLAIN_VALUES = new WeakMap<object, unknown>();

function wrapper<T extends { valid: boolean }>(wire: T, plain: unknown): T {
  PLAIN_VALUES.set(wire, wire.valid ? plain : null);
  return wire;
}

/** Keys the reference's server writes under another name, by the object that carries them. */
const BLOODHOUND_KEYS = new WeakMap<object, Readonly<Record<string, string>>>();

/**
 * Marks `wire`'s keys that BloodHound's server writes under another name (`{selectors: 'Selectors'}`: a field of
 * its model without a JSON tag); WIRE_FORMAT=bloodhound writes them so. Returns `wire`.
 */
export function bloodhoundKeys<T extends object>(wire: T, renames: Readonly<Partial<Record<keyof T, string>>>): T {
  BLOODHOUND_KEYS.set(wire, renames as Record<string, string>);
  return wire;
}

/** The renames `bloodhoundKeys` recorded for this object, if any. */
export function bloodhoundKeysOf(value: object): Readonly<Record<string, string>> | undefined {
  return BLOODHOUND_KEYS.get(value);
}

/** The plain value (null when not valid) of a wrapper made here; undefined for any other value. */
export function plainValueOf(value: object): { plain: unknown } | undefined {
  return PLAIN_VALUES.has(value) ? { plain: PLAIN_VALUES.get(value) } : undefined;
}

export const nullTime = (value: Date | null | undefined): NullTime =>
  (value ? wrapper({ time: value.toISOString(), valid: true }, value.toISOString()) : wrapper({ time: ZERO_TIME, valid: false }, null));
export const nullString = (value: string | null | undefined): NullString =>
  (value === null || value === undefined ? wrapper({ string: '', valid: false }, null) : wrapper({ string: value, valid: true }, value));
export const nullInt32 = (value: number | null | undefined): NullInt32 =>
  (value === null || value === undefined ? wrapper({ int32: 0, valid: false }, null) : wrapper({ int32: value, valid: true }, value));
export const nullInt64 = (value: number | null | undefined): NullInt64 =>
  (value === null || value === undefined ? wrapper({ int64: 0, valid: false }, null) : wrapper({ int64: value, valid: true }, value));
export const nullBool = (value: boolean | null | undefined): NullBool =>
  (value === null || value === undefined ? wrapper({ bool: false, valid: false }, null) : wrapper({ bool: value, valid: true }, value));
export const nullUuid = (value: string | null | undefined): NullUUID =>
  (value === null || value === undefined ? wrapper({ uuid: ZERO_UUID, valid: false }, null) : wrapper({ uuid: value, valid: true }, value));
