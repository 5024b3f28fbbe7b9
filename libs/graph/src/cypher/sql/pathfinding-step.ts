import type { Sql } from '@app/platform';

/**
 * A shortestPath / allShortestPaths pattern part, as the translator hands it to the pathfinder before the main
 * statement runs. The found paths are passed to the main statement as one bound parameter.
 */
export interface PathfindingStep {
  mode: 'shortest' | 'allShortest';
  /** Predicate over the node alias `n` that the left end must satisfy; undefined means any node. */
  start?: Sql;
  /** Predicate over the node alias `n` that the right end must satisfy; undefined means any node. */
  end?: Sql;
  /**
   * When an end's predicate is nothing but labels the graph knows: their kind ids (the node must have them all),
   * so a search held in memory can test that end itself.
   */
  startKinds?: number[];
  endKinds?: number[];
  /** True when the query requires the two ends to differ (`s <> t`). */
  distinctEnds: boolean;
  /** Kind ids that may be traversed; undefined means any kind. */
  edgeKindIds?: number[];
  /** Direction of the pattern read left to right. */
  direction: 'out' | 'in' | 'both';
  minDepth: number;
  maxDepth: number;
  /** Stop once this many paths are found (from the query's LIMIT where it is safe, else the row cap). */
  limit: number;
}

/**
 * One found path: node ids from the left end to the right end, and the edge ids between them. Numbers (bigserial
 * ids, exact below 2^53), not text: a search can find thousands of paths, and their consumers (hydration, the
 * statement's JSON parameter) need no text of their own.
 */
export interface FoundPath {
  startId: number;
  endId: number;
  nodeIds: number[];
  edgeIds: number[];
}
