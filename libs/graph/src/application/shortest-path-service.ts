import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import { AD_EDGE_KINDS, AZURE_EDGE_KINDS, RELATIONSHIP_SHORTCUTS } from '../domain/kinds.js';
import { GraphErrors } from './graph-errors.js';
import { GraphLimits } from './graph-limits.js';
import { assertWithinResultLimit, collectPaths, type GraphResult } from './graph-result.js';
import { GraphQueryEngine, GraphStore } from './ports.js';

/** The reference's depth bound for unbounded traversals. */
export const SHORTEST_PATH_MAX_DEPTH = 15;
/** Without relationship_kinds every attack-path edge (AD and Azure) may be traversed. */
export const DEFAULT_PATH_EDGE_KINDS = RELATIONSHIP_SHORTCUTS.ALL_ATTACK_PATHS;

const EDGE_KINDS: ReadonlySet<string> = new Set<string>([...AD_EDGE_KINDS, ...AZURE_EDGE_KINDS]);

export function isEdgeKind(kind: string): boolean {
  return EDGE_KINDS.has(kind);
}

/**
 * Every shortest path between two nodes named by objectid (GET /api/v2/graphs/shortest-path), outbound over the
 * given edge kinds, as one graph. 404 `node not found` for an unknown end, `resource not found` when no path.
 */
@Injectable()
export class ShortestPathService {
  constructor(
    private readonly store: GraphStore,
    private readonly engine: GraphQueryEngine,
    private readonly limits: GraphLimits,
  ) {}

  async find(startObjectId: string, endObjectId: string, edgeKinds: readonly string[]): Promise<GraphResult> {
    const result = await this.between(startObjectId, endObjectId, edgeKinds);
    if (!result) throw ApiError.notFound();
    return result;
  }

  /**
   * The same union, undefined when no path joins the two nodes (the older GET /api/v2/pathfinding answers an empty
   * map then). 404 `node not found` for an unknown end.
   */
  async between(startObjectId: string, endObjectId: string, edgeKinds: readonly string[]): Promise<GraphResult | undefined> {
    const [start, end] = await Promise.all([
      this.store.nodeByObjectId(startObjectId),
      this.store.nodeByObjectId(endObjectId),
    ]);
    if (!start || !end) throw ApiError.notFound(GraphErrors.nodeNotFound);
    if (start.id === end.id) throw ApiError.badRequest(GraphErrors.sameStartAndEnd);
    const limit = this.limits.resultLimit;
    const paths = await this.engine.shortestPaths({
      startIds: [start.id],
      endIds: [end.id],
      edgeKinds,
      direction: 'outbound',
      all: true,
      maxDepth: SHORTEST_PATH_MAX_DEPTH,
      limit: limit + 1,
    });
    if (paths.length === 0) return undefined;
    // More shortest paths than the cap were left unenumerated: say so rather than answer a subset.
    if (paths.length > limit) throw ApiError.badRequest(GraphErrors.pathfindingCapped(limit + 1));
    const result = collectPaths(paths);
    assertWithinResultLimit(result, limit);
    return result;
  }
}
