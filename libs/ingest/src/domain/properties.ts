import type { Properties } from '@app/graph';

/**
 * Node properties the service owns: never taken from a file (ingest must not make a node Tier Zero, rename its
 * identity or fake its timestamps). Tag kinds (`Tag_*`) are refused as kinds by the converters likewise.
 */
export const SERVICE_OWNED_PROPERTIES: ReadonlySet<string> = new Set([
  'system_tags', 'user_tags', 'objectid', 'lastseen', 'lastcollected', 'primarykind', 'reconcile',
]);

type Scalar = string | number | boolean;

/**
 * A collector's property map made safe to store: names lower-cased, service-owned names dropped, names and strings
 * made storable (`storableText`), values kept only when they are scalars or arrays of scalars. Nulls are dropped
 * too: for a collector null means "not known", while a null in a graph write removes the stored property.
 */
export function cleanProperties(raw: unknown): Properties {
  const clean: Properties = {};
  if (!isPlainObject(raw)) return clean;
  for (const [key, value] of Object.entries(raw)) {
    const name = storableText(key).toLowerCase();
    if (name === '' || SERVICE_OWNED_PROPERTIES.has(name)) continue;
    const safe = cleanValue(value);
    if (safe !== undefined) clean[name] = safe;
  }
  return clean;
}

function cleanValue(value: unknown): Scalar | Scalar[] | undefined {
  if (Array.isArray(value)) {
    const items: Scalar[] = [];
    for (const item of value) {
      const scalar = cleanScalar(item);
      if (scalar === undefined) return undefined;
      items.push(scalar);
    }
    return items;
  }
  return cleanScalar(value);
}

function cleanScalar(value: unknown): Scalar | undefined {
  if (typeof value === 'string') return storableText(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return undefined;
}

/**
 * The text as PostgreSQL can store it: NUL characters removed (text and jsonb refuse them) and lone surrogates (a
 * `\uD800` escape without its pair) replaced by U+FFFD (jsonb refuses them), as the reference's Go decoder reads them.
 */
export function storableText(text: string): string {
  const clean = text.includes('\0') ? text.replaceAll('\0', '') : text;
  return clean.isWellFormed() ? clean : clean.toWellFormed();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
