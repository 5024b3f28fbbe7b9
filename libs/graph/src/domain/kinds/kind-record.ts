/** Where a kind comes from: the AD or the Azure schema, or neither (tag kinds, the migration marker). */
export type KindSource = 'AD' | 'Azure' | 'Common';

/**
 * How an edge kind stands to ACEs (BloodHound's ACLRelationships): `right` when an ACE's RightName names it (the
 * ingest ACE converter accepts exactly these), `derived` when it is derived from other rights (by the converter:
 * OWNER RIGHTS restricting Owns/WriteOwner; by analysis: CanReanimateTombstone, CanUseBadSuccessor); null for an
 * edge that is not an ACL edge of its own.
 */
export type AclRole = 'right' | 'derived';

/** One kind and everything the lists of kinds say about it. */
export interface KindRecord {
  readonly name: string;
  readonly element: 'node' | 'edge';
  readonly source: KindSource;
  /** Attack paths cross it: its source's shortcut (AD_ATTACK_PATHS, AZ_ATTACK_PATHS) and shortest paths take it. */
  readonly traversable: boolean;
  readonly acl: AclRole | null;
  /** Analysis owns it: every edge of the kind is deleted and recomputed on each run (ingest-reference §5 step 4). */
  readonly postProcessed: boolean;
}

/** An edge kind's flags; what is left out is false (or null). */
export interface EdgeFlags {
  traversable?: boolean;
  acl?: AclRole;
  postProcessed?: boolean;
}

export function nodeKind(name: string, source: KindSource): KindRecord {
  return { name, element: 'node', source, traversable: false, acl: null, postProcessed: false };
}

export function edgeKind(name: string, source: KindSource, flags: EdgeFlags = {}): KindRecord {
  return {
    name, element: 'edge', source,
    traversable: flags.traversable ?? false, acl: flags.acl ?? null, postProcessed: flags.postProcessed ?? false,
  };
}

/** The record of a tag kind (`Tag_<name>`: zones and labels): a node kind of neither schema. */
export function tagKind(name: string): KindRecord {
  return nodeKind(name, 'Common');
}

export function sameRecord(a: KindRecord, b: KindRecord): boolean {
  return a.name === b.name && a.element === b.element && a.source === b.source && a.traversable === b.traversable &&
    a.acl === b.acl && a.postProcessed === b.postProcessed;
}
