import { ApiError } from '@app/platform';

/** Refusals of shortest-path questions, the same on every backend. */
export const PathfindingErrors = {
  sameNode: 'shortest path endpoints must not resolve to the same node',
  unconstrained: 'query could not be evaluated: shortestPath needs a constrained start or end',
  tooWide: 'query could not be evaluated: shortestPath would visit too many nodes; constrain its start or end further',
} as const;

/** Refuses a search whose two ends are the same single node (a path to itself has no shortest form). */
export function assertDistinctEnds(
  starts: readonly string[], ends: readonly string[], minDepth: number, distinctEnds: boolean,
): void {
  if (!distinctEnds && minDepth > 0 && starts.length === 1 && ends.length === 1 && starts[0] === ends[0]) {
    throw ApiError.badRequest(PathfindingErrors.sameNode);
  }
}
