import type { GraphStore } from '../application/ports.js';
import type { GraphNode, Properties } from '../domain/graph.js';

/** A small graph written by hand in a test: nodes by objectid, edges between objectids. */
export interface GraphSpec {
  nodes: { objectid: string; kinds: string[]; properties?: Properties }[];
  edges: { from: string; to: string; kind: string; properties?: Properties }[];
}

/** Error raised when a spec's edge names a node the spec does not define (a typo in the test, not a skip). */
export const UNKNOWN_FIXTURE_NODE = 'graph fixture edge names an unknown node';

/**
 * Writes `spec` through the store's own upserts (so fixtures exercise the real write path) and returns the stored
 * nodes by objectid, for tests that need the backend's ids.
 */
export async function seedGraph(store: GraphStore, spec: GraphSpec): Promise<Map<string, GraphNode>> {
  const defined = new Set(spec.nodes.map((n) => n.objectid));
  const missing = spec.edges.find((e) => !defined.has(e.from) || !defined.has(e.to));
  if (missing) throw new Error(`${UNKNOWN_FIXTURE_NODE}: ${missing.from} -[${missing.kind}]-> ${missing.to}`);
  await store.upsertNodes(spec.nodes.map((n) => ({
    objectid: n.objectid,
    kinds: n.kinds,
    properties: { ...n.properties, objectid: n.objectid },
  })));
  await store.upsertEdges(spec.edges.map((e) => ({
    startObjectId: e.from,
    endObjectId: e.to,
    kind: e.kind,
    properties: e.properties ?? {},
  })));
  const stored = await store.nodesByObjectIds(spec.nodes.map((n) => n.objectid));
  return new Map(stored.map((node) => [node.properties.objectid as string, node]));
}
