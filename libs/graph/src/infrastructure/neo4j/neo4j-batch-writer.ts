import type { ManagedTransaction } from 'neo4j-driver';
import { printLabels, quoteIdentifier } from '../../cypher/printer.js';
import { NUL_REFUSED, planBatch, planHasNul, type Endpoint, type PlannedEdge } from '../../domain/graph-batch.js';
import type { BatchResult, GraphBatch } from '../../domain/graph.js';
import type { Neo4jConnection } from './neo4j-connection.js';
import { encodePatch, jsonKeysUpdate } from './neo4j-properties.js';
import { NODE_LABEL, toPlain } from './neo4j-values.js';
import { ADD_LABELS, UPSERT_NODES } from './neo4j-node-statements.js';

const LABEL = quoteIdentifier(NODE_LABEL);

/** Creates the missing stubs of one label set; a node that exists is left alone. Counts the nodes created. */
export const STUB_NODES = (labels: string[]) => `UNWIND $rows AS row
OPTIONAL MATCH (found:${LABEL} {objectid: row.objectid})
WITH row, found IS NULL AS missing
MERGE (n:${LABEL} {objectid: row.objectid})
ON CREATE SET n${printLabels(labels)}, n.lastseen = row.lastseen
RETURN count(CASE WHEN missing THEN 1 END) AS created`;

/** Binds `variable` to the node an endpoint names: by objectid, or the oldest with that distinguishedname. */
function matchEndpoint(variable: string, by: Endpoint['matchBy'], field: string): string {
  if (by === 'objectid') return `MATCH (${variable}:${LABEL} {objectid: row.${field}})`;
  return `CALL { WITH row MATCH (m:${LABEL}) WHERE toUpper(m.distinguishedname) = toUpper(row.${field}) ` +
    `RETURN m AS ${variable} ORDER BY id(m) LIMIT 1 }`;
}

/** Upserts the edges of one type whose endpoints are named the same way; counts rows resolved and edges written. */
export const UPSERT_BATCH_EDGES = (kind: string, startBy: Endpoint['matchBy'], endBy: Endpoint['matchBy']) => `UNWIND $rows AS row
${matchEndpoint('s', startBy, 'start')}
${matchEndpoint('e', endBy, 'end')}
MERGE (s)-[r:${quoteIdentifier(kind)}]->(e)
SET r += row.properties
${jsonKeysUpdate('r')}
RETURN count(*) AS resolved, count(DISTINCT r) AS written`;

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const count = (records: { get(key: string): unknown }[], key: string) => Number(toPlain(records[0]?.get(key) ?? 0));

/**
 * Writes one ingest batch in one Neo4j transaction with `UNWIND $rows` + MERGE statements: nodes, then labels per
 * label set, stubs per label set, edges per (type, endpoint matching). Labels and types cannot be parameters, so
 * the statement count grows with the distinct label sets and edge types of the batch, never with its rows.
 */
export class Neo4jBatchWriter {
  constructor(private readonly connection: Neo4jConnection) {}

  async write(batch: GraphBatch): Promise<BatchResult> {
    const plan = planBatch(batch);
    // As PostgreSQL would: the backends must agree on what a batch may hold.
    if (planHasNul(plan)) throw new Error(NUL_REFUSED);
    const nodeRows = plan.nodes.map(({ objectid, properties }) => {
      const { objectid: _key, ...rest } = properties;
      return { objectid, ...encodePatch(rest) };
    });
    const labelled = groupBy(plan.nodes.filter((n) => n.kinds.length > 0), (n) => JSON.stringify([...n.kinds].sort()));
    const stubs = groupBy(plan.stubs, (s) => JSON.stringify([...s.kinds].sort()));
    const edges = groupBy(plan.edges, (e) => JSON.stringify([e.kind, e.start.matchBy, e.end.matchBy]));
    return this.connection.write(async (tx) => {
      if (nodeRows.length > 0) await tx.run(UPSERT_NODES, { rows: nodeRows });
      for (const [key, nodes] of labelled) await tx.run(ADD_LABELS(JSON.parse(key)), { objectids: nodes.map((n) => n.objectid) });
      let created = 0;
      for (const [key, group] of stubs) {
        const rows = group.map((s) => ({ objectid: s.objectid, lastseen: s.properties.lastseen }));
        created += count((await tx.run(STUB_NODES(JSON.parse(key)), { rows })).records, 'created');
      }
      const written = await this.writeEdges(tx, edges);
      return { nodes: plan.nodes.length, stubs: created, edges: written.written, skippedEdges: plan.edges.length - written.resolved };
    });
  }

  private async writeEdges(tx: ManagedTransaction, groups: Map<string, PlannedEdge[]>): Promise<{ resolved: number; written: number }> {
    let resolved = 0;
    let written = 0;
    for (const [key, group] of groups) {
      const [kind, startBy, endBy] = JSON.parse(key) as [string, Endpoint['matchBy'], Endpoint['matchBy']];
      const rows = group.map((e) => ({ start: e.start.objectid, end: e.end.objectid, ...encodePatch(e.properties) }));
      const { records } = await tx.run(UPSERT_BATCH_EDGES(kind, startBy, endBy), { rows });
      resolved += count(records, 'resolved');
      written += count(records, 'written');
    }
    return { resolved, written };
  }
}
