/**
 * What a newer collection no longer reports, as rules over the graph (issue 18). Ingest stamps `lastseen` on every
 * edge it writes and `lastcollected` on every object it writes; a collection that started at `since` therefore
 * refreshed everything it reported, and whatever in its scope still carries an older stamp was not reported.
 *
 * Only what the collection covered is touched: objects of the kinds it enumerated in the domains (tenants) it
 * covered, and edges of the kinds its collection methods report, where the object whose record lists them (the
 * edge's "owner") was itself reported. Stubs (endpoints never collected as objects) carry no `lastcollected` and are
 * never removed as objects.
 */
export interface ReconcilePlan {
  /** RFC 3339 instant at or before the first write of the collection. */
  since: string;
  /** Edge rules, applied in order before the object rules. */
  edges: EdgeRule[];
  objects: ObjectRule[];
}

/** Where an object belongs: its domain (AD, `domainsid`) or tenant (Azure, `tenantid`). */
export interface Scope {
  property: 'domainsid' | 'tenantid';
  values: string[];
}

/** Objects with one of `kinds` in the scope, collected before `since`, leave the graph (with their edges). */
export interface ObjectRule {
  kinds: string[];
  scope: Scope;
}

/**
 * Edges of `kinds` whose owner (the end named by `owner`) has one of `ownerKinds`, is in the scope and was collected
 * at or after `since`, and which carry a `lastseen` before `since`, leave the graph.
 */
export interface EdgeRule {
  /** A short name for logs and reports (`acl`, `sessions`, ...). */
  family: string;
  kinds: string[];
  /**
   * The end whose record lists these edges. `localGroup`: the edge's end is a local group, owned by the computer its
   * LocalToComputer edge points at (MemberOfLocalGroup).
   */
  owner: 'start' | 'end' | 'localGroup';
  ownerKinds: string[];
  scope: Scope;
  /** Only edges whose `isprimarygroup` property is this (a group's members vs. an account's primary group). */
  primaryGroup?: boolean;
  /** Owners whose list the collector could not read (objectids): their edges stay. */
  exceptOwners?: string[];
}

/** What a reconciliation removed. */
export interface ReconcileReport {
  edges: number;
  objects: number;
  /** Edges removed per rule family. */
  byFamily: Record<string, number>;
}

export function isEmptyPlan(plan: ReconcilePlan): boolean {
  return plan.edges.length === 0 && plan.objects.length === 0;
}
