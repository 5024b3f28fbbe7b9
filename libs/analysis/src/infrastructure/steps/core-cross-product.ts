import type { MembershipGraph, NodeSet } from '../../domain/membership/index.js';

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
      if (holds.has(graph.idOf(i)) || !above[graph.componentOf(i)]) {
        starts.push(graph.idOf(i));
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
 * reanimate in a domain and create children in it, against who may rename each object). The principals below every
 * shared set (`qualifying`, down-closed: a member of a qualifying group qualifies) are found once. A target's edges go
 * to the outermost qualifying principals below one of its own holders; those are among the first qualifying nodes a
 * walk down from each holder meets (its "tops", kept per holder), so no walk ever enters the qualifying set, and a
 * walk from a holder only crosses groups above some qualifying principal. Memory follows the holders and what
 * qualifies, not the directory's closure. (Where a group nested high in a dense directory holds both shared rights,
 * most principals qualify and the answer itself is most principals x objects; the memos then grow with it.)
 */
export class SharedRightsProduct {
  private readonly graph: MembershipGraph;
  private readonly qualifying: NodeSet;
  /** Nodes with a qualifying node at or below them: the only ones a walk down from a holder needs to cross. */
  private readonly leadsToQualifying: NodeSet;
  /** Holders outside the MemberOf graph (no principal kind, no MemberOf edge) that hold every shared set. */
  private readonly outside: Set<number>;
  private readonly tops = new Map<number, number[]>();
  private readonly dominators = new Map<number, number[]>();

  /** `shared`: per shared set, the node ids holding it directly. */
  constructor(memberOf: MembershipGraph, shared: number[][]) {
    const graph = (this.graph = memberOf.everyHop());
    this.qualifying = shared
      .map((ids) => graph.below(ids.map((id) => graph.indexOf(id)).filter((i) => i >= 0)))
      .reduce((all, set) => all.and(set));
    this.leadsToQualifying = this.qualifying.clone();
    const stack = this.qualifying.toArray();
    while (stack.length > 0) {
      for (const g of graph.parentsOf(stack.pop()!)) {
        if (this.leadsToQualifying.has(g)) continue;
        this.leadsToQualifying.add(g);
        stack.push(g);
      }
    }
    const outside = shared.map((ids) => new Set(ids.filter((id) => graph.indexOf(id) < 0)));
    this.outside = new Set([...(outside[0] ?? [])].filter((id) => outside.every((set) => set.has(id))));
  }

  /** No principal holds every shared set: no target can get an edge. */
  get isEmpty(): boolean {
    return this.qualifying.isEmpty() && this.outside.size === 0;
  }

  /**
   * The principals that hold the shared sets and the target's own right (held directly by `holders`), outermost
   * only: one below a qualifying group outside its nesting cycle is left out unless it holds the right itself (the
   * reference keeps the first set's direct holders).
   */
  grantedBy(holders: readonly number[]): number[] {
    const direct = new Set(holders);
    const candidates = new Set<number>();
    const kept: number[] = [];
    for (const holder of direct) {
      const i = this.graph.indexOf(holder);
      if (i >= 0) for (const p of this.topsOf(i)) candidates.add(p);
      else if (this.outside.has(holder)) kept.push(holder);
    }
    // A qualifying principal below a holder is dominated only by something at or below a top of some holder.
    for (const p of candidates) {
      const id = this.graph.idOf(p);
      if (direct.has(id) || !this.dominatorsOf(p).some((g) => candidates.has(g))) kept.push(id);
    }
    return kept;
  }

  /** The first qualifying nodes (with their nesting components) a walk down from `holder` meets. */
  private topsOf(holder: number): number[] {
    const known = this.tops.get(holder);
    if (known) return known;
    const graph = this.graph;
    const found = new Set<number>();
    const seen = new Set([holder]);
    const stack = [holder];
    while (stack.length > 0) {
      const x = stack.pop()!;
      if (this.qualifying.has(x)) {
        for (const y of graph.componentMembers(graph.componentOf(x))) found.add(y);
        continue;
      }
      for (const y of graph.membersOf(x)) {
        if (seen.has(y) || !this.leadsToQualifying.has(y)) continue;
        seen.add(y);
        stack.push(y);
      }
    }
    const tops = [...found];
    this.tops.set(holder, tops);
    return tops;
  }

  /** The qualifying nodes strictly above `p`, outside its component (above a node that does not qualify none does). */
  private dominatorsOf(p: number): number[] {
    const known = this.dominators.get(p);
    if (known) return known;
    const graph = this.graph;
    const component = graph.componentOf(p);
    const above: number[] = [];
    const seen = new Set([p]);
    const stack = [p];
    while (stack.length > 0) {
      for (const g of graph.parentsOf(stack.pop()!)) {
        if (seen.has(g) || !this.qualifying.has(g)) continue;
        seen.add(g);
        stack.push(g);
        if (graph.componentOf(g) !== component) above.push(g);
      }
    }
    this.dominators.set(p, above);
    return above;
  }
}
