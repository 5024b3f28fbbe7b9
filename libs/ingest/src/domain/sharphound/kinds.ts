import type { SharpHoundType } from '../collector-types.js';

/** The graph kind of each file type's objects (ingest-reference §2); `sessions` objects make no node. */
export const NODE_KIND: Readonly<Record<Exclude<SharpHoundType, 'sessions'>, string>> = {
  users: 'User', groups: 'Group', computers: 'Computer', domains: 'Domain', gpos: 'GPO', ous: 'OU',
  containers: 'Container', aiacas: 'AIACA', rootcas: 'RootCA', enterprisecas: 'EnterpriseCA',
  ntauthstores: 'NTAuthStore', certtemplates: 'CertTemplate', issuancepolicies: 'IssuancePolicy',
};

/** SharpHound `ObjectType` label names (Labels.cs) to graph kinds; lower-cased keys, matching is case-insensitive. */
const KIND_BY_OBJECT_TYPE: ReadonlyMap<string, string> = new Map([
  ['user', 'User'], ['computer', 'Computer'], ['group', 'Group'], ['localgroup', 'ADLocalGroup'],
  ['adlocalgroup', 'ADLocalGroup'], ['localuser', 'ADLocalUser'], ['adlocaluser', 'ADLocalUser'], ['gpo', 'GPO'],
  ['domain', 'Domain'], ['ou', 'OU'], ['container', 'Container'], ['certtemplate', 'CertTemplate'],
  ['rootca', 'RootCA'], ['aiaca', 'AIACA'], ['enterpriseca', 'EnterpriseCA'], ['ntauthstore', 'NTAuthStore'],
  ['issuancepolicy', 'IssuancePolicy'],
]);

export const BASE = 'Base';

/**
 * The kinds a stub node gets when an edge names an object not ingested yet: `Base` plus the kind of its ObjectType.
 * `Base`, `Configuration` and anything unknown give `Base` alone (the graph has no such kinds).
 */
export function stubKinds(objectType: unknown): string[] {
  const kind = typeof objectType === 'string' ? KIND_BY_OBJECT_TYPE.get(objectType.toLowerCase()) : undefined;
  return kind === undefined ? [BASE] : [BASE, kind];
}

export function kindsOf(kind: string): string[] {
  return [BASE, kind];
}
