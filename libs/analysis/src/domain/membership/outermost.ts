import type { MembershipGraph } from './membership-graph.js';
import type { NodeSet } from './node-set.js';

/**
 * Which principals of a qualifying set keep an edge when only the outermost ones get it (BloodHound keeps the group
 * rather than its members): a principal is left out when another qualifying principal counts for it, unless they
 * count for each other and it has the lower node id. Sets are dense indexes of one MembershipGraph, whose index
 * order is node id order.
 */

/** "Counts for" is group membership alone (o is one of p's groups). */
export function outermostMembers(graph: MembershipGraph, qualifying: NodeSet): number[] {
  const above = graph.strictlyBelow(qualifying);
  const kept: number[] = [];
  qualifying.forEach((p) => {
    const c = graph.componentOf(p);
    if (!above[c] && firstQualifying(graph, qualifying, c) === p) kept.push(p);
  });
  return kept;
}

/**
 * The special groups that count for principals besides their own groups (Authenticated Users and Everyone): those
 * of each principal's domain, and those of the domain the edge points to, which count for every principal.
 */
export interface SpecialGroups {
  /** Each special group, the principals of its domain (it counts for them) and the groups it reaches. */
  specials: { index: number; principals: NodeSet; up: number[]; upSet: NodeSet }[];
  /** The groups the target domain's special groups reach (they count for every principal). */
  domainUp: NodeSet;
  /** Every group some special group reaches: the only principals another principal can count for mutually. */
  reachedBySpecials: NodeSet;
}

/** "Counts for" is membership, or being reached by a special group that counts for the principal. */
export function outermostForDomain(graph: MembershipGraph, qualifying: NodeSet, groups: SpecialGroups): number[] {
  const above = graph.strictlyBelow(qualifying);
  const hit = (set: NodeSet) => { let any = false; qualifying.forEach((i) => { if (set.has(i)) any = true; }); return any; };
  const specialHit = groups.specials.map((s) => hit(s.upSet));
  const domainHit = hit(groups.domainUp);
  const kept: number[] = [];
  qualifying.forEach((p) => {
    if (groups.reachedBySpecials.has(p)) {
      if (keepsMutually(graph, qualifying, groups, p)) kept.push(p);
      return;
    }
    // Below every special group: whatever counts for p through one does not count back; nor does a group above
    // p's nesting component.
    if (domainHit || above[graph.componentOf(p)]) return;
    if (groups.specials.some((s, k) => specialHit[k] && s.principals.has(p))) return;
    if (firstQualifying(graph, qualifying, graph.componentOf(p)) === p) kept.push(p);
  });
  return kept;
}

function firstQualifying(graph: MembershipGraph, qualifying: NodeSet, component: number): number {
  for (const i of graph.componentMembers(component)) if (qualifying.has(i)) return i;
  return -1;
}

/** The counting set of p (its groups, its domain's special groups' groups, the target domain's). */
function countingSet(graph: MembershipGraph, groups: SpecialGroups, p: number): Set<number> {
  const counting = new Set(graph.above(p));
  for (const s of groups.specials) if (s.principals.has(p)) for (const g of s.up) counting.add(g);
  groups.domainUp.forEach((g) => counting.add(g));
  counting.delete(p);
  return counting;
}

/** p, reached by special groups, is kept when every qualifying principal counting for it counts back and is higher. */
function keepsMutually(graph: MembershipGraph, qualifying: NodeSet, groups: SpecialGroups, p: number): boolean {
  for (const o of countingSet(graph, groups, p)) {
    if (!qualifying.has(o)) continue;
    if (o < p || !countingSet(graph, groups, o).has(p)) return false;
  }
  return true;
}
