import type { MembershipGraph } from '../../domain/membership/index.js';

/** Who holds one of two rights on a target directly: side 1 or 2. */
export interface RightHolder {
  target: number;
  side: 1 | 2;
  principal: number;
}

/**
 * Principals that hold both rights on a target once MemberOf is expanded (BloodHound's
 * `CalculateCrossProductNodeSets`), as (start = principal, end = target) pairs. Each side is walked down from its
 * holders over every MemberOf edge; a principal in both walks qualifies. Only the outermost qualifying principals get
 * an edge: one below a qualifying group outside its own nesting cycle gets none (it reaches the target through that
 * group), unless it holds one of the rights itself. The walks cost what they visit; nothing is expanded per member.
 */
export function crossProduct(memberOf: MembershipGraph, holders: RightHolder[]): { starts: number[]; ends: number[] } {
  const graph = memberOf.everyHop();
  const starts: number[] = [];
  const ends: number[] = [];
  for (const target of new Set(holders.map((h) => h.target))) {
    const direct = holders.filter((h) => h.target === target);
    const side = (n: 1 | 2) => direct.filter((h) => h.side === n).map((h) => h.principal);
    const [one, two] = [side(1), side(2)];
    const granted = graph.below(one.map((id) => graph.indexOf(id)).filter((i) => i >= 0))
      .and(graph.below(two.map((id) => graph.indexOf(id)).filter((i) => i >= 0)));
    const holds = new Set(direct.map((h) => h.principal));
    const above = graph.strictlyBelow(granted);
    granted.forEach((i) => {
      if (holds.has(graph.ids[i]) || !above[graph.componentOf(i)]) {
        starts.push(graph.ids[i]);
        ends.push(target);
      }
    });
    // A holder with no MemberOf edge at all is outside the graph: it qualifies by holding both rights itself.
    for (const id of new Set(one)) {
      if (graph.indexOf(id) < 0 && two.includes(id)) {
        starts.push(id);
        ends.push(target);
      }
    }
  }
  return { starts, ends };
}

/**
 * BloodHound's cross product when all but one set are shared by many targets (CanReanimateTombstone: who may
 * reanimate in a domain and create children in it, against who may rename each object): the principals below every
 * shared set are found once (`qualifying`), each with the nodes it counts for (itself and its groups, over every
 * MemberOf hop), so a target costs what its own holders cover, not a walk of the graph. Memory follows the qualifying
 * principals (usually a few administrators) and the groups above them, not the directory.
 */
export class SharedRightsProduct {
  /** For each node id, the qualifying principals at or below it. */
  private readonly cover = new Map<number, number[]>();
  /** For each qualifying principal, the qualifying nodes above it outside its own nesting component. */
  private readonly above = new Map<number, number[]>();

  /** `shared`: per shared set, the node ids holding it directly. */
  constructor(memberOf: MembershipGraph, shared: number[][]) {
    const graph = memberOf.everyHop();
    const inside = shared.map((ids) => graph.below(ids.map((id) => graph.indexOf(id)).filter((i) => i >= 0)));
    const qualifying = inside.reduce((all, set) => all.and(set));
    qualifying.forEach((p) => {
      const id = graph.ids[p];
      const component = graph.componentOf(p);
      const reached = graph.above(p);
      this.above.set(id, reached.filter((g) => qualifying.has(g) && graph.componentOf(g) !== component).map((g) => graph.ids[g]));
      for (const g of reached) this.coverOf(graph.ids[g]).push(id);
    });
    // A holder outside the MemberOf graph (no principal kind, no MemberOf edge) counts for itself alone.
    const outside = shared.map((ids) => new Set(ids.filter((id) => graph.indexOf(id) < 0)));
    for (const id of outside[0] ?? []) {
      if (!outside.every((set) => set.has(id))) continue;
      this.coverOf(id).push(id);
      this.above.set(id, []);
    }
  }

  /** No principal holds every shared set: no target can get an edge. */
  get isEmpty(): boolean {
    return this.above.size === 0;
  }

  /**
   * The principals that hold the shared sets and the target's own right (held directly by `holders`), outermost
   * only: one below a qualifying group outside its nesting cycle is left out unless it holds the right itself (the
   * reference keeps the first set's direct holders).
   */
  grantedBy(holders: readonly number[]): number[] {
    const granted = new Set<number>();
    for (const holder of holders) for (const p of this.cover.get(holder) ?? []) granted.add(p);
    const direct = new Set(holders);
    return [...granted].filter((p) => direct.has(p) || !this.above.get(p)!.some((g) => granted.has(g)));
  }

  private coverOf(id: number): number[] {
    let list = this.cover.get(id);
    if (!list) this.cover.set(id, (list = []));
    return list;
  }
}
