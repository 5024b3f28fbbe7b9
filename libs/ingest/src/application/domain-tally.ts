import type { CollectorType, DomainCounts } from '../domain/collector-types.js';
import { storableText } from '../domain/properties.js';

/** The DomainCounts column each file type counts into; the other types (domains, sessions, ...) count nowhere. */
const COUNTER: Partial<Record<CollectorType, keyof DomainCounts>> = {
  users: 'user_count',
  groups: 'group_count',
  computers: 'computer_count',
  gpos: 'gpo_count',
  ous: 'ou_count',
  containers: 'container_count',
  aiacas: 'aiaca_count',
  rootcas: 'rootca_count',
  enterprisecas: 'enterpriseca_count',
  ntauthstores: 'ntauthstore_count',
  certtemplates: 'certtemplate_count',
};

export function emptyDomainCounts(): DomainCounts {
  return {
    user_count: 0, group_count: 0, computer_count: 0, gpo_count: 0, ou_count: 0, container_count: 0,
    aiaca_count: 0, rootca_count: 0, enterpriseca_count: 0, ntauthstore_count: 0, certtemplate_count: 0,
    deleted_count: 0,
  };
}

/** Longest domain name kept; longer ones are cut (no real domain name comes close). */
export const MAX_DOMAIN_NAME_CHARS = 255;

function domainName(raw: string): string {
  const name = storableText(raw).trim().toUpperCase();
  return name.length > MAX_DOMAIN_NAME_CHARS ? name.slice(0, MAX_DOMAIN_NAME_CHARS).toWellFormed() : name;
}

/**
 * Counts a file's objects per domain (the object's `Properties.domain`, upper-cased) for the collection domain
 * results. Objects without a domain (AzureHound records, stubs) are not counted. Names are stored: made storable
 * (`storableText`) and the length capped (a DNS name is at most 253 characters), so a bad value cannot fail the
 * results' write.
 */
export class DomainTally {
  readonly domains: Record<string, DomainCounts> = {};
  private readonly counter: keyof DomainCounts | undefined;

  constructor(type: CollectorType) {
    this.counter = COUNTER[type];
  }

  add(object: unknown): void {
    if (typeof object !== 'object' || object === null) return;
    const { Properties: properties, IsDeleted: deleted } = object as { Properties?: unknown; IsDeleted?: unknown };
    const domain = typeof properties === 'object' && properties !== null
      ? (properties as { domain?: unknown }).domain
      : undefined;
    const name = typeof domain === 'string' ? domainName(domain) : '';
    if (name === '') return;
    const counts = (this.domains[name] ??= emptyDomainCounts());
    if (deleted === true) counts.deleted_count++;
    else if (this.counter) counts[this.counter]++;
  }
}
