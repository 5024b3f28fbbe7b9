import { COLLECTION_FLAG_FIELDS, type CollectionFlags } from '../domain/collection.js';

/** A raw row as the pg driver returns it. */
export type Row = Record<string, unknown>;

/** The collection flag columns an event or job carries, in the spec's order (all_trusted_domains last). */
export const FLAG_COLUMNS = [...COLLECTION_FLAG_FIELDS.map(([column]) => column), 'all_trusted_domains'] as const;

export const date = (value: unknown): Date => (value instanceof Date ? value : new Date(value as string));
export const optionalDate = (value: unknown): Date | null => (value === null || value === undefined ? null : date(value));
export const optionalNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
export const optionalString = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** The collection flags of an event or job row. */
export function flagsOf(row: Row): CollectionFlags {
  const flags = Object.fromEntries(COLLECTION_FLAG_FIELDS.map(([column, field]) => [field, row[column] === true]));
  return { ...(flags as Omit<CollectionFlags, 'allTrustedDomains'>), allTrustedDomains: row.all_trusted_domains === true };
}
