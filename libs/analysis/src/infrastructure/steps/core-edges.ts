import { POST_PROCESSED_EDGE_KINDS } from '@app/graph';
import { kindIds, type Sql, type SqlStep } from './step.js';

/** Properties of every edge analysis derives (ingest-reference §5): not ACL-based, seen at this analysis. */
export function derivedProperties(now: string): string {
  return JSON.stringify({ lastseen: now, isacl: false });
}

/**
 * Inserts one kind of derived edge for the (start_id, end_id) rows of `pairs` (a self-contained SELECT whose
 * parameters start at $3); $1 is the kind id, $2 the edge properties. Self-edges are dropped; an edge that already
 * exists gets the new properties merged in. Resolves to the number of edges written.
 */
export async function insertEdges(sql: Sql, kindId: number, properties: string, pairs: string, params: unknown[]): Promise<number> {
  const [row] = await sql(
    `WITH pairs AS (${pairs}), written AS (
       INSERT INTO edge (start_id, end_id, kind_id, properties)
       SELECT DISTINCT start_id, end_id, $1::int2, $2::jsonb FROM pairs WHERE start_id <> end_id
       ON CONFLICT (start_id, end_id, kind_id, graph_id) DO UPDATE SET properties = edge.properties || excluded.properties
       RETURNING 1)
     SELECT count(*)::int AS n FROM written`,
    [kindId, properties, ...params],
  );
  return Number(row.n);
}

/**
 * Step 4: every edge of a kind analysis owns (the catalogue's post-processed kinds: what steps 5-11 create) goes, so
 * each run recomputes them from the collected data. Ingest never writes these (Owns/WriteOwner arrive as
 * OwnsRaw/WriteOwnerRaw).
 */
export const deletePostProcessedEdges: SqlStep = {
  name: 'DeletePostProcessedEdges',
  async run(sql) {
    const ids = await kindIds(sql, POST_PROCESSED_EDGE_KINDS);
    const [row] = await sql(
      `WITH deleted AS (DELETE FROM edge WHERE kind_id = ANY($1::int2[]) RETURNING 1) SELECT count(*)::int AS n FROM deleted`,
      [[...ids.values()]],
    );
    return Number(row.n);
  },
};
