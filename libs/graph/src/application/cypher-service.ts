import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import { prepareCypher } from '../cypher/check.js';
import { CypherError } from '../cypher/errors.js';
import { GraphErrors } from './graph-errors.js';
import { GraphLimits } from './graph-limits.js';
import { assertWithinResultLimit, collectRows, isEmptyResult, type GraphResult } from './graph-result.js';
import { GraphQueryEngine } from './ports.js';

/**
 * Runs a user's Cypher read query (POST /api/v2/graphs/cypher): parse and check, execute with the result cap as
 * row limit, then gather the graph. Every refusal caused by the query is a 400; nothing matched is 404.
 */
@Injectable()
export class CypherService {
  constructor(private readonly engine: GraphQueryEngine, private readonly limits: GraphLimits) {}

  async run(text: string): Promise<GraphResult> {
    const limit = this.limits.resultLimit;
    // The engines answer the query's own evaluation errors (bad casts, ...) as 400 themselves.
    const rows = await this.engine.execute(refuseAsBadRequest(() => prepareCypher(text)), { rowLimit: limit });
    if (rows.rows.length > limit) throw ApiError.badRequest(GraphErrors.resultTooLarge(limit));
    const result = collectRows(rows);
    assertWithinResultLimit(result, limit);
    if (isEmptyResult(result)) throw ApiError.notFound();
    return result;
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
