import { Injectable } from '@nestjs/common';
import { Database, joinSql, param, raw, sql, type Sql, type SqlParam } from '@app/platform';
import { GraphStore, type Expansion } from '../../application/ports.js';
import type {
  BatchResult, Direction, EdgeUpsert, GraphBatch, GraphEdge, GraphNode, NodeUpsert, Properties,
} from '../../domain/graph.js';
import { PgBatchWriter } from './pg-batch-writer.js';
import { toGraphEdges, toGraphNodes, type EdgeRow, type NodeRow } from './pg-elements.js';
import { PgKindRegistry } from './pg-kind-registry.js';
import { replaceMembers } from './pg-kind-members.js';
import { GRAPH_ID, HAS_NULL, MERGED, MERGED_KINDS, NULL_KEYS } from './pg-sql-parts.js';

const MAX_BIGINT = 9223372036854775807n;

// ON CONFLICT cannot strip the nulls of a row it inserts (the proposed row must keep them for the merge
// branch), so a second statement strips them, only for batches that carry a null. Rows a write would not
// change are left alone: re-ingesting the same collection rewrites nothing.
const UPSERT_NODES = `
  INSERT INTO node (kind_ids, properties)
  SELECT input.k, input.p
  FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (k int2[], p jsonb)) WITH ORDINALITY AS input (k, p, ord)
  ORDER BY input.ord
  ON CONFLICT (graph_id, (properties ->> 'objectid')) DO UPDATE SET kind_ids = ${MERGED_KINDS}, properties = ${MERGED('node')}
  WHERE NOT node.kind_ids @> excluded.kind_ids OR node.properties IS DISTINCT FROM ${MERGED('node')}`;
const STRIP_NODE_NULLS = `
  UPDATE node SET properties = properties - ${NULL_KEYS('properties')}
  WHERE graph_id = ${GRAPH_ID} AND properties ->> 'objectid' = ANY($1::text[]) AND ${HAS_NULL('properties')}`;
const UPSERT_EDGES = `
  WITH input AS (
    SELECT * FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (s text, e text, k int2, p jsonb))
      WITH ORDINALITY AS input (s, e, k, p, ord)
  ), resolved AS (
    SELECT a.id AS start_id, b.id AS end_id, input.k, input.p, input.ord
    FROM input
    JOIN node a ON a.graph_id = ${GRAPH_ID} AND a.properties ->> 'objectid' = input.s
    JOIN node b ON b.graph_id = ${GRAPH_ID} AND b.properties ->> 'objectid' = input.e
  ), changed AS (
    INSERT INTO edge (start_id, end_id, kind_id, properties)
    SELECT start_id, end_id, k, p FROM resolved ORDER BY ord
    ON CONFLICT (start_id, end_id, kind_id, graph_id) DO UPDATE SET properties = ${MERGED('edge')}
    WHERE edge.properties IS DISTINCT FROM ${MERGED('edge')}
    RETURNING id
  )
  SELECT (SELECT count(*)::int FROM resolved) AS written,
         CASE WHEN $2::boolean THEN (SELECT array_agg(id::text) FROM changed) END AS ids`;
const STRIP_EDGE_NULLS = `
  UPDATE edge SET properties = properties - ${NULL_KEYS('properties')}
  WHERE id = ANY($1::bigint[]) AND ${HAS_NULL('properties')}`;
const NODE_COLUMNS = 'n.id, n.kind_ids, n.properties';
const EDGE_COLUMNS = 'e.id, e.start_id, e.end_id, e.kind_id, e.properties';

/** Which edges one expansion step from `seeds` reads, and which end of each is "the other" node, per direction. */
const EXPANSION: Record<Direction, (seeds: SqlParam) => { edges: Sql; others: Sql }> = {
  outbound: (seeds) => ({ edges: sql`e.start_id = ANY(${seeds}::bigint[])`, others: sql`SELECT end_id FROM hits` }),
  inbound: (seeds) => ({ edges: sql`e.end_id = ANY(${seeds}::bigint[])`, others: sql`SELECT start_id FROM hits` }),
  both: (seeds) => ({
    edges: sql`(e.start_id = ANY(${seeds}::bigint[]) OR e.end_id = ANY(${seeds}::bigint[]))`,
    others: sql`SELECT end_id FROM hits WHERE start_id = ANY(${seeds}::bigint[])
      UNION SELECT start_id FROM hits WHERE end_id = ANY(${seeds}::bigint[])`,
  }),
};

