// The API's graph answer (spec §2.2): nodes keyed by node id, edges by source/target node id.
export interface ApiGraphNode {
  label: string;
  kind: string;
  kinds: string[];
  objectId: string;
  isTierZero: boolean;
  isOwnedObject: boolean;
  lastSeen: string;
  properties?: Record<string, unknown>;
}

export interface ApiGraphEdge {
  id?: number;
  source: string;
  target: string;
  label: string;
  kind: string;
  lastSeen: string;
  properties?: Record<string, unknown>;
}

export interface ApiGraph {
  nodes: Record<string, ApiGraphNode>;
  edges: ApiGraphEdge[];
  literals?: { key: string; value: string }[];
}
