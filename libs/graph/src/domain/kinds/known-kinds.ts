import { BUILT_IN_KIND_RECORDS } from './built-in-kinds.js';
import { type KindRecord, sameRecord } from './kind-record.js';

/**
 * The kinds one application knows: the built-in records and those registered at run time (asset group tags,
 * `Tag_<name>`), so "is this a known kind, and what are its flags" has one answer. An object rather than module
 * state: the application holds one (in its `KindCatalog`), each test builds its own.
 */
export class KnownKinds {
  private readonly records = new Map<string, KindRecord>();

  constructor(builtIn: readonly KindRecord[] = BUILT_IN_KIND_RECORDS) {
    for (const record of builtIn) this.records.set(record.name, record);
  }

  /** The kind's record; undefined for a kind neither built in nor registered. */
  find(name: string): KindRecord | undefined {
    return this.records.get(name);
  }

  /**
   * Adds a kind that appears at run time. The same record again changes nothing; another record under a known name
   * throws, since a kind's flags never change (a tag kind cannot become traversable by being evaluated).
   */
  register(record: KindRecord): void {
    const known = this.records.get(record.name);
    if (known === undefined) this.records.set(record.name, { ...record });
    else if (!sameRecord(known, record)) throw new Error(`kind ${record.name} is already known with other flags`);
  }
}
