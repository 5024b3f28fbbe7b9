import { Injectable } from '@nestjs/common';
import type { Node, Record as Neo4jRecord, Relationship } from 'neo4j-driver';
import { GraphStore, type Expansion } from '../../application/ports.js';
import type {
  BatchResult, Direction, EdgeUpsert, GraphBatch, GraphEdge, GraphNode, NodeUpsert, Properties,
} from '../../domain/graph.js';
import { printLabels, quoteIdentifier } from '../../cypher/printer.js';
import { Neo4jConnection } from './neo4j-connection.js';
import { encodePatch, jsonKeysUpdate, mergePatches } from './neo4j-properties.js';
import { idParams, NODE_LABEL, toGraphEdge, toGraphNode, toPlain } from './neo4j-values.js';
import { Neo4jBatchWriter } from './neo4j-batch-writer.js';
import { ADD_LABELS, UPSERT_NODES } from './neo4j-node-statements.js';

export { UPSERT_NODES } from './neo4j-node-statements.js';

const NODE = `(n:${quoteIdentifier(NODE_LABEL)} {objectid: objectid})`;

const UPSERT_EDGES = (kind: string) => `UNWIND $rows AS row
MATCH (s:${quoteIdentifier(NODE_LABEL)} {objectid: row.start})
MATCH (e:${quoteIdentifier(NODE_LABEL)} {objectid: row.end})
MERGE (s)-[r:${quoteIdentifier(kind)}]->(e)
SET r += row.properties
${jsonKeysUpdate('r')}
RETURN count(DISTINCT row) AS written`;

export const DELETE_NODES = `UNWIND $objectids AS objectid
MATCH ${NODE}
DETACH DELETE n
RETURN count(n) AS deleted`;

export const DELETE_EDGES = `UNWIND $rows AS row
MATCH (s) WHERE id(s) = row.startId
MATCH (s)-[r]->(e) WHERE id(e) = row.endId AND type(r) = row.kind
DELETE r
RETURN count(r) AS deleted`;

const UPDATE_KINDS = (add: string[], remove: string[]) => [
  'MATCH (n) WHERE id(n) IN $ids',
  ...(remove.length ? [`REMOVE n${printLabels(remove)}`] : []),
  ...(add.length ? [`SET n${printLabels(add)}`] : []),
].join('\n');

/** `system_tags` as its non-empty space-separated tokens; a written value joins them with single spaces. */
const TAG_TOKENS = "[t IN split(coalesce(n.system_tags, ''), ' ') WHERE t <> '']";
const JOINED = (list: string) => `reduce(s = head(${list}), t IN tail(${list}) | s + ' ' + t)`;

/** Takes the kind (and `$tag`, the last token removing the property) from holders outside `$ids`. */
const REMOVE_MEMBERS = (kind: string, tagged: boolean) => [
  `MATCH (n:${quoteIdentifier(kind)}) WHERE NOT id(n) IN $ids`,
  `REMOVE n:${quoteIdentifier(kind)}`,
  ...(tagged ? [
    `WITH n, ${TAG_TOKENS} AS tokens`,
    'SET n.system_tags = CASE WHEN NOT $tag IN tokens THEN n.system_tags WHEN all(t IN tokens WHERE t = $tag) THEN null',
    `  ELSE ${JOINED('[t IN tokens WHERE t <> $tag]')} END`,
  ] : []),
  'RETURN count(n) AS removed',
].join('\n');

/** Gives the kind (and `$tag`) to the nodes of `$ids`, counting those that lacked the kind. */
const ADD_MEMBERS = (kind: string, tagged: boolean) => [
  'MATCH (n) WHERE id(n) IN $ids',
  `WITH n, NOT n:${quoteIdentifier(kind)} AS gains`,
  `SET n:${quoteIdentifier(kind)}`,
  ...(tagged ? [
    `WITH n, gains, ${TAG_TOKENS} AS tokens`,
    `SET n.system_tags = CASE WHEN $tag IN tokens THEN n.system_tags ELSE ${JOINED('tokens + $tag')} END`,
  ] : []),
  'RETURN count(CASE WHEN gains THEN 1 END) AS added',
].join('\n');

export const CLEAR = 'MATCH (n) DETACH DELETE n';
export const NODES_BY_IDS = 'MATCH (n) WHERE id(n) IN $ids RETURN n ORDER BY id(n)';
export const NODES_BY_OBJECTIDS =
  `MATCH (n:${quoteIdentifier(NODE_LABEL)}) WHERE n.objectid IN $objectids RETURN n ORDER BY id(n)`;
export const NODE_BY_OBJECTID =
  `MATCH (n:${quoteIdentifier(NODE_LABEL)} {objectid: $objectid}) WHERE $kind IS NULL OR $kind IN labels(n) RETURN n`;
