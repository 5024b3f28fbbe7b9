// Reading the API's JSON without trusting its shape: loose readers (a wrong type reads as empty), and values as either
// WIRE_FORMAT writes them: spec wrappers ({time, valid}, {string, valid}, ...), the reference's plain values (or
// null), and Go's sql.NullTime ({Time, Valid}) for deleted_at. The zero time means "never".
export const ZERO_TIME_PREFIX = '0001-01-01';

/** An object as a record; anything else (null, an array, a scalar) as {}. */
export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A scalar as text; "" for null and undefined. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** The strings of an array; [] for anything else. */
export function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

type Wrapped = Record<string, unknown>;

/** The plain value of a wire value: wrappers unwrapped, an invalid wrapper as null, anything else as is. */
export function plainValue(value: unknown): unknown {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) return value ?? null;
  const wrapped = value as Wrapped;
  const validKey = 'valid' in wrapped ? 'valid' : 'Valid' in wrapped ? 'Valid' : null;
  if (validKey === null) return value;
  if (wrapped[validKey] !== true) return null;
  const key = Object.keys(wrapped).find((k) => k !== validKey);
  return key === undefined ? null : wrapped[key];
}

/** A wire string (plain, wrapped or null) as a string; "" when missing. */
export function plainString(value: unknown): string {
  const plain = plainValue(value);
  return typeof plain === 'string' ? plain : plain === null ? '' : String(plain);
}

/** A wire number (plain, wrapped or null) as a number, or null. */
export function plainNumber(value: unknown): number | null {
  const plain = plainValue(value);
  return typeof plain === 'number' && Number.isFinite(plain) ? plain : null;
}

/** A wire time as a Date; null for a missing, invalid, unparsable or zero time. */
export function plainTime(value: unknown): Date | null {
  const plain = plainValue(value);
  if (typeof plain !== 'string' || plain === '' || plain.startsWith(ZERO_TIME_PREFIX)) return null;
  const date = new Date(plain);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** One format for every time shown: local date and time, in the reader's locale (the ISO form goes in a title). */
const TIME_FORMAT = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** A date for people, in the one time format. */
export function formatDate(date: Date): string {
  return TIME_FORMAT.format(date);
}

/** A date in ISO 8601 (UTC), without the milliseconds when there are none: the exact form behind formatDate. */
export function isoTime(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}

/** Bytes for people: "532 B", "1.4 KB", "12.0 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
