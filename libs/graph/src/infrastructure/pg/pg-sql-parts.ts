/** SQL text the PostgreSQL graph adapters share: the graph they write, and how a write merges nodes. */

/** The one graph this service keeps (`graph` row 1); objectid look-ups name it so they use the unique index. */
export const GRAPH_ID = 1;

/** Top-level keys whose value is JSON null: a write sets them to remove the property. */
export const NULL_KEYS = (column: string) =>
  `ARRAY(SELECT key FROM jsonb_each(${column}) WHERE value = 'null'::jsonb)`;
export const HAS_NULL = (column: string) => `jsonb_path_exists(${column}, '$.* ? (@ == null)')`;

/** An upsert's kinds: the union of the stored and the written ones, sorted. */
export const MERGED_KINDS = 'ARRAY(SELECT DISTINCT k FROM unnest(node.kind_ids || excluded.kind_ids) AS k ORDER BY k)';
/** An upsert's properties: the written ones over the stored ones, less those written as null. */
export const MERGED = (table: string) =>
  `(${table}.properties || excluded.properties) - ${NULL_KEYS('excluded.properties')}`;
