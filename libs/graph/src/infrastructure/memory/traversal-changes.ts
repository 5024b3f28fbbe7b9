/**
 * The elements of the traversal index and the changes it applies, in PostgreSQL's ids (bigserial, exact as
 * numbers below 2^53). Only what traversal needs: ids, endpoints, kind ids; never properties.
 */

/** A node and its kind ids (labels, tags included). */
export interface IndexedNode {
  id: number;
  kinds: readonly number[];
}

/** An edge between two node ids, of one kind id. */
export interface IndexedEdge {
  id: number;
  start: number;
  end: number;
  kind: number;
}

/** An edge that left the graph, with its endpoints so its hops can be found without a scan. */
export interface RemovedEdge {
  id: number;
  start: number;
  end: number;
}

/**
 * What a run of committed graph versions changed, with the rows of new and changed elements already read back
 * from PostgreSQL. Applying the same changes twice leaves the index as applying them once.
 */
export interface ResolvedChanges {
  /** The whole graph was replaced (TRUNCATE): only a rebuild can follow. */
  reset: boolean;
  /** Nodes created, or whose kinds changed: their kinds as they are now. */
  upsertedNodes: IndexedNode[];
  deletedNodes: number[];
  addedEdges: IndexedEdge[];
  deletedEdges: RemovedEdge[];
}
