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

export const nullTime = (value: Date | null | undefined): NullTime =>
  value ? { time: value.toISOString(), valid: true } : { time: ZERO_TIME, valid: false };
export const nullString = (value: string | null | undefined): NullString =>
  value === null || value === undefined ? { string: '', valid: false } : { string: value, valid: true };
export const nullInt32 = (value: number | null | undefined): NullInt32 =>
  value === null || value === undefined ? { int32: 0, valid: false } : { int32: value, valid: true };
export const nullInt64 = (value: number | null | undefined): NullInt64 =>
  value === null || value === undefined ? { int64: 0, valid: false } : { int64: value, valid: true };
export const nullBool = (value: boolean | null | undefined): NullBool =>
  value === null || value === undefined ? { bool: false, valid: false } : { bool: value, valid: true };
export const nullUuid = (value: string | null | undefined): NullUUID =>
  value === null || value === undefined ? { uuid: ZERO_UUID, valid: false } : { uuid: value, valid: true };
