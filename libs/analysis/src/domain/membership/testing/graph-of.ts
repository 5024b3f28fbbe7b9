import { MembershipGraph } from '../membership-graph.js';

/** Nodes by name (id = position + 1, so names sort like ids), MemberOf edges as 'A>B'. */
export function graphOf(nodes: Record<string, number>, edges: string[]): {
  graph: MembershipGraph; at: (name: string) => number; names: (indexes: Iterable<number>) => string[];
} {
  const names = Object.keys(nodes);
  const id = (n: string) => names.indexOf(n) + 1;
  const pairs = edges.map((e) => e.split('>'));
  const graph = MembershipGraph.build(Float64Array.from(names.map(id)), Uint8Array.from(names.map((n) => nodes[n])),
    Float64Array.from(pairs.map(([a]) => id(a))), Float64Array.from(pairs.map(([, b]) => id(b))));
  return { graph, at: (n) => graph.indexOf(id(n)), names: (list) => [...list].map((i) => names[graph.idOf(i) - 1]).sort() };
}
