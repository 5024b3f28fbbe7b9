import { Injectable } from '@nestjs/common';
import {
  ACTIVITY_WINDOW_SECONDS, type Completeness, CompletenessReader, LOCAL_GROUP_EDGE_KINDS,
} from '../../application/completeness-ports.js';
import { quoteIdentifier } from '../../cypher/printer.js';
import { Neo4jConnection } from './neo4j-connection.js';

/** The share of a population's active members with an incoming edge of `edgeKinds` (see completeness-ports). */
function share(label: string, filter: string, edgeKinds: readonly string[], as: string): string {
  const types = edgeKinds.map(quoteIdentifier).join('|');
  return `CALL {
  MATCH (n:${quoteIdentifier(label)}) WHERE n.enabled = true${filter}
    AND valueType(n.lastlogontimestamp) IN ['INTEGER NOT NULL', 'FLOAT NOT NULL']
  WITH collect(n) AS members, max(n.lastlogontimestamp) AS latest
  WITH [m IN members WHERE m.lastlogontimestamp >= CASE WHEN latest > 0 THEN latest ELSE 0 END - ${ACTIVITY_WINDOW_SECONDS}] AS active
  RETURN CASE WHEN size(active) = 0 THEN 0.0
    ELSE toFloat(size([a IN active WHERE EXISTS { MATCH (a)<-[:${types}]-() }])) / size(active) END AS ${as}
}`;
}

export const COMPLETENESS_STATEMENT = `${share('User', '', ['HasSession'], 'sessions')}
${share('Computer', " AND n.operatingsystem CONTAINS 'WINDOWS'", LOCAL_GROUP_EDGE_KINDS, 'localGroups')}
RETURN sessions, localGroups`;

/** Both figures in one read transaction over Neo4j. */
@Injectable()
export class Neo4jCompletenessReader extends CompletenessReader {
  constructor(private readonly connection: Neo4jConnection) {
    super();
  }

  async read(): Promise<Completeness> {
    return this.connection.read(async (tx) => {
      const { records } = await tx.run(COMPLETENESS_STATEMENT);
      return { sessions: Number(records[0]?.get('sessions') ?? 0), localGroups: Number(records[0]?.get('localGroups') ?? 0) };
    });
  }
}