/** A well-formed bigint id: anything else names no row (and must not reach a ::bigint cast). */
function isRowId(id: string): boolean {
  return /^\d{1,19}$/.test(id) && BigInt(id) <= MAX_BIGINT;
}

function rowIds(ids: readonly string[]): string[] {
  return [...new Set(ids)].filter(isRowId);
}

/** A write's properties without undefined values (JSON drops them: they must not hide an earlier value). */
function patchOf(properties: Properties | undefined): Properties {
  return Object.fromEntries(Object.entries(properties ?? {}).filter(([, value]) => value !== undefined));
}

function hasNull(properties: Properties): boolean {
  return Object.values(properties).some((value) => value === null);
}

/**
 * One write per key: kinds unioned, properties merged in batch order with nulls kept (they remove stored
 * values), since ON CONFLICT cannot touch a row twice in one statement. Sorted by key, so concurrent batches
 * lock shared rows in the same order.
 */
function mergeByKey<T extends { properties: Properties }>(items: T[], key: (item: T) => string, merge: (into: T, item: T) => void): T[] {
  const merged = new Map<string, T>();
  for (const item of items) {
    const seen = merged.get(key(item));
    if (seen) {
      merge(seen, item);
      seen.properties = { ...seen.properties, ...patchOf(item.properties) };
    } else merged.set(key(item), { ...item, properties: patchOf(item.properties) });
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
}

/**
 * The graph in PostgreSQL (graph-reference §1). Every method is a fixed number of set-based statements whatever
 * the batch size (batches travel as one jsonb or array parameter), runs under the request deadline, and reads
 * in read-only transactions. Kind names map to ids through the registry; ids stay decimal strings.
 */
@Injectable()
export class PgGraphStore extends GraphStore {
  private readonly batches: PgBatchWriter;

  constructor(private readonly database: Database, private readonly kinds: PgKindRegistry) {
    super();
    this.batches = new PgBatchWriter(database, kinds);
  }

  async upsertNodes(nodes: NodeUpsert[]): Promise<void> {
    if (nodes.length === 0) return;
    const batch = mergeByKey(
      nodes.map((n) => ({ ...n, kinds: [...n.kinds] })),
      (n) => n.objectid,
      (into, n) => into.kinds.push(...n.kinds),
    );
    const ids = await this.kinds.idsFor(batch.flatMap((n) => n.kinds), { create: true });
    const rows = batch.map((n) => ({
      k: [...new Set(n.kinds.map((kind) => ids.get(kind)!))].sort((a, b) => a - b),
      p: { ...n.properties, objectid: n.objectid },
    }));
    const withNulls = batch.filter((n) => hasNull(n.properties)).map((n) => n.objectid);
    await this.database.transaction(async (manager) => {
      await manager.query(UPSERT_NODES, [JSON.stringify(rows)]);
      if (withNulls.length > 0) await manager.query(STRIP_NODE_NULLS, [withNulls]);
    });
  }

  async writeBatch(batch: GraphBatch): Promise<BatchResult> {
    return this.batches.write(batch);
  }

  async upsertEdges(edges: EdgeUpsert[]): Promise<{ written: number; skipped: number }> {
    if (edges.length === 0) return { written: 0, skipped: 0 };
    const batch = mergeByKey(edges, (e) => JSON.stringify([e.startObjectId, e.endObjectId, e.kind]), () => undefined);
    const ids = await this.kinds.idsFor(batch.map((e) => e.kind), { create: true });
    const rows = batch.map((e) => ({ s: e.startObjectId, e: e.endObjectId, k: ids.get(e.kind), p: e.properties }));
    const nulls = batch.some((e) => hasNull(e.properties));
    const written = await this.database.transaction(async (manager) => {
      const [result] = await manager.query(UPSERT_EDGES, [JSON.stringify(rows), nulls]);
      if (result.ids) await manager.query(STRIP_EDGE_NULLS, [result.ids]);
      return result.written as number;
    });
    return { written, skipped: batch.length - written };
  }

  async deleteNodes(objectids: string[]): Promise<number> {
    if (objectids.length === 0) return 0;
    return this.count(
      `WITH deleted AS (DELETE FROM node WHERE graph_id = ${GRAPH_ID} AND properties ->> 'objectid' = ANY($1::text[]) RETURNING 1)
       SELECT count(*)::int AS n FROM deleted`,
      [[...new Set(objectids)]],
    );
  }

  async deleteEdges(edges: { startId: string; endId: string; kind: string }[]): Promise<number> {
    const ids = await this.kinds.idsFor(edges.map((e) => e.kind), { create: false });
    const known = edges.filter((e) => ids.has(e.kind) && isRowId(e.startId) && isRowId(e.endId));
    if (known.length === 0) return 0;
    return this.count(
      `WITH deleted AS (
         DELETE FROM edge e USING unnest($1::bigint[], $2::bigint[], $3::int2[]) AS input (s, t, k)
         WHERE e.start_id = input.s AND e.end_id = input.t AND e.kind_id = input.k RETURNING 1)
       SELECT count(*)::int AS n FROM deleted`,
      [known.map((e) => e.startId), known.map((e) => e.endId), known.map((e) => ids.get(e.kind))],
    );
  }

  async updateNodeKinds(nodeIds: string[], add: string[], remove: string[]): Promise<void> {
    const targets = rowIds(nodeIds);
    if (targets.length === 0 || (add.length === 0 && remove.length === 0)) return;
    const added = [...(await this.kinds.idsFor(add, { create: true })).values()];
    const removed = [...(await this.kinds.idsFor(remove, { create: false })).values()];
    // Removed first, then added: a kind in both lists ends up present.
    await this.database.query(
      `UPDATE node SET kind_ids = ARRAY(
         SELECT k FROM unnest(kind_ids) AS k WHERE k <> ALL($2::int2[]) UNION SELECT unnest($3::int2[]) ORDER BY 1)
       WHERE id = ANY($1::bigint[])`,
      [targets, removed, added],
    );
  }

  async replaceKindMembers(kind: string, nodeIds: string[], systemTag?: string): Promise<{ added: number; removed: number }> {
    const kindId = (await this.kinds.idsFor([kind], { create: true })).get(kind)!;
    const change = { members: rowIds(nodeIds), kindId: param(kindId), tag: param(systemTag ?? null) };
    const { text, values } = replaceMembers(change).toQuery();
    const [counts] = await this.database.query<{ added: number; removed: number }>(text, values);
    return counts;
  }

  async clear(): Promise<void> {
    await this.database.query('TRUNCATE edge, node');
  }

  async nodesByIds(ids: string[]): Promise<GraphNode[]> {
    const keys = rowIds(ids);
    if (keys.length === 0) return [];
    return this.nodes(`SELECT ${NODE_COLUMNS} FROM node n WHERE n.id = ANY($1::bigint[]) ORDER BY n.id`, [keys]);
  }

  async nodesDigest(ids: string[], properties: readonly string[]): Promise<string | undefined> {
    // Tag kinds aside (evaluation writes them to the very nodes it digests), removed one by one: there are few, and
    // array_remove costs far less than a subquery per row.
    const tagKinds: { id: number }[] = await this.database.query(`SELECT id FROM kind WHERE name LIKE 'Tag\\_%' ORDER BY id`);
    const kinds = tagKinds.reduce<Sql>((array, { id }) => sql`array_remove(${array}, ${id}::int2)`, raw('n.kind_ids'));
    const fields = [sql`${kinds}::text`, ...properties.map((key) => sql`coalesce(n.properties ->> ${key}::text, E'\\x1e')`)];
    // Server-side, the properties never travel: an order-free sum of 64-bit row hashes (a changed row changes it
    // but for a 2^-64 chance) and the row count. Kind ids stand for kind names (a name keeps its id for good).
    const { text, values } = sql`
      SELECT count(*)::text || ':' || coalesce(sum(hashtextextended(
               concat_ws(E'\\x1f', ${joinSql(fields, ', ')}), n.id)), 0)::text AS digest
      FROM node n WHERE n.id = ANY(${rowIds(ids)}::bigint[])`.toQuery();
    const [{ digest }] = await this.database.query<{ digest: string }>(text, values);
    return digest;
  }

  async nodesByObjectIds(objectids: string[]): Promise<GraphNode[]> {
    if (objectids.length === 0) return [];
    return this.nodes(
      `SELECT ${NODE_COLUMNS} FROM node n
       WHERE n.graph_id = ${GRAPH_ID} AND n.properties ->> 'objectid' = ANY($1::text[]) ORDER BY n.id`,
      [[...new Set(objectids)]],
    );
  }

  async nodeByObjectId(objectid: string, kind?: string): Promise<GraphNode | undefined> {
    const kindId = kind === undefined ? null : (await this.kinds.idsFor([kind], { create: false })).get(kind);
    if (kindId === undefined) return undefined;
    const kindParam = param(kindId);
    const { text, values } = sql`SELECT ${raw(NODE_COLUMNS)} FROM node n
      WHERE n.graph_id = ${raw(GRAPH_ID)} AND n.properties ->> 'objectid' = ${objectid}
        AND (${kindParam}::int2 IS NULL OR n.kind_ids @> ARRAY[${kindParam}::int2])`.toQuery();
    const [node] = await this.nodes(text, values);
    return node;
  }

  async nodeIdsInDomain(
    domainSid: string, kinds: readonly string[], { among, foreign = false }: { among?: readonly string[]; foreign?: boolean } = {},
  ): Promise<string[]> {
    const kindIds = kinds.length === 0
      ? undefined
      : [...(await this.kinds.idsFor([...kinds], { create: false })).values()].filter((id) => id !== undefined);
    if (kindIds?.length === 0) return [];
    const { text, values } = sql`SELECT n.id::text AS id FROM node n
      WHERE n.properties ->> 'domainsid' ${raw(foreign ? '<>' : '=')} ${domainSid}
        ${kindIds ? sql`AND n.kind_ids && ${kindIds}::int2[]` : raw('')}
        ${among ? sql`AND n.id = ANY(${rowIds([...among])}::bigint[])` : raw('')}`.toQuery();
    const rows: { id: string }[] = await this.database.query(text, values);
    return rows.map((row) => row.id);
  }

  async edgesByIds(ids: string[]): Promise<GraphEdge[]> {
    const keys = rowIds(ids);
    if (keys.length === 0) return [];
    return this.edges(`SELECT ${EDGE_COLUMNS} FROM edge e WHERE e.id = ANY($1::bigint[]) ORDER BY e.id`, [keys]);
  }

  async edgeBetween(startId: string, endId: string, kind: string): Promise<GraphEdge | undefined> {
    const kindId = (await this.kinds.idsFor([kind], { create: false })).get(kind);
    if (kindId === undefined || !isRowId(startId) || !isRowId(endId)) return undefined;
    const [edge] = await this.edges(
      `SELECT ${EDGE_COLUMNS} FROM edge e WHERE e.start_id = $1 AND e.end_id = $2 AND e.kind_id = $3`,
      [startId, endId, kindId],
    );
    return edge;
  }

  async neighbours(nodeIds: string[], direction: Direction, edgeKinds?: readonly string[]): Promise<Expansion> {
    const seeds = rowIds(nodeIds);
    const filtered = edgeKinds !== undefined && edgeKinds.length > 0;
    const kindIds = filtered ? [...(await this.kinds.idsFor(edgeKinds, { create: false })).values()] : [];
    if (seeds.length === 0 || (filtered && kindIds.length === 0)) return { edges: [], nodes: [] };
    const { edges, others } = EXPANSION[direction](param(seeds));
    const ofKinds = filtered ? sql`AND e.kind_id = ANY(${kindIds}::int2[])` : raw('');
    const { text, values } = sql`
      WITH hits AS (
        SELECT ${raw(EDGE_COLUMNS)} FROM edge e WHERE ${edges} ${ofKinds}
      )
      SELECT 'edge' AS type, id, start_id, end_id, kind_id, NULL::int2[] AS kind_ids, properties FROM hits
      UNION ALL
      SELECT 'node', n.id, NULL, NULL, NULL, n.kind_ids, n.properties FROM node n WHERE n.id IN (${others})
      ORDER BY type, id`.toQuery();
    const rows = await this.database.query<(NodeRow & EdgeRow) & { type: 'edge' | 'node' }>(
      text, values, { readOnly: true },
    );
    return {
      edges: await toGraphEdges(this.kinds, rows.filter((row) => row.type === 'edge')),
      nodes: await toGraphNodes(this.kinds, rows.filter((row) => row.type === 'node')),
    };
  }

  async counts(): Promise<{ nodes: number; edges: number }> {
    const [row] = await this.database.query<{ nodes: string; edges: string }>(
      'SELECT (SELECT count(*) FROM node) AS nodes, (SELECT count(*) FROM edge) AS edges',
      [],
      { readOnly: true },
    );
    return { nodes: Number(row.nodes), edges: Number(row.edges) };
  }

  private async count(text: string, values: unknown[]): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(text, values);
    return row.n;
  }

  private async nodes(text: string, values: unknown[]): Promise<GraphNode[]> {
    return toGraphNodes(this.kinds, await this.database.query<NodeRow>(text, values, { readOnly: true }));
  }

  private async edges(text: string, values: unknown[]): Promise<GraphEdge[]> {
    return toGraphEdges(this.kinds, await this.database.query<EdgeRow>(text, values, { readOnly: true }));
  }
}
