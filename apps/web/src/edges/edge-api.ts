// The edge panel's calls: an edge's composition (GET /api/v2/graphs/edge-composition) and, when the graph came
// without properties (pathfinding), the edge itself through Cypher with include_properties.
import { getData } from '../api/client';
import type { ApiGraph, ApiGraphEdge } from '../api/graph-types';
import { runCypher } from '../cypher/cypher-api';
import { edgePropertiesQuery, type EdgeEnds } from './edge-query';

export async function edgeComposition(edge: EdgeEnds, signal?: AbortSignal): Promise<ApiGraph> {
  const graph = await getData<ApiGraph>('/api/v2/graphs/edge-composition', {
    query: { source_node: edge.source, target_node: edge.target, edge_type: edge.kind },
    signal,
  });
  return { nodes: graph?.nodes ?? {}, edges: graph?.edges ?? [] };
}

/** The edge's properties as stored; null when the edge is gone or cannot be asked for. */
export async function edgeProperties(edge: EdgeEnds, signal?: AbortSignal): Promise<Record<string, unknown> | null> {
  const query = edgePropertiesQuery(edge);
  if (!query) return null;
  const graph = await runCypher(query, signal);
  const found = graph?.edges.find((e: ApiGraphEdge) => e.source === edge.source && e.target === edge.target && e.kind === edge.kind);
  return found ? found.properties ?? {} : null;
}
