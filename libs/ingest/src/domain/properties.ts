import type { Properties } from '@app/graph';

/**
 * Node properties the service owns: never taken from a file (ingest must not make a node Tier Zero, rename its
 * identity or fake its timestamps). Tag kinds (`Tag_*`) are refused as kinds by the converters likewise.
 */
export const SERVICE_OWNED_PROPERTIES: ReadonlySet<string> = new Set([
  'system_tags', 'user_tags', 'objectid', 'lastseen', 'lastcollected', 'primarykind', 'reconcile',
]);

/**
 * A collector's property map made safe to store: names lower-cased, service-owned names dropped, NUL characters
 * removed from strings (PostgreSQL jsonb refuses them), values kept only when they are scalars or arrays of
 * scalars. Implemented with the SharpHound converters.
 */
export function cleanProperties(raw: unknown): Properties {
  void raw;
  throw new Error('cleanProperties: not implemented yet');
}
