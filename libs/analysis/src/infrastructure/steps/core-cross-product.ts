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
