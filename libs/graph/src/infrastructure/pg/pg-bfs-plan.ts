import { ApiError } from '@app/platform';
import type { SearchPlan } from './pg-bfs-search.js';

export const PathfindingErrors = {
  sameNode: 'shortest path endpoints must not resolve to the same node',
  unconstrained: 'query could not be evaluated: shortestPath needs a constrained start or end',
  tooWide: 'query could not be evaluated: shortestPath would visit too many nodes; constrain its start or end further',
} as const;

/**
 * Both ends are searched at once (bidirectional) when each resolves to at most this many nodes. Meeting in the
 * middle halves the depth of the balls explored, but every origin explores its own ball and a pair is only settled
 * when it meets or one of its balls runs dry; with one start and a tier-zero set of ~25 ends, one full ball from
 * the start (stopping once every end is reached) measured 1.3x-3x faster than the bidirectional search on the
 * benchmark directory. Past this, the smaller side alone is seeded and the other end is a membership test.
 */
export const BIDIRECTIONAL_MAX_ENDS = 4;

/** Refuses a search whose two ends are the same single node (a path to itself has no shortest form). */
export function assertDistinctEnds(
  starts: readonly string[], ends: readonly string[], minDepth: number, distinctEnds: boolean,
): void {
  if (!distinctEnds && minDepth > 0 && starts.length === 1 && ends.length === 1 && starts[0] === ends[0]) {
    throw ApiError.badRequest(PathfindingErrors.sameNode);
  }
}

/** The plan for two materialised ends: bidirectional when both are small, else from the smaller side. */
export function planForSets(starts: string[], ends: string[]): SearchPlan {
  if (starts.length <= BIDIRECTIONAL_MAX_ENDS && ends.length <= BIDIRECTIONAL_MAX_ENDS) {
    return { type: 'bidirectional', starts, ends };
  }
  return starts.length <= ends.length
    ? { type: 'unidirectional', seeds: starts, seedSide: 'start', target: { type: 'ids', ids: new Set(ends) } }
    : { type: 'unidirectional', seeds: ends, seedSide: 'end', target: { type: 'ids', ids: new Set(starts) } };
}
