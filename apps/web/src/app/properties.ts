// A node's properties as text for the panel: sorted, epoch-second dates made readable, lists joined. Values are
// attacker-controlled and stay text (React escapes them).

/** Properties collectors write as epoch seconds (0 or -1: never). */
const EPOCH_SECONDS = new Set(['whencreated', 'lastlogon', 'lastlogontimestamp', 'pwdlastset', 'lastcollected_epoch']);

export function formatProperty(key: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && EPOCH_SECONDS.has(key.toLowerCase())) {
    if (value <= 0) return 'Never';
    const date = new Date(value * 1000);
    return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().replace('.000Z', 'Z');
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
  return JSON.stringify(value);
}

/** [key, text] pairs sorted by key (case-insensitive). */
export function propertyRows(properties: Readonly<Record<string, unknown>>): [string, string][] {
  return Object.keys(properties)
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
    .map((key) => [key, formatProperty(key, properties[key])]);
}
