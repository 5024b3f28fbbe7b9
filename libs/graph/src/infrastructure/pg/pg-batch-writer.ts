import { Database } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { planBatch, removesValue, type BatchPlan, type PlannedEdge } from '../../domain/graph-batch.js';
import type { BatchResult, GraphBatch } from '../../domain/graph.js';
import { copyRows, transactionClient } from './pg-copy.js';
import type { PgKindRegistry } from './pg-kind-registry.js';
import { GRAPH_ID, HAS_NULL, MERGED, MERGED_KINDS, NULL_KEYS } from './pg-sql-parts.js';


// Staging tables live only as long as the batch's transaction. Dropped first in case a caller's transaction
// already ran a batch (writeBatch joins an outer unit of work). JIT compilation costs seconds on these large
// statements and saves nothing; the sorts of a 50k-row batch fit in memory with a larger work_mem.
const STAGE = `
  SET LOCAL jit = off;
  SET LOCAL work_mem = '64MB';
  DROP TABLE IF EXISTS pg_temp.pw_batch_node, pg_temp.pw_batch_edge;
  CREATE TEMP TABLE pw_batch_node (
    ord int NOT NULL, has_null boolean NOT NULL, objectid text NOT NULL,
    kind_ids int2[] NOT NULL, properties jsonb NOT NULL) ON COMMIT DROP;
  CREATE TEMP TABLE pw_batch_edge (
    ord int NOT NULL, start_ref text NOT NULL, start_dn boolean NOT NULL, end_ref text NOT NULL, end_dn boolean NOT NULL,
    kind_id int2 NOT NULL, properties jsonb NOT NULL) ON COMMIT DROP`;
// Without statistics the planner guesses the staging tables' sizes (and its estimates explode through the joins).
const ANALYZE_STAGE = 'ANALYZE pw_batch_node (objectid); ANALYZE pw_batch_edge (start_ref, end_ref)';
const NODE_COLUMNS = 'pw_batch_node (ord, has_null, objectid, kind_ids, properties)';
const EDGE_COLUMNS = 'pw_batch_edge (ord, start_ref, start_dn, end_ref, end_dn, kind_id, properties)';

// Nodes and stubs in one statement, in one objectid order, so concurrent batches (one's node is another's stub)
// lock rows in the same order and cannot deadlock. A stub is the row without `lastcollected` (every batch node
// has it): it is inserted when missing, never merged into an existing node. As upsertNodes otherwise: rows a
// write would not change are left alone, and nulls are stripped after by STRIP_NODE_NULLS.
const UPSERT_NODES = `
  WITH written AS (
    INSERT INTO node (kind_ids, properties)
    SELECT kind_ids, properties FROM pw_batch_node ORDER BY ord
    ON CONFLICT (graph_id, (properties ->> 'objectid')) DO UPDATE SET kind_ids = ${MERGED_KINDS}, properties = ${MERGED('node')}
    WHERE excluded.properties ? 'lastcollected'
      AND (NOT node.kind_ids @> excluded.kind_ids OR node.properties IS DISTINCT FROM ${MERGED('node')})
    RETURNING properties ? 'lastcollected' AS collected)
  SELECT count(*) FILTER (WHERE NOT collected)::int AS stubs FROM written`;
const STRIP_NODE_NULLS = `
  UPDATE node SET properties = properties - ${NULL_KEYS('properties')}
  WHERE graph_id = ${GRAPH_ID} AND properties ->> 'objectid' IN (SELECT objectid FROM pw_batch_node WHERE has_null)
    AND ${HAS_NULL('properties')}`;
// Endpoints resolve once per distinct reference: by objectid through the unique index, by distinguishedname
// (case-insensitively, through its expression index) to the oldest matching node. Both are index probes per
// reference (LATERAL ... LIMIT 1 keeps the planner from hashing the whole node table, which made every batch cost
// as much as the graph was large). Two references may name one node, so edges are made distinct
// per (start, end, kind) after resolving, the later batch row winning. Inserts go in key order (lock order).
const UPSERT_EDGES = `
  WITH refs AS (
    SELECT start_ref AS ref, start_dn AS dn FROM pw_batch_edge UNION SELECT end_ref, end_dn FROM pw_batch_edge
  ), found AS (
    SELECT r.ref, r.dn, n.id FROM refs r CROSS JOIN LATERAL (
      SELECT n.id FROM node n WHERE n.graph_id = ${GRAPH_ID} AND n.properties ->> 'objectid' = r.ref LIMIT 1) n
      WHERE NOT r.dn
    UNION ALL
    SELECT r.ref, r.dn, n.id FROM refs r CROSS JOIN LATERAL (
      SELECT n.id FROM node n WHERE upper(n.properties ->> 'distinguishedname') = upper(r.ref) AND n.graph_id = ${GRAPH_ID}
      ORDER BY n.id LIMIT 1) n
      WHERE r.dn
  ), resolved AS (
    SELECT s.id AS start_id, t.id AS end_id, b.kind_id, b.properties, b.ord FROM pw_batch_edge b
      JOIN found s ON s.ref = b.start_ref AND s.dn = b.start_dn
      JOIN found t ON t.ref = b.end_ref AND t.dn = b.end_dn
  ), keyed AS (
    SELECT DISTINCT ON (start_id, end_id, kind_id) start_id, end_id, kind_id, properties FROM resolved
    ORDER BY start_id, end_id, kind_id, ord DESC
  ), changed AS (
    INSERT INTO edge (start_id, end_id, kind_id, properties)
    SELECT start_id, end_id, kind_id, properties FROM keyed ORDER BY start_id, end_id, kind_id
    ON CONFLICT (start_id, end_id, kind_id, graph_id) DO UPDATE SET properties = ${MERGED('edge')}
    WHERE edge.properties IS DISTINCT FROM ${MERGED('edge')}
    RETURNING id, ${HAS_NULL('properties')} AS has_null
  )
  SELECT (SELECT count(*)::int FROM resolved) AS resolved, (SELECT count(*)::int FROM keyed) AS written,
         (SELECT array_agg(id::text) FROM changed WHERE has_null) AS with_nulls`;
