/**
 * Collector file types (ingest-reference §1): the 13 SharpHound data types, the `sessions` file, and AzureHound's
 * `azure`. Anything else in `meta.type` is refused with a per-file error.
 */
export const SHARPHOUND_TYPES = [
  'users', 'groups', 'computers', 'domains', 'gpos', 'ous', 'containers', 'rootcas', 'aiacas', 'ntauthstores',
  'enterprisecas', 'certtemplates', 'issuancepolicies', 'sessions',
] as const;
export type SharpHoundType = (typeof SHARPHOUND_TYPES)[number];
export type CollectorType = SharpHoundType | 'azure';

export function isCollectorType(value: unknown): value is CollectorType {
  return value === 'azure' || (SHARPHOUND_TYPES as readonly unknown[]).includes(value);
}

/** What a file's `meta` says (`count` is ignored: it is not reliable, ingest-reference §1). */
export interface CollectorFileMeta {
  type: CollectorType;
  /** Output schema version (5 or 6 for SharpHound; AzureHound writes 5); 0 when absent. */
  version: number;
  /** Collection-method bit set; 0 when absent. */
  methods: number;
}

/** A file that cannot be ingested; the message is shown per file (completed tasks, CLI summary). */
export class CollectorFileError extends Error {}

/** Objects ingested per domain, by the collection domain-result counters (collection_domain_results columns). */
export interface DomainCounts {
  user_count: number;
  group_count: number;
  computer_count: number;
  gpo_count: number;
  ou_count: number;
  container_count: number;
  aiaca_count: number;
  rootca_count: number;
  enterpriseca_count: number;
  ntauthstore_count: number;
  certtemplate_count: number;
  deleted_count: number;
}
