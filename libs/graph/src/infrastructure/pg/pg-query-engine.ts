import { Injectable, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiError, Database, pgErrorCode, type Row } from '@app/platform';
import { GraphErrors } from '../../application/graph-errors.js';
import { GraphQueryEngine, type PathRequest, type QueryLimits } from '../../application/ports.js';
import type { CypherQuery } from '../../cypher/ast.js';
import { QUERY_NOT_EVALUATED } from '../../cypher/sql/errors.js';
import { referencedIds, resultRows } from '../../cypher/sql/results.js';
import { kindNamesOf, translateQuery, type Translation } from '../../cypher/sql/translate.js';
import type { GraphPath, QueryRows } from '../../domain/graph.js';
import type { FoundPath } from '../../cypher/sql/pathfinding-step.js';
import type { WalkRows } from '../../cypher/sql/walk-step.js';
import { loadElements } from './pg-elements.js';
import { PgKindRegistry } from './pg-kind-registry.js';
import { PgPathfinder } from './pg-pathfinder.js';
import { IndexedWalks } from '../memory/indexed-walks.js';

/**
 * SQLSTATE classes that are the query's fault: data exceptions (bad casts, invalid regular expressions, division
 * by zero) and program limits exceeded (too many columns or arguments, statement too complex), the last resort
 * for sizes the translator does not already refuse or split.
 */
const QUERY_FAULT_CLASSES = ['22', '54'];
const MAX_REASON_LENGTH = 200;

/**
 * Cypher on PostgreSQL: the translator's pathfinding steps and statement run in one read-only transaction under
 * the request deadline, then the graph elements the rows name are fetched in two statements. Where this instance
 * keeps the traversal index, variable-length relationships that allow it are enumerated there (`IndexedWalks`).
 */
@Injectable()
export class PgQueryEngine extends GraphQueryEngine {
  constructor(
    private readonly database: Database,
    private readonly kinds: PgKindRegistry,
    private readonly pathfinder: PgPathfinder,
    @Optional() private readonly walks?: IndexedWalks,
  ) {
    super();
  }

  async execute(query: CypherQuery, limits: QueryLimits): Promise<QueryRows> {
    const kindIds = await this.kinds.idsFor(kindNamesOf(query), { create: false });
    const translate = (walksInMemory: boolean) => translateQuery(query, kindIds, { rowLimit: limits.rowLimit, walksInMemory });
    const first = translate(this.walks?.available === true);
    try {
      return await this.database.transaction(async (manager) => {
        // Walks handed over but not answered from memory: the same query as recursive CTEs.
        const walked = first.walks.length > 0 ? await this.walks!.run(manager, first.walks) : [];
        return walked ? this.run(first, walked, manager) : this.run(translate(false), [], manager);
      }, { readOnly: true });
    } catch (error) {
      throw evaluationError(error);
    }
  }

  shortestPaths(request: PathRequest): Promise<GraphPath[]> {
    return this.pathfinder.shortestPaths(request);
  }

  private async run(translation: Translation, walked: readonly WalkRows[], manager: EntityManager): Promise<QueryRows> {
    const found: FoundPath[][] = [];
    for (const step of translation.steps) found.push(await this.pathfinder.run(step, manager));
    const { text, values } = translation.statement(found, walked);
    const rows: Row[] = await manager.query(text, values);
    // A step that stopped at its path limit left paths unfound. Unless each path is one row and the limit was the
    // query's own LIMIT, filters, ORDER BY or aggregates after it would answer from a partial set: refuse instead.
    const capped = translation.steps.find((step, index) => found[index].length >= step.limit);
    if (capped && !translation.stepsLimitedByQuery) throw ApiError.badRequest(GraphErrors.pathfindingCapped(capped.limit));
    const { nodeIds, edgeIds } = referencedIds(rows, translation.outputs);
    const { nodes, edges } = await loadElements(manager, this.kinds, nodeIds, edgeIds);
    return { columns: translation.outputs.map((output) => output.name), rows: resultRows(rows, translation.outputs, nodes, edges) };
  }

}

/** A data exception or program limit caused by the query becomes a 400 naming the reason (never the SQL text). */
function evaluationError(error: unknown): unknown {
  const code = pgErrorCode(error);
  if (!code || !QUERY_FAULT_CLASSES.includes(code.slice(0, 2))) return error;
  const source = (error as { driverError?: { message?: string } }).driverError ?? (error as { message?: string });
  const reason = (source.message ?? 'invalid data').split('\n')[0].slice(0, MAX_REASON_LENGTH);
  return ApiError.badRequest(`${QUERY_NOT_EVALUATED}: ${reason}`);
}
