import type {
  BatchResult, Direction, EdgeUpsert, GraphBatch, GraphEdge, GraphNode, GraphPath, NodeUpsert, QueryRows,
} from '../domain/graph.js';
import type { CypherQuery } from '../cypher/ast.js';
import type { ReconcilePlan, ReconcileReport } from '../domain/reconciliation.js';
import type { GraphWipe, GraphWipeReport } from '../domain/graph-wipe.js';

/**
 * The storage face of the graph port: set-based writes and look-ups. Implemented by the PostgreSQL adapter, the
 * Neo4j adapter and the in-memory fake (testing/). Every method runs under the current request deadline.
 */
export abstract class GraphStore {
  /** Creates or merges nodes by objectid: kinds are unioned, properties merged (new values win). One batch. */
  abstract upsertNodes(nodes: NodeUpsert[]): Promise<void>;
  /**
   * Creates or merges edges whose two endpoints exist (by objectid); properties merged. Edges naming a missing
   * endpoint are skipped and counted.
   */
  abstract upsertEdges(edges: EdgeUpsert[]): Promise<{ written: number; skipped: number }>;
  /**
   * Writes one ingest batch in one transaction: nodes, stub nodes for missing edge endpoints, edges (set-based;
   * the PostgreSQL adapter COPYs into staging tables, then upserts). A failure leaves nothing of the batch.
   */
  abstract writeBatch(batch: GraphBatch): Promise<BatchResult>;
  /** Deletes nodes by objectid, with their edges. Returns how many nodes were deleted. */
  abstract deleteNodes(objectids: string[]): Promise<number>;
  /** Deletes the edges of the given kind between the given endpoints (by node id). */
  abstract deleteEdges(edges: { startId: string; endId: string; kind: string }[]): Promise<number>;
  /** Adds and removes kinds on nodes (by node id), e.g. tag kinds. */
  abstract updateNodeKinds(nodeIds: string[], add: string[], remove: string[]): Promise<void>;
  /**
   * Makes `kind` the kind of exactly these nodes (by node id), set-based: nodes in the set that lack it gain it,
   * every other node that has it loses it. With `systemTag`, the same token is added to / removed from the nodes'
   * space-separated `system_tags` property (tag membership: `Tag_Tier_Zero` and `admin_tier_0`).
   */
  abstract replaceKindMembers(kind: string, nodeIds: string[], systemTag?: string): Promise<{ added: number; removed: number }>;
  /** Removes every node and edge. */
  abstract clear(): Promise<void>;

  abstract nodesByIds(ids: string[]): Promise<GraphNode[]>;
  /**
   * A digest of these nodes' ids, kinds (tag kinds aside) and the given properties, without loading them: equal digests mean those
   * details are unchanged (tag evaluation skips re-reading and re-writing unchanged member rows). Undefined where
   * the store cannot compute one cheaply; the caller then loads the nodes.
   */
  abstract nodesDigest(ids: string[], properties: readonly string[]): Promise<string | undefined>;
  abstract nodesByObjectIds(objectids: string[]): Promise<GraphNode[]>;
  /** The node with this objectid, optionally only if it has `kind`. */
  abstract nodeByObjectId(objectid: string, kind?: string): Promise<GraphNode | undefined>;
  abstract edgesByIds(ids: string[]): Promise<GraphEdge[]>;
  /** The edge of `kind` from start to end, if any. */
  abstract edgeBetween(startId: string, endId: string, kind: string): Promise<GraphEdge | undefined>;
  /**
   * One step of expansion from a set of nodes: the incident edges in `direction` (optionally of the given kinds),
   * with the nodes at their other ends. One statement for the whole set.
   */
  abstract neighbours(nodeIds: string[], direction: Direction, edgeKinds?: readonly string[]): Promise<Expansion>;
  /**
   * The ids of the nodes whose `domainsid` is `domainSid` (with `foreign`: that have a `domainsid` and it is another)
   * and that have one of `kinds` (any kind when empty); with `among`, only those of these ids. One statement (the
   * entity lists of a domain at 150k objects).
   */
  abstract nodeIdsInDomain(
    domainSid: string, kinds: readonly string[], options?: { among?: readonly string[]; foreign?: boolean },
  ): Promise<string[]>;
  /** Counts of nodes and edges (for tests, health and posture). */
  abstract counts(): Promise<{ nodes: number; edges: number }>;
}

export interface Expansion {
  edges: GraphEdge[];
  nodes: GraphNode[];
}

/** A shortest-path question between node sets (ids), over edges of the given kinds. */
export interface PathRequest {
  startIds: string[];
  endIds: string[];
  /** Edge kinds that may be traversed; empty means any kind. */
  edgeKinds: readonly string[];
  direction: 'outbound' | 'inbound';
  /** false: one shortest path per (start, end) pair; true: every path of the minimum length per pair. */
  all: boolean;
  maxDepth: number;
  /** Stop once this many paths are found. */
  limit: number;
}

/** Limits every query runs under. */
export interface QueryLimits {
  /** Most rows to fetch; one more row than this means the answer is too large. */
  rowLimit: number;
}

/**
 * The query face of the graph port: Cypher (already parsed, checked and with shortcuts expanded) and
 * pathfinding. Implemented by the PostgreSQL and Neo4j adapters. Reads only, in read-only transactions, under
 * the current deadline.
 */
export abstract class GraphQueryEngine {
  abstract execute(query: CypherQuery, limits: QueryLimits): Promise<QueryRows>;
  abstract shortestPaths(request: PathRequest): Promise<GraphPath[]>;
}

/** A node search by name or objectid (GET /api/v2/search). */
export interface NodeSearchRequest {
  /** The search text as given (adapters compare case-insensitively). */
  text: string;
  /** Node kinds to search; empty means every AD (Base) and Azure (AZBase) node. */
  kinds: string[];
  skip: number;
  limit: number;
}

/**
 * Search by name or objectid: exact matches first, then contains matches ordered by display name, paged by the
 * backend in one query. Implemented by the PostgreSQL and Neo4j adapters.
 */
export abstract class NodeSearch {
  abstract search(request: NodeSearchRequest): Promise<GraphNode[]>;
}

/**
 * The lifecycle face of the graph (issue 18): removing what a newer collection no longer reports, and sessions
 * that aged out. Set-based, one transaction per call. Implemented for PostgreSQL (as analysis is, deviation 18).
 */
export abstract class GraphLifecycle {
  abstract reconcile(plan: ReconcilePlan): Promise<ReconcileReport>;
  /** Removes HasSession edges last seen before `before`; returns how many. */
  abstract removeSessionsSeenBefore(before: Date): Promise<number>;
  /**
   * Deletes what the wipe names, in one transaction (POST /api/v2/clear-database). Deleting everything commits a graph
   * version that logs a reset, so every traversal index rebuilds rather than answer from the wiped graph.
   */
  abstract wipe(wipe: GraphWipe): Promise<GraphWipeReport>;
}
