import type { Direction, GraphEdge, GraphNode } from '../domain/graph.js';
import type { GraphStore } from './ports.js';

/** What a traversal reached: the new nodes (seeds and excluded nodes left out) and every edge it walked. */
export interface Reached {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/**
 * Breadth-first expansion from `seedIds` over edges of `edgeKinds`, one set-based store step per level, on every
 * adapter alike. A node is expanded at most once and nodes in `visited` are never reached again, so cycles end
 * the walk instead of looping. `visited` is updated in place (callers chain traversals through it).
 */
export async function traverse(
  store: GraphStore,
  seedIds: readonly string[],
  direction: Direction,
  edgeKinds: readonly string[],
  visited: Set<string> = new Set(seedIds),
): Promise<Reached> {
  seedIds.forEach((id) => visited.add(id));
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  let frontier = [...new Set(seedIds)];
  while (frontier.length > 0) {
    const step = await store.neighbours(frontier, direction, edgeKinds);
    for (const edge of step.edges) edges.push(edge);
    const fresh = step.nodes.filter((node) => !visited.has(node.id));
    fresh.forEach((node) => visited.add(node.id));
    for (const node of fresh) nodes.push(node);
    frontier = fresh.map((node) => node.id);
  }
  return { nodes, edges };
}
