// The shown graph as JSON in the API's graph shape ({nodes keyed by id, edges}), so it reads like a Cypher answer.
import type { ApiGraph } from '../api/graph-types';
import type { GraphSnapshot } from './graph-model';

export function snapshotToApiGraph(snapshot: GraphSnapshot): ApiGraph & { origin: string } {
  const nodes: ApiGraph['nodes'] = {};
  for (const { id, ...node } of snapshot.nodes) nodes[id] = node;
  const edges = snapshot.edges.map(({ key: _key, ...edge }) => edge);
  return { origin: snapshot.origin, nodes, edges };
}
