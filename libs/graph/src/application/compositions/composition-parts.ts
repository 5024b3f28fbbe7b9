import type { GraphEdge, GraphNode } from '../../domain/graph.js';
import type { WalkGraph } from './path-pattern.js';

/** Nodes and edges that belong to a composition. */
export interface GraphPiece {
  nodeList(): GraphNode[];
  edgeList(): GraphEdge[];
}

/** What a composition handler gets: the composite edge with its two end nodes, and the graph to walk. */
export interface CompositionInput {
  graph: WalkGraph;
  edge: GraphEdge;
  start: GraphNode;
  end: GraphNode;
}

/** Finds the paths that justify one kind of composite edge. */
export type CompositionHandler = (input: CompositionInput) => Promise<GraphPiece[]>;

/** Edges that are part of a composition without being found by a pattern, with the nodes at their ends. */
export function edgesPiece(edges: GraphEdge[], nodes: (id: string) => GraphNode | undefined): GraphPiece {
  return {
    edgeList: () => edges,
    nodeList: () => edges.flatMap((e) => [nodes(e.startId), nodes(e.endId)]).filter((n) => n !== undefined),
  };
}
