import type { GraphEdge, GraphNode } from '../domain/graph.js';
import type { GraphStore } from './ports.js';

/** One hop of a walk: an edge by id with its two ends, without properties. */
export interface Hop {
  edgeId: string;
  startId: string;
  endId: string;
}

/**
 * The hops of one expansion step, plus whatever nodes and edges the reader loaded on the way (a store that expands
 * with hydration returns them, so the walk need not read them again; an adjacency index returns none).
 */
export interface HopExpansion {
  hops: Hop[];
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** The ids-level adjacency a walk reads, one set-based call per expansion step. */
export interface HopReader {
  /**
   * The edges of `edgeKinds` (all kinds when empty) leaving `nodeIds` in `direction`, whose far node has one of
   * `nodeKinds` when given.
   */
  hops(
    nodeIds: string[], direction: 'outbound' | 'inbound', edgeKinds: readonly string[], nodeKinds?: readonly string[],
  ): Promise<HopExpansion>;
  /** Those of `nodeIds` that have one of `kinds` (without loading them where the reader can). */
  withKinds(nodeIds: string[], kinds: readonly string[]): Promise<string[]>;
}

/**
 * The port through which walks (edge compositions) read adjacency. `read` runs `work` with a hop reader, and
 * the store's look-ups made inside it, against one view of the graph: on PostgreSQL one read-only transaction,
 * whose hops come from the in-memory traversal index when it is at that transaction's graph version, else SQL.
 */
export abstract class GraphWalks {
  abstract read<T>(work: (hops: HopReader) => Promise<T>): Promise<T>;
}

/** Hops from the store's own expansion, for stores without an adjacency index (the in-memory fake, Neo4j). */
export class StoreHops implements HopReader {
  constructor(private readonly store: GraphStore) {}

  async hops(
    nodeIds: string[], direction: 'outbound' | 'inbound', edgeKinds: readonly string[], nodeKinds?: readonly string[],
  ): Promise<HopExpansion> {
    const { edges, nodes } = await this.store.neighbours(nodeIds, direction, edgeKinds);
    const far = (edge: GraphEdge) => (direction === 'outbound' ? edge.endId : edge.startId);
    const fits = nodeKinds && new Set(nodes.filter((n) => n.kinds.some((k) => nodeKinds.includes(k))).map((n) => n.id));
    const kept = fits ? edges.filter((edge) => fits.has(far(edge))) : edges;
    return { hops: kept.map((e) => ({ edgeId: e.id, startId: e.startId, endId: e.endId })), nodes, edges: kept };
  }

  async withKinds(nodeIds: string[], kinds: readonly string[]): Promise<string[]> {
    const nodes = nodeIds.length > 0 ? await this.store.nodesByIds(nodeIds) : [];
    return nodes.filter((n) => n.kinds.some((k) => kinds.includes(k))).map((n) => n.id);
  }
}

/** GraphWalks over the store's expansion, with no view of its own. */
export class StoreWalks extends GraphWalks {
  constructor(private readonly store: GraphStore) {
    super();
  }

  read<T>(work: (hops: HopReader) => Promise<T>): Promise<T> {
    return work(new StoreHops(this.store));
  }
}
