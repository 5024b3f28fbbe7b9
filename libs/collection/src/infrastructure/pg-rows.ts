import { joinSql, raw, sql, type Row, type Sql } from '@app/platform';
import { COLLECTION_FLAG_FIELDS, type CollectionFlags } from '../domain/collection.js';
import { DOMAIN_RESULT_COUNTS, type DomainResultCount } from '../domain/records.js';

/** The collection flag columns an event or job carries, in the spec's order (all_trusted_domains last). */
export const FLAG_COLUMNS = [...COLLECTION_FLAG_FIELDS.map(([column]) => column), 'all_trusted_domains'] as const;

/** The collection flags of an event or job row. */
export function flagsOf(row: Row): CollectionFlags {
  const flags = Object.fromEntries(COLLECTION_FLAG_FIELDS.map(([column, field]) => [field, row[column] === true]));
  return { ...(flags as Omit<CollectionFlags, 'allTrustedDomains'>), allTrustedDomains: row.all_trusted_domains === true };
}

/** The count columns of a domain result. */
export const COUNT_COLUMNS = raw(DOMAIN_RESULT_COUNTS.join(', '));

/** One integer[] parameter per count column, holding that count of every item (for unnest). */
export function countArrays<T>(items: T[], countOf: (item: T, count: DomainResultCount) => number): Sql {
  const arrays = DOMAIN_RESULT_COUNTS.map((count) => sql`${items.map((item) => countOf(item, count))}::integer[]`);
  return joinSql(arrays, ', ');
}
