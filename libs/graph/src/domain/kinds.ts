/**
 * The kind catalogue: one record per kind of the AD and Azure schema and of the common kinds (`kinds/`), and every
 * list of kinds, derived from the records. Kinds that appear at run time (tags) register into an application's
 * `KnownKinds`. How to add an edge kind: docs/architecture.md.
 */
import { BUILT_IN_KIND_RECORDS } from './kinds/built-in-kinds.js';
import type { KindRecord, KindSource } from './kinds/kind-record.js';

export { type AclRole, type KindRecord, type KindSource, tagKind } from './kinds/kind-record.js';
export { KnownKinds } from './kinds/known-kinds.js';
export { TAG_OWNED, TAG_TIER_ZERO } from './kinds/node-kinds.js';

const names = (records: readonly KindRecord[]): readonly string[] => records.map((record) => record.name);
const recordsOf = (element: KindRecord['element'], source: KindSource) =>
  BUILT_IN_KIND_RECORDS.filter((record) => record.element === element && record.source === source);
const AD_EDGES = recordsOf('edge', 'AD');
const AZURE_EDGES = recordsOf('edge', 'Azure');
const traversable = (records: readonly KindRecord[]) => names(records.filter((record) => record.traversable));

export const AD_NODE_KINDS = names(recordsOf('node', 'AD'));
export const AZURE_NODE_KINDS = names(recordsOf('node', 'Azure'));
/** Kinds that are not AD or Azure objects: tag kinds (privilege zones) and the migration marker. */
export const COMMON_NODE_KINDS = names(recordsOf('node', 'Common'));
export const AD_EDGE_KINDS = names(AD_EDGES);
export const AZURE_EDGE_KINDS = names(AZURE_EDGES);

/** AD edges that analysis may traverse (what AD_ATTACK_PATHS expands to). */
export const AD_PATHFINDING_EDGE_KINDS = traversable(AD_EDGES);
/** Azure edges that analysis may traverse (what AZ_ATTACK_PATHS expands to). */
export const AZURE_PATHFINDING_EDGE_KINDS = traversable(AZURE_EDGES);

/** AD edges produced from ACEs (BloodHound's ACLRelationships). */
export const AD_ACL_EDGE_KINDS = names(AD_EDGES.filter((record) => record.acl !== null));
/** ACE RightNames that become edges of the same name: what the ingest ACE converter accepts. */
export const ACE_RIGHT_EDGE_KINDS = names(AD_EDGES.filter((record) => record.acl === 'right'));
/** Edge kinds analysis owns: deleted and recomputed on every run (what its steps create). */
export const POST_PROCESSED_EDGE_KINDS = names(BUILT_IN_KIND_RECORDS.filter((record) => record.postProcessed));

/** Relationship-type shortcuts of the Cypher dialect, expanded before a query runs (on both backends). */
export const RELATIONSHIP_SHORTCUTS: Readonly<Record<string, readonly string[]>> = {
  AD_ATTACK_PATHS: AD_PATHFINDING_EDGE_KINDS,
  AZ_ATTACK_PATHS: AZURE_PATHFINDING_EDGE_KINDS,
  ALL_ATTACK_PATHS: [...AD_PATHFINDING_EDGE_KINDS, ...AZURE_PATHFINDING_EDGE_KINDS],
};

/** Every kind registered at start, so known labels always map to ids. */
export const BUILT_IN_KINDS: readonly string[] = names(BUILT_IN_KIND_RECORDS);

const KNOWN = new Set(BUILT_IN_KINDS);

/** True for a kind of the built-in AD/Azure schema (edge composition accepts any of these as `edge_type`). */
export function isKnownKind(name: string): boolean {
  return KNOWN.has(name);
}
