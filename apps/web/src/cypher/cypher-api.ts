// POST /api/v2/graphs/cypher: a graph (nodes, edges) and literals, or nothing matched (the API answers 404).
import { ApiFailure, getData } from '../api/client';
import type { ApiGraph } from '../api/graph-types';

/** The answer, or null when nothing matched. Other failures throw ApiFailure. */
export async function runCypher(query: string, signal?: AbortSignal): Promise<ApiGraph | null> {
  try {
    const graph = await getData<ApiGraph>('/api/v2/graphs/cypher', { body: { query, include_properties: true }, signal });
    return { nodes: graph?.nodes ?? {}, edges: graph?.edges ?? [], literals: graph?.literals ?? [] };
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return null;
    throw error;
  }
}

/** Whether an answer holds anything to draw. */
export function hasGraph(graph: ApiGraph): boolean {
  return Object.keys(graph.nodes).length > 0;
}
