import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import type { CypherQuery } from '../cypher/ast.js';
import { prepareCypher } from '../cypher/check.js';
import { SELECTOR_FITNESS_LOWER_BOUND } from '../cypher/complexity.js';
import { CypherError } from '../cypher/errors.js';
import type { GraphNode, QueryRows } from '../domain/graph.js';
import { GraphErrors } from './graph-errors.js';
import { GraphLimits } from './graph-limits.js';
import { assertWithinResultLimit, collectRows, isEmptyResult, type GraphResult } from './graph-result.js';
import { GraphQueryEngine } from './ports.js';

/**
 * Runs a user's Cypher read query (POST /api/v2/graphs/cypher): parse and check, execute with the result cap as
 * row limit, then gather the graph. Every refusal caused by the query is a 400; nothing matched is 404. Asset
 * group selectors use the same path with the stricter selector complexity gate.
 */
@Injectable()
export class CypherService {
  constructor(private readonly engine: GraphQueryEngine, private readonly limits: GraphLimits) {}

  async run(text: string): Promise<GraphResult> {
    const result = collectRows(await this.execute(refuseAsBadRequest(() => prepareCypher(text))));
    assertWithinResultLimit(result, this.limits.resultLimit);
    if (isEmptyResult(result)) throw ApiError.notFound();
    return result;
  }

  /** Refuses (400) Cypher the cypher endpoint would refuse before running it (saved queries, on every write). */
  check(text: string): void {
    refuseAsBadRequest(() => prepareCypher(text));
  }

  /** Refuses (400) a selector's Cypher that would not parse or check, or that the selector gate finds too complex. */
  checkSelector(text: string): void {
    refuseAsBadRequest(() => prepareCypher(text, SELECTOR_FITNESS_LOWER_BOUND));
  }

  /**
   * The distinct nodes a selector's Cypher returns, those of returned paths included; none is an empty list. Runs
   * under the caller's deadline, with the selector gate and the result cap (on rows, then on nodes) of `run`.
   */
  async selectNodes(text: string): Promise<GraphNode[]> {
    const query = refuseAsBadRequest(() => prepareCypher(text, SELECTOR_FITNESS_LOWER_BOUND));
    const { nodes } = collectRows(await this.execute(query));
    if (nodes.length > this.limits.resultLimit) throw ApiError.badRequest(GraphErrors.resultTooLarge(this.limits.resultLimit));
    return nodes;
  }

  /** Executes with the result cap as row limit; one row more than the cap is the result-too-large 400. */
  private async execute(query: CypherQuery): Promise<QueryRows> {
    const limit = this.limits.resultLimit;
    // The engines answer the query's own evaluation errors (bad casts, ...) as 400 themselves.
    const rows = await this.engine.execute(query, { rowLimit: limit });
    if (rows.rows.length > limit) throw ApiError.badRequest(GraphErrors.resultTooLarge(limit));
    return rows;
  }
}

function refuseAsBadRequest<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof CypherError) throw ApiError.badRequest(error.message);
    throw error;
  }
}
