import { SOURCE_KINDS } from './kind-schema.js';

/**
 * What a clear-database request deletes of the graph (compat: routes-misc C.10): every node and edge, or the nodes
 * of some source kinds and, with `sourceless`, those of none (their edges go with them), and the edges of some kinds.
 */
export interface GraphWipe {
  all: boolean;
  /** Source kind names (`Base`, `AZBase`): their nodes leave. */
  sourceKinds: readonly string[];
  /** Nodes of no source kind leave. */
  sourceless: boolean;
  /** Edge kind names: every edge of these kinds leaves (a name the graph does not know matches nothing). */
  edgeKinds: readonly string[];
}

/**
 * What a wipe deleted, for the log: nodes, and edges deleted by kind (edges that left with their nodes are not counted,
 * but for a wipe of everything on PostgreSQL, which counts every edge).
 */
export interface GraphWipeReport {
  nodes: number;
  edges: number;
}

/** Every source kind name: a node with none of them is sourceless. */
export const SOURCE_KIND_NAMES: readonly string[] = SOURCE_KINDS.map((kind) => kind.name);

/** Whether the wipe deletes nothing of the graph. */
export const isEmptyWipe = (wipe: GraphWipe): boolean =>
  !wipe.all && wipe.sourceKinds.length === 0 && !wipe.sourceless && wipe.edgeKinds.length === 0;