const STRIP_EDGE_NULLS = `
  UPDATE edge SET properties = properties - ${NULL_KEYS('properties')}
  WHERE id = ANY($1::bigint[]) AND ${HAS_NULL('properties')}`;

/** Batch nodes and stubs (disjoint) in one objectid order: the lock order of the node statement. */
function byObjectId<T extends { objectid: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => (a.objectid < b.objectid ? -1 : a.objectid > b.objectid ? 1 : 0));
}

interface EdgeOutcome {
  resolved: number;
  written: number;
  with_nulls: string[] | null;
}

/**
 * Writes one ingest batch in one transaction, in a fixed number of statements whatever its size: the batch is
 * COPYed into two temporary staging tables, then nodes are upserted with stubs for missing endpoints (one
 * statement) and edges upserted (one statement), plus a null-stripping update only when the batch removes a value.
 */
export class PgBatchWriter {
  constructor(private readonly database: Database, private readonly kinds: PgKindRegistry) {}

  async write(batch: GraphBatch): Promise<BatchResult> {
    const plan = planBatch(batch);
    if (plan.nodes.length === 0 && plan.edges.length === 0) return { nodes: 0, stubs: 0, edges: 0, skippedEdges: 0 };
    // Kinds are registered (committed on their own) before the batch's transaction starts.
    const ids = await this.kinds.idsFor(plan.kinds, { create: true });
    const kindIds = (kinds: string[]) => [...new Set(kinds.map((kind) => ids.get(kind)!))].sort((a, b) => a - b);
    return this.database.transaction(async (manager) => {
      await manager.query(STAGE);
      await this.stage(manager, plan, kindIds, ids);
      await manager.query(ANALYZE_STAGE);
      const nodeCount = plan.nodes.length + plan.stubs.length;
      const stubs = nodeCount > 0 ? ((await manager.query(UPSERT_NODES))[0].stubs as number) : 0;
      if (plan.nodes.some((n) => removesValue(n.properties))) await manager.query(STRIP_NODE_NULLS);
      const edges = plan.edges.length > 0 ? await this.upsertEdges(manager, plan.edges) : { resolved: 0, written: 0 };
      return { nodes: plan.nodes.length, stubs, edges: edges.written, skippedEdges: plan.edges.length - edges.resolved };
    });
  }

  private async stage(
    manager: EntityManager, plan: BatchPlan, kindIds: (kinds: string[]) => number[], ids: Map<string, number>,
  ): Promise<void> {
    const client = await transactionClient(manager);
    const nodes = byObjectId([...plan.nodes, ...plan.stubs]);
    let ord = 0;
    if (nodes.length > 0) {
      await copyRows(client, NODE_COLUMNS, nodes, (n) => [
        ord++, removesValue(n.properties), n.objectid, kindIds(n.kinds), JSON.stringify(n.properties),
      ]);
    }
    if (plan.edges.length > 0) {
      ord = 0;
      await copyRows(client, EDGE_COLUMNS, plan.edges, (e: PlannedEdge) => [
        ord++, e.start.objectid, e.start.matchBy === 'distinguishedname', e.end.objectid,
        e.end.matchBy === 'distinguishedname', ids.get(e.kind)!, JSON.stringify(e.properties),
      ]);
    }
  }

  private async upsertEdges(manager: EntityManager, edges: PlannedEdge[]): Promise<{ resolved: number; written: number }> {
    const [outcome] = (await manager.query(UPSERT_EDGES)) as EdgeOutcome[];
    if (outcome.with_nulls && edges.some((e) => removesValue(e.properties))) {
      await manager.query(STRIP_EDGE_NULLS, [outcome.with_nulls]);
    }
    return { resolved: outcome.resolved, written: outcome.written };
  }
}
