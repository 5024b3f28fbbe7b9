import { Injectable } from '@nestjs/common';
import neo4j, { type Node } from 'neo4j-driver';
import { NodeSearch, type NodeSearchRequest } from '../../application/ports.js';
import { quoteIdentifier } from '../../cypher/printer.js';
import type { GraphNode } from '../../domain/graph.js';
import { Neo4jConnection } from './neo4j-connection.js';
import { toGraphNode } from './neo4j-values.js';

/** Kinds searched when the request names none: every AD and every Azure object. */
const DEFAULT_KINDS = ['Base', 'AZBase'];

/**
 * The search statement for a set of kinds: exact matches (rank 0, in id order) before contains matches (rank 1,
 * by display name), both case-insensitive, local groups that are not also groups left out, paged in the query.
 */
export function searchStatement(kinds: readonly string[]): string {
  const labels = (kinds.length ? [...new Set(kinds)] : DEFAULT_KINDS).map((k) => `n:${quoteIdentifier(k)}`).join(' OR ');
  return `MATCH (n) WHERE (${labels}) AND NOT (n:\`ADLocalGroup\` AND NOT n:\`Group\`)
WITH n, toUpper(n.name) AS name, toUpper(n.objectid) AS objectid, toUpper($text) AS q
WHERE name CONTAINS q OR objectid CONTAINS q
WITH n, CASE WHEN name = q OR objectid = q THEN 0 ELSE 1 END AS rank
RETURN n
ORDER BY rank, CASE WHEN rank = 0 THEN '' ELSE coalesce(n.name, n.displayname, n.objectid, '') END, id(n)
SKIP $skip LIMIT $limit`;
}

/** GET /api/v2/search over Neo4j: one statement, paged by the database. */
@Injectable()
export class Neo4jNodeSearch extends NodeSearch {
  constructor(private readonly connection: Neo4jConnection) {
    super();
  }

  async search(request: NodeSearchRequest): Promise<GraphNode[]> {
    if (request.limit <= 0) return [];
    const parameters = { text: request.text, skip: neo4j.int(request.skip), limit: neo4j.int(request.limit) };
    return this.connection.read(async (tx) => {
      const { records } = await tx.run(searchStatement(request.kinds), parameters);
      return records.map((record) => toGraphNode(record.get('n') as Node));
    });
  }
}
