/**
 * The graph as the application sees it, whatever backend holds it. Ids are the backend's stable integer ids as
 * decimal strings (PostgreSQL bigserial; Neo4j's integer id): they are the keys of the Cypher result and the
 * `source_node` / `target_node` of edge composition.
 */
export type Properties = Record<string, unknown>;

export interface GraphNode {
  id: string;
  /** Every kind (label) of the node, e.g. ['Base', 'User', 'Tag_Tier_Zero']. */
  kinds: string[];
  properties: Properties;
}

export interface GraphEdge {
  id: string;
  startId: string;
  endId: string;
  /** An edge has exactly one kind. */
  kind: string;
  properties: Properties;
}

/** An ordered path: nodes[i] -edges[i]- nodes[i+1]. A path of one node has no edges. */
export interface GraphPath {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** A node write, keyed by objectid: kinds are added to the node's kinds, properties merged over its properties. */
export interface NodeUpsert {
  objectid: string;
  kinds: string[];
  properties: Properties;
}

/** An edge write between two nodes named by objectid; at most one edge per (start, end, kind). */
export interface EdgeUpsert {
  startObjectId: string;
  endObjectId: string;
  kind: string;
  properties: Properties;
}

export type Direction = 'outbound' | 'inbound' | 'both';

/** A value of a Cypher result row. */
export type ResultValue =
  | { type: 'node'; node: GraphNode }
  | { type: 'edge'; edge: GraphEdge }
  | { type: 'path'; path: GraphPath }
  | { type: 'list'; items: ResultValue[] }
  | { type: 'literal'; value: unknown };

export interface QueryRows {
  columns: string[];
  rows: ResultValue[][];
}
