import type { FrontierSource } from '../infrastructure/pg/pg-bfs-search.js';
import type { Id } from '../infrastructure/pg/pg-bfs-side.js';

/** An edge as the fake source walks it: its id and its ends. */
export interface ListedEdge {
  readonly id: Id;
  readonly start: Id;
  readonly end: Id;
}

/**
 * The frontier expansion over an edge list: a correct FrontierSource, to run the SQL path's search without a
 * database. Every node satisfies the target predicate unless `isTarget` says otherwise.
 */
export function edgeListSource(edges: readonly ListedEdge[], isTarget: (id: Id) => boolean = () => true): FrontierSource {
  return {
    async expand({ nodes, step }) {
      const frontier = new Set(nodes);
      const hops = { edges: [] as Id[], srcs: [] as Id[], dsts: [] as Id[] };
      const add = (id: Id, src: Id, dst: Id) => {
        hops.edges.push(id);
        hops.srcs.push(src);
        hops.dsts.push(dst);
      };
      for (const { id, start, end } of edges) {
        if (step !== 'in' && frontier.has(start)) add(id, start, end);
        if (step !== 'out' && frontier.has(end)) add(id, end, start);
      }
      return { ...hops, satisfied: hops.dsts.map(isTarget) };
    },
    async satisfying(nodes) {
      return new Set(nodes.filter(isTarget));
    },
  };
}
