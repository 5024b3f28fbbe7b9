import { POST_PROCESSED_EDGE_KINDS } from '@app/graph';
import { sql, type Sql } from '@app/platform';
import { kindIds, runStatement, type RunSql, type SqlStep } from './step.js';

/** A domain node's SID in SQL over `alias`: its `domainsid`, else its objectid (a trust's target carries only that). */
export const domainSid = (alias: string): string =>
  `coalesce(${alias}.properties ->> 'domainsid', ${alias}.properties ->> 'objectid')`;

/** Properties of every edge analysis derives (ingest-reference §5): not ACL-based, seen at this analysis. */
export function derivedProperties(now: string): string {
  return JSON.stringify({ lastseen: now, isacl: false });
}

/**
 * Inserts one kind of derived edge with the given properties for the (start_id, end_id) rows of `pairs` (a
 * self-contained SELECT). Self-edges are dropped; an edge that already exists gets the new properties merged in.
 * Resolves to the number of edges written.
 */
export async function insertEdges(query: RunSql, kindId: number, properties: string, pairs: Sql): Promise<number> {
  const [row] = await runStatement(query, sql`
    WITH pairs AS (${pairs}), written AS (
      INSERT INTO edge (start_id, end_id, kind_id, properties)
      SELECT DISTINCT start_id, end_id, ${kindId}::int2, ${properties}::jsonb FROM pairs WHERE start_id <> end_id
      ON CONFLICT (start_id, end_id, kind_id, graph_id)
        DO UPDATE SET properties = edge.properties || excluded.properties
      RETURNING 1)
    SELECT count(*)::int AS n FROM written`);
  return Number(row.n);
}

/**
 * Step 4: every edge of a kind analysis owns (the catalogue's post-processed kinds: what steps 5-11 create) goes, so
 * each run recomputes them from the collected data. Ingest never writes these (Owns/WriteOwner arrive as
 * OwnsRaw/WriteOwnerRaw).
 */
export const deletePostProcessedEdges: SqlStep = {
  name: 'DeletePostProcessedEdges',
  async run(query) {
    const ids = await kindIds(query, POST_PROCESSED_EDGE_KINDS);
    const [row] = await query(
      `WITH deleted AS (DELETE FROM edge WHERE kind_id = ANY($1::int2[]) RETURNING 1) SELECT count(*)::int AS n FROM deleted`,
      [[...ids.values()]],
    );
    return Number(row.n);
  },
};
