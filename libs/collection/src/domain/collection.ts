/** What one collection run gathers: the flags of an event, copied onto each job it schedules. */
export interface CollectionFlags {
  sessionCollection: boolean;
  localGroupCollection: boolean;
  adStructureCollection: boolean;
  certServicesCollection: boolean;
  caRegistryCollection: boolean;
  dcRegistryCollection: boolean;
  allTrustedDomains: boolean;
}

/** Where a run collects: OU or domain objectids (at most one of ous / domains / all_trusted_domains is used). */
export interface CollectionScope {
  ous: string[];
  domains: string[];
}

/** The wire names of the collection flags, in the spec's order. */
export const COLLECTION_FLAG_FIELDS = [
  ['session_collection', 'sessionCollection'],
  ['local_group_collection', 'localGroupCollection'],
  ['ad_structure_collection', 'adStructureCollection'],
  ['cert_services_collection', 'certServicesCollection'],
  ['ca_registry_collection', 'caRegistryCollection'],
  ['dc_registry_collection', 'dcRegistryCollection'],
] as const satisfies readonly (readonly [string, keyof CollectionFlags])[];

export const NO_COLLECTION: CollectionFlags = {
  sessionCollection: false, localGroupCollection: false, adStructureCollection: false, certServicesCollection: false,
  caRegistryCollection: false, dcRegistryCollection: false, allTrustedDomains: false,
};

/** At least one data-collection flag (all_trusted_domains is scope, not data). */
export const collectsSomething = (flags: CollectionFlags): boolean =>
  COLLECTION_FLAG_FIELDS.some(([, field]) => flags[field]);

/** At most one of OUs, domains and all trusted domains; none means the client's own domain. */
export const scopeIsSingle = (flags: CollectionFlags, scope: CollectionScope): boolean =>
  [scope.ous.length > 0, scope.domains.length > 0, flags.allTrustedDomains].filter(Boolean).length <= 1;
