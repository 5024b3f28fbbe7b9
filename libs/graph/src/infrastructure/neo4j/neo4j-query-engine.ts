import { Injectable } from '@nestjs/common';
import neo4j, { type Path } from 'neo4j-driver';
import { GraphQueryEngine, type PathRequest, type QueryLimits } from '../../application/ports.js';
import type { CypherQuery } from '../../cypher/ast.js';
import { printCypher, printLabels } from '../../cypher/printer.js';
import type { GraphPath, QueryRows, ResultValue } from '../../domain/graph.js';
import { assertDistinctEnds } from '../../application/pathfinding-rules.js';
import { Neo4jConnection } from './neo4j-connection.js';
import { toApiError } from './neo4j-errors.js';
import { idParams, toGraphPath, toResultValue } from './neo4j-values.js';

/** The shortest-path statement for a request; depth and kinds are printed (Cypher cannot take them as parameters). */
export function shortestPathStatement(request: PathRequest): string {
  const depth = Math.max(1, Math.floor(request.maxDepth));
  const step = `[${printLabels([...new Set(request.edgeKinds)], true)}*1..${depth}]`;
  const pattern = request.direction === 'outbound' ? `(s)-${step}->(t)` : `(s)<-${step}-(t)`;
  return `MATCH (s) WHERE id(s) IN $startIds
MATCH (t) WHERE id(t) IN $endIds AND t <> s
MATCH p = ${request.all ? 'allShortestPaths' : 'shortestPath'}(${pattern})
RETURN p
LIMIT $limit`;
}

/**
 * The query face over Neo4j: the checked AST is printed back to Cypher (with PostgreSQL's `=~` search semantics)
 * and run in a read transaction; results are streamed and cut after rowLimit + 1 rows, so an oversized answer is
 * detected without being fetched.
 */
@Injectable()
export class Neo4jQueryEngine extends GraphQueryEngine {
  constructor(private readonly connection: Neo4jConnection) {
    super();
  }

  async execute(query: CypherQuery, limits: QueryLimits): Promise<QueryRows> {
    let text: string;
    try {
      text = printCypher(query, { regexSearch: true });
    } catch (error) {
      throw toApiError(error);
    }
    const cap = limits.rowLimit + 1;
    return this.connection.read(async (tx) => {
      const result = tx.run(text);
      const columns = await result.keys();
      const rows: ResultValue[][] = [];
      for await (const record of result) {
        rows.push(columns.map((_, i) => toResultValue(record.get(i))));
        // Leaving the loop discards the rest of the stream on the server.
        if (rows.length >= cap) break;
      }
      return { columns: [...columns], rows };
    }, { fetchSize: cap });
  }

  async shortestPaths(request: PathRequest): Promise<GraphPath[]> {
    // Same rule as the PostgreSQL pathfinder: one start that is also the one end has no shortest path (400).
    assertDistinctEnds([...new Set(request.startIds)], [...new Set(request.endIds)], 1, false);
    const startIds = idParams(request.startIds);
    const endIds = idParams(request.endIds);
    if (startIds.length === 0 || endIds.length === 0 || request.limit <= 0) return [];
    const parameters = { startIds, endIds, limit: neo4j.int(Math.floor(request.limit)) };
    return this.connection.read(async (tx) => {
      const { records } = await tx.run(shortestPathStatement(request), parameters);
      return records.map((record) => toGraphPath(record.get('p') as Path));
    });
  }
}
