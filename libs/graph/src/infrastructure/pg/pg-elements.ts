import type { EntityManager } from 'typeorm';
import type { GraphEdge, GraphNode, Properties } from '../../domain/graph.js';
import type { PgKindRegistry } from './pg-kind-registry.js';

/** A `node` row as the adapters select it (bigint ids come back from pg as strings). */
export interface NodeRow {
  id: string;
  kind_ids: number[];
  properties: Properties;
}

/** An `edge` row as the adapters select it. */
export interface EdgeRow {
  id: string;
  start_id: string;
  end_id: string;
  kind_id: number;
  properties: Properties;
}

/** Node rows as graph nodes, their kind ids resolved to names through the registry. */
export async function toGraphNodes(kinds: PgKindRegistry, rows: readonly NodeRow[]): Promise<GraphNode[]> {
  const names = await kindNames(kinds, rows.flatMap((row) => row.kind_ids));
  return rows.map((row) => ({ id: String(row.id), kinds: row.kind_ids.map((id) => names.get(id)!), properties: row.properties }));
}

/** Edge rows as graph edges, their kind ids resolved to names through the registry. */
export async function toGraphEdges(kinds: PgKindRegistry, rows: readonly EdgeRow[]): Promise<GraphEdge[]> {
  const names = await kindNames(kinds, rows.map((row) => row.kind_id));
  return rows.map((row) => ({
    id: String(row.id),
    startId: String(row.start_id),
    endId: String(row.end_id),
    kind: names.get(row.kind_id)!,
    properties: row.properties,
  }));
}

/**
 * Loads the named nodes and edges in two statements (none for an empty list) inside the caller's transaction,
 * keyed by id: how query results and found paths are hydrated for the wire.
 */
export async function loadElements(
  manager: EntityManager, kinds: PgKindRegistry, nodeIds: readonly (string | number)[], edgeIds: readonly (string | number)[],
): Promise<{ nodes: Map<string, GraphNode>; edges: Map<string, GraphEdge> }> {
  const nodeRows: NodeRow[] = nodeIds.length === 0 ? [] : await manager.query(
    'SELECT id, kind_ids, properties FROM node WHERE id = ANY($1::int8[])', [nodeIds],
  );
  const edgeRows: EdgeRow[] = edgeIds.length === 0 ? [] : await manager.query(
    'SELECT id, start_id, end_id, kind_id, properties FROM edge WHERE id = ANY($1::int8[])', [edgeIds],
  );
  const [nodes, edges] = await Promise.all([toGraphNodes(kinds, nodeRows), toGraphEdges(kinds, edgeRows)]);
  return {
    nodes: new Map(nodes.map((node) => [node.id, node])),
    edges: new Map(edges.map((edge) => [edge.id, edge])),
  };
}

async function kindNames(kinds: PgKindRegistry, ids: number[]): Promise<Map<number, string>> {
  const distinct = [...new Set(ids)];
  const names = await kinds.namesOf(distinct);
  return new Map(distinct.map((id, i) => [id, names[i]]));
}
