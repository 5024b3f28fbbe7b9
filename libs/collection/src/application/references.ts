import { Injectable } from '@nestjs/common';
import { DirectoryObjects, type DirectoryObject } from './ports.js';

/** How OUs and domains of events and jobs are shown: hydrated references or bare objectids. */
export interface Hydration {
  ous: boolean;
  domains: boolean;
}

export const HYDRATE_ALL: Hydration = { ous: true, domains: true };

/** The query parameters that choose hydration: never filters (list specs reserve them). */
export const HYDRATION_PARAMS = ['hydrate_ous', 'hydrate_domains'] as const;

/** The objects a page names, looked up once for the whole page (never per row). */
export type ObjectLookup = ReadonlyMap<string, DirectoryObject>;

/**
 * Resolves every OU and domain objectid of a page in one graph query, or none when hydration is off for both.
 */
@Injectable()
export class References {
  constructor(private readonly objects: DirectoryObjects) {}

  async lookup(records: { ous: string[]; domains: string[] }[], hydration: Hydration): Promise<ObjectLookup> {
    const ids = new Set<string>();
    for (const record of records) {
      if (hydration.ous) for (const id of record.ous) ids.add(id);
      if (hydration.domains) for (const id of record.domains) ids.add(id);
    }
    if (ids.size === 0) return new Map();
    return this.objects.find([...ids]);
  }
}
