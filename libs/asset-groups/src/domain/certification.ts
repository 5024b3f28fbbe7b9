import type { MemberSource } from './selector.js';

/** Certification of a tag member (compat part 2 §7): the state of one selector record of a node. */
export const CertificationState = {
  Pending: 0,
  Revoked: 1,
  Manual: 2,
  Automatic: 3,
} as const;
export type CertificationState = (typeof CertificationState)[keyof typeof CertificationState];

/** The `action` of POST /api/v2/asset-group-tags/certifications. */
export const CertificationAction = {
  Revoke: 1,
  Certify: 2,
} as const;
export type CertificationAction = (typeof CertificationAction)[keyof typeof CertificationAction];

export const CERTIFICATION_ACTIONS: readonly number[] = Object.values(CertificationAction);

/** Longest note a certification may carry (characters); the reference sets no limit, an unbounded text is a risk. */
export const CERTIFICATION_NOTE_MAX_LENGTH = 2000;

/** Most members one certification request may name: one request locks and logs every record of each. */
export const MAX_CERTIFIED_MEMBERS = 10_000;

/** The state an action leaves a member in. */
export function stateOf(action: CertificationAction): CertificationState {
  return action === CertificationAction.Certify ? CertificationState.Manual : CertificationState.Revoked;
}

/** One selector record of a member: the (selector, node) membership row and its certification. */
export interface SelectorRecord {
  tagId: number;
  selectorId: number;
  /** Graph node id (decimal string: ids are int64). */
  nodeId: string;
  source: MemberSource;
  /** A seeded default selector (the Tier Zero rules). */
  isDefault: boolean;
  certified: CertificationState;
}

/** A record whose state a certification request changes. */
export interface CertificationChange {
  tagId: number;
  selectorId: number;
  nodeId: string;
  certified: CertificationState;
}

/**
 * Orders a member's records within one tag, highest priority first: the record a member is certified through.
 * A seed selection outranks expansion (source 1 before 2 before 3), the seeded default selectors outrank
 * user-made ones, and the older selector (lower id) outranks the newer, so the choice is total and stable.
 */
export function compareRecordPriority(a: SelectorRecord, b: SelectorRecord): number {
  if (a.source !== b.source) return a.source - b.source;
  if (a.isDefault !== b.isDefault) return a.isDefault ? -1 : 1;
  return a.selectorId - b.selectorId;
}

/**
 * The changes one certification action makes (compat part 2 §9), per member node and tag: the highest-priority
 * record takes the action's state and the node's other records in that tag go back to pending. A record already
 * in the target state, or certified automatically, is left alone; so are records of other tags and other nodes.
 */
export function planCertification(records: readonly SelectorRecord[], action: CertificationAction): CertificationChange[] {
  const target = stateOf(action);
  const groups = new Map<string, SelectorRecord[]>();
  for (const record of records) {
    const key = `${record.tagId}:${record.nodeId}`;
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  const changes: CertificationChange[] = [];
  for (const group of groups.values()) {
    const [primary, ...others] = [...group].sort(compareRecordPriority);
    if (primary.certified !== target && primary.certified !== CertificationState.Automatic) {
      changes.push(changeOf(primary, target));
    }
    for (const other of others) {
      if (other.certified === CertificationState.Revoked || other.certified === CertificationState.Manual) {
        changes.push(changeOf(other, CertificationState.Pending));
      }
    }
  }
  return changes;
}

function changeOf(record: SelectorRecord, certified: CertificationState): CertificationChange {
  return { tagId: record.tagId, selectorId: record.selectorId, nodeId: record.nodeId, certified };
}
