import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import { EdgeCompositions, NoCompositionHandlerError } from './compositions/edge-compositions.js';
import { GraphErrors } from './graph-errors.js';
import { GraphLimits } from './graph-limits.js';
import { assertWithinResultLimit, collectGraph, type GraphResult } from './graph-result.js';
import { GraphStore } from './ports.js';

/**
 * The nodes and edges that make up a post-processed edge (GET /api/v2/graphs/edge-composition). A kind without a
 * composition is a client error (400), never the reference's 500.
 */
@Injectable()
export class EdgeCompositionService {
  constructor(
    private readonly store: GraphStore,
    private readonly compositions: EdgeCompositions,
    private readonly limits: GraphLimits,
  ) {}

  async compose(startId: string, endId: string, kind: string): Promise<GraphResult> {
    const edge = await this.store.edgeBetween(startId, endId, kind);
    if (!edge) throw ApiError.badRequest(GraphErrors.edgeNotFound);
    try {
      const composition = await this.compositions.compose(edge);
      const result = collectGraph(composition.nodes, composition.edges);
      assertWithinResultLimit(result, this.limits.resultLimit);
      return result;
    } catch (error) {
      if (error instanceof NoCompositionHandlerError) throw ApiError.badRequest(error.message);
      throw error;
    }
  }
}
