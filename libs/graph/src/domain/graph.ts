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

/** One end of a batch edge: the node's objectid and, for a stub created when no such node exists, its kinds. */
export interface EndpointRef {
  objectid: string;
  /** Kinds a stub node gets when the endpoint does not exist yet (e.g. ['Base', 'Group']). Empty: no stub. */
  kinds: string[];
  /**
   * How `objectid` names the node: its objectid (default) or, for SharpHound members given as `DN=<dn>`, its
   * `distinguishedname` property (never stubbed; an edge to an unknown DN is skipped).
   */
  matchBy?: 'objectid' | 'distinguishedname';
}

/** An edge of an ingest batch; one edge per (start, end, kind), properties merged. */
export interface BatchEdge {
  start: EndpointRef;
  end: EndpointRef;
  kind: string;
  properties: Properties;
}

/**
 * A unit of ingest: written in one transaction (all or nothing). Nodes are upserted by objectid (kinds unioned,
 * properties merged, new values win), missing edge endpoints become stub nodes, then edges are upserted.
 */
export interface GraphBatch {
  nodes: NodeUpsert[];
  edges: BatchEdge[];
  /** RFC 3339 instant stamped as `lastseen` on every node, stub and edge written, and `lastcollected` on nodes. */
  seenAt: string;
}

export interface BatchResult {
  nodes: number;
  edges: number;
  stubs: number;
  /** Edges dropped: an endpoint named by distinguishedname matched no node. */
  skippedEdges: number;
}
