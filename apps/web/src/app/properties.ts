// Properties as text for the panels: sorted, times made readable (the one time format, ISO kept for a title), lists
// joined. Values are attacker-controlled and stay text (React escapes them).
import { formatDate, isoTime, plainTime } from '../api/wire-values';

/** Properties collectors write as epoch seconds (0 or -1: never). */
const EPOCH_SECONDS = new Set(['whencreated', 'lastlogon', 'lastlogontimestamp', 'pwdlastset', 'lastcollected_epoch']);
/** Properties written as RFC 3339 text. */
const TIME_TEXT = new Set(['lastseen']);

export interface PropertyRow {
  key: string;
  text: string;
  /** The time in ISO 8601 when the value is one (the text is then the readable form). */
  iso?: string;
}

export function propertyRow(key: string, value: unknown): PropertyRow {
  const name = key.toLowerCase();
  if (typeof value === 'number' && EPOCH_SECONDS.has(name)) {
    if (value <= 0) return { key, text: 'Never' };
    return timeRow(key, new Date(value * 1000), String(value));
  }
  if (typeof value === 'string' && TIME_TEXT.has(name)) return timeRow(key, plainTime(value), value);
  return { key, text: formatValue(value) };
}

function timeRow(key: string, date: Date | null, raw: string): PropertyRow {
  return date && !Number.isNaN(date.getTime()) ? { key, text: formatDate(date), iso: isoTime(date) } : { key, text: raw };
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
  return JSON.stringify(value);
}

/** The rows sorted by key (case-insensitive). */
export function propertyRows(properties: Readonly<Record<string, unknown>>): PropertyRow[] {
  return Object.keys(properties)
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
    .map((key) => propertyRow(key, properties[key]));
}