export const NODE_IDS_IN_DOMAIN = `MATCH (n:${quoteIdentifier(NODE_LABEL)})
WHERE n.domainsid IS NOT NULL AND ((n.domainsid = $domainsid) <> $foreign) AND (size($kinds) = 0 OR any(k IN labels(n) WHERE k IN $kinds)) AND ($ids IS NULL OR id(n) IN $ids)
RETURN id(n) AS id`;
export const EDGES_BY_IDS = 'MATCH ()-[r]->() WHERE id(r) IN $ids RETURN r ORDER BY id(r)';
export const EDGE_BETWEEN = `MATCH (s) WHERE id(s) = $startId
MATCH (s)-[r]->(e) WHERE id(e) = $endId AND type(r) = $kind
RETURN r LIMIT 1`;

const ARROWS: Record<Direction, [string, string]> = { outbound: ['-', '->'], inbound: ['<-', '-'], both: ['-', '-'] };

const NEIGHBOURS = (direction: Direction, kinds: readonly string[]) => {
  const [left, right] = ARROWS[direction];
  return `MATCH (s) WHERE id(s) IN $ids
MATCH (s)${left}[r${printLabels(kinds, true)}]${right}(o)
RETURN r, o`;
};

export const COUNTS = `CALL { MATCH (n) RETURN count(n) AS nodes }
CALL { MATCH ()-[r]->() RETURN count(r) AS edges }
RETURN nodes, edges`;

function byNumericId<T extends { id: string }>(items: Iterable<T>): T[] {
  const distinct = new Map([...items].map((item) => [item.id, item]));
  return [...distinct.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0));
}

/**
 * The storage face over Neo4j, with the PostgreSQL adapter's semantics (the graph-store contract runs on both).
 * Every call is one transaction of batched `UNWIND $rows` statements; values always travel as parameters. Labels
 * and relationship types cannot be parameters before Neo4j 5.26, so they are printed quoted and batches are split
 * by label set (nodes) or type (edges).
 */
@Injectable()
export class Neo4jGraphStore extends GraphStore {
  private readonly batches: Neo4jBatchWriter;

  constructor(private readonly connection: Neo4jConnection) {
    super();
    this.batches = new Neo4jBatchWriter(connection);
  }

  async upsertNodes(nodes: NodeUpsert[]): Promise<void> {
    if (nodes.length === 0) return;
    const merged = new Map<string, { kinds: Set<string>; properties: Properties }>();
    for (const { objectid, kinds, properties } of nodes) {
      const entry = merged.get(objectid) ?? { kinds: new Set<string>(), properties: {} };
      kinds.forEach((kind) => entry.kinds.add(kind));
      entry.properties = mergePatches(entry.properties, properties);
      merged.set(objectid, entry);
    }
    const rows = [...merged].map(([objectid, { properties }]) => {
      const { objectid: _fromUpsert, ...rest } = properties;
      return { objectid, ...encodePatch(rest) };
    });
    const byLabels = new Map<string, string[]>();
    for (const [objectid, { kinds }] of merged) {
      if (kinds.size === 0) continue;
      const key = JSON.stringify([...kinds].sort());
      byLabels.set(key, [...(byLabels.get(key) ?? []), objectid]);
    }
    await this.connection.write(async (tx) => {
      await tx.run(UPSERT_NODES, { rows });
      for (const [key, objectids] of byLabels) await tx.run(ADD_LABELS(JSON.parse(key)), { objectids });
    });
  }

  async writeBatch(batch: GraphBatch): Promise<BatchResult> {
    return this.batches.write(batch);
  }

  async upsertEdges(edges: EdgeUpsert[]): Promise<{ written: number; skipped: number }> {
    const byKind = new Map<string, Map<string, { start: string; end: string; properties: Properties }>>();
    for (const { startObjectId: start, endObjectId: end, kind, properties } of edges) {
      const rows = byKind.get(kind) ?? new Map();
      const key = JSON.stringify([start, end]);
      rows.set(key, { start, end, properties: mergePatches(rows.get(key)?.properties, properties) });
      byKind.set(kind, rows);
    }
    if (byKind.size === 0) return { written: 0, skipped: 0 };
    const total = [...byKind.values()].reduce((sum, rows) => sum + rows.size, 0);
    const written = await this.connection.write(async (tx) => {
      let count = 0;
      for (const [kind, rows] of byKind) {
        const params = [...rows.values()].map(({ start, end, properties }) => ({ start, end, ...encodePatch(properties) }));
        const { records } = await tx.run(UPSERT_EDGES(kind), { rows: params });
        count += Number(toPlain(records[0]?.get('written') ?? 0));
      }
      return count;
    });
    return { written, skipped: total - written };
  }

  async deleteNodes(objectids: string[]): Promise<number> {
    if (objectids.length === 0) return 0;
    const records = await this.write(DELETE_NODES, { objectids: [...new Set(objectids)] });
    return Number(toPlain(records[0]?.get('deleted') ?? 0));
  }

