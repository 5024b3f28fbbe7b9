import { Injectable } from '@nestjs/common';
import { Database } from '@app/platform';
import {
  ACTIVITY_WINDOW_SECONDS, type Completeness, CompletenessReader, LOCAL_GROUP_EDGE_KINDS,
} from '../../application/completeness-ports.js';
import { PgKindRegistry } from './pg-kind-registry.js';

// Each population: its members with a numeric lastlogontimestamp, those within the window of the latest one, and of
// those the ones with a qualifying edge in. A non-numeric timestamp counts as absent (collectors write numbers).
const POPULATION = (name: string, filter: string, edgeKinds: string) => `
  ${name} AS (
    SELECT n.id, (n.properties ->> 'lastlogontimestamp')::float8 AS logon FROM node n
    WHERE n.graph_id = 1 AND ${filter} AND n.properties -> 'enabled' = 'true'::jsonb
      AND jsonb_typeof(n.properties -> 'lastlogontimestamp') = 'number'),
  ${name}_active AS (
    SELECT p.id FROM ${name} p
    WHERE p.logon >= greatest(0, (SELECT max(logon) FROM ${name})) - ${ACTIVITY_WINDOW_SECONDS}),
  ${name}_share AS (
    SELECT CASE WHEN count(*) = 0 THEN 0 ELSE (count(*) FILTER (WHERE EXISTS (
      SELECT 1 FROM edge e WHERE e.end_id = a.id AND e.kind_id = ANY(${edgeKinds}::int2[])
    )))::float8 / count(*) END AS share FROM ${name}_active a)`;

const STATEMENT = `
  WITH ${POPULATION('users', 'n.kind_ids @> ARRAY[$1::int2]', '$3')},
  ${POPULATION('computers', `n.kind_ids @> ARRAY[$2::int2] AND strpos(n.properties ->> 'operatingsystem', 'WINDOWS') > 0`, '$4')}
  SELECT (SELECT share FROM users_share) AS sessions, (SELECT share FROM computers_share) AS local_groups`;

/** Both figures in one read-only statement over the PostgreSQL graph. */
@Injectable()
export class PgCompletenessReader extends CompletenessReader {
  constructor(private readonly database: Database, private readonly kinds: PgKindRegistry) {
    super();
  }

  async read(): Promise<Completeness> {
    const ids = await this.kinds.idsFor(['User', 'Computer', 'HasSession', ...LOCAL_GROUP_EDGE_KINDS], { create: false });
    const localGroupKinds = LOCAL_GROUP_EDGE_KINDS.flatMap((kind) => ids.get(kind) ?? []);
    const [row] = await this.database.query<{ sessions: number; local_groups: number }>(
      STATEMENT,
      [ids.get('User') ?? null, ids.get('Computer') ?? null, [ids.get('HasSession') ?? -1], localGroupKinds],
      { readOnly: true },
    );
    return { sessions: Number(row.sessions), localGroups: Number(row.local_groups) };
  }
}