  async deleteEdges(edges: { startId: string; endId: string; kind: string }[]): Promise<number> {
    const rows = new Map<string, { startId: unknown; endId: unknown; kind: string }>();
    for (const { startId, endId, kind } of edges) {
      const [start] = idParams([startId]);
      const [end] = idParams([endId]);
      if (start && end) rows.set(JSON.stringify([startId, endId, kind]), { startId: start, endId: end, kind });
    }
    if (rows.size === 0) return 0;
    const records = await this.write(DELETE_EDGES, { rows: [...rows.values()] });
    return Number(toPlain(records[0]?.get('deleted') ?? 0));
  }

  async updateNodeKinds(nodeIds: string[], add: string[], remove: string[]): Promise<void> {
    const ids = idParams(nodeIds);
    const removable = remove.filter((kind) => kind !== NODE_LABEL);
    if (ids.length === 0 || (add.length === 0 && removable.length === 0)) return;
    await this.write(UPDATE_KINDS([...new Set(add)], [...new Set(removable)]), { ids });
  }

  async replaceKindMembers(kind: string, nodeIds: string[], systemTag?: string): Promise<{ added: number; removed: number }> {
    const tagged = systemTag !== undefined;
    const parameters = { ids: idParams(nodeIds), ...(tagged ? { tag: systemTag } : {}) };
    return this.connection.write(async (tx) => {
      const { records: removed } = await tx.run(REMOVE_MEMBERS(kind, tagged), parameters);
      const { records: added } = await tx.run(ADD_MEMBERS(kind, tagged), parameters);
      return {
        added: Number(toPlain(added[0]?.get('added') ?? 0)),
        removed: Number(toPlain(removed[0]?.get('removed') ?? 0)),
      };
    });
  }

  async clear(): Promise<void> {
    await this.write(CLEAR, {});
  }

  async nodesByIds(ids: string[]): Promise<GraphNode[]> {
    const params = idParams(ids);
    if (params.length === 0) return [];
    return (await this.read(NODES_BY_IDS, { ids: params })).map((r) => toGraphNode(r.get('n') as Node));
  }

  /** Not offered: the caller loads the nodes. */
  async nodesDigest(): Promise<string | undefined> {
    return undefined;
  }

  async nodesByObjectIds(objectids: string[]): Promise<GraphNode[]> {
    if (objectids.length === 0) return [];
    const records = await this.read(NODES_BY_OBJECTIDS, { objectids: [...new Set(objectids)] });
    return records.map((r) => toGraphNode(r.get('n') as Node));
  }

  async nodeByObjectId(objectid: string, kind?: string): Promise<GraphNode | undefined> {
    const [record] = await this.read(NODE_BY_OBJECTID, { objectid, kind: kind ?? null });
    return record && toGraphNode(record.get('n') as Node);
  }

  async nodeIdsInDomain(
    domainSid: string, kinds: readonly string[], { among, foreign = false }: { among?: readonly string[]; foreign?: boolean } = {},
  ): Promise<string[]> {
    const records = await this.read(NODE_IDS_IN_DOMAIN, {
      domainsid: domainSid, foreign, kinds: [...kinds], ids: among ? idParams([...among]) : null,
    });
    return records.map((record) => String(record.get('id')));
  }

  async edgesByIds(ids: string[]): Promise<GraphEdge[]> {
    const params = idParams(ids);
    if (params.length === 0) return [];
    return (await this.read(EDGES_BY_IDS, { ids: params })).map((r) => toGraphEdge(r.get('r') as Relationship));
  }

  async edgeBetween(startId: string, endId: string, kind: string): Promise<GraphEdge | undefined> {
    const [start] = idParams([startId]);
    const [end] = idParams([endId]);
    if (!start || !end) return undefined;
    const [record] = await this.read(EDGE_BETWEEN, { startId: start, endId: end, kind });
    return record && toGraphEdge(record.get('r') as Relationship);
  }

  async neighbours(nodeIds: string[], direction: Direction, edgeKinds?: readonly string[]): Promise<Expansion> {
    const ids = idParams(nodeIds);
    if (ids.length === 0) return { edges: [], nodes: [] };
    const records = await this.read(NEIGHBOURS(direction, [...new Set(edgeKinds ?? [])]), { ids });
    return {
      edges: byNumericId(records.map((r) => toGraphEdge(r.get('r') as Relationship))),
      nodes: byNumericId(records.map((r) => toGraphNode(r.get('o') as Node))),
    };
  }

  async counts(): Promise<{ nodes: number; edges: number }> {
    const [record] = await this.read(COUNTS, {});
    return { nodes: Number(toPlain(record?.get('nodes') ?? 0)), edges: Number(toPlain(record?.get('edges') ?? 0)) };
  }

  private read(text: string, parameters: Record<string, unknown>): Promise<Neo4jRecord[]> {
    return this.connection.read(async (tx) => (await tx.run(text, parameters)).records);
  }

  private write(text: string, parameters: Record<string, unknown>): Promise<Neo4jRecord[]> {
    return this.connection.write(async (tx) => (await tx.run(text, parameters)).records);
  }
}
