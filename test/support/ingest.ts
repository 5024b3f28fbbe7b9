import { Client } from 'pg';

export { extractZip, SAMPLE_ZIP } from '@app/ingest/testing';

export interface GraphSnapshot {
  nodes: { objectid: string; kinds: string[]; properties: Record<string, unknown> }[];
  edges: { start: string; kind: string; end: string; properties: Record<string, unknown> }[];
}

/** The whole graph by objectid, without the ingest timestamps (the only thing a re-ingest may change). */
export async function graphSnapshot(databaseUrl: string): Promise<GraphSnapshot> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const nodes = await client.query(`
      SELECT n.properties ->> 'objectid' AS objectid,
        (SELECT array_agg(k.name ORDER BY k.name) FROM kind k WHERE k.id = ANY (n.kind_ids)) AS kinds,
        n.properties - 'lastseen' - 'lastcollected' AS properties
      FROM node n ORDER BY 1`);
    const edges = await client.query(`
      SELECT s.properties ->> 'objectid' AS start, k.name AS kind, t.properties ->> 'objectid' AS end,
        e.properties - 'lastseen' AS properties
      FROM edge e JOIN node s ON s.id = e.start_id JOIN node t ON t.id = e.end_id JOIN kind k ON k.id = e.kind_id
      ORDER BY 1, 2, 3`);
    return { nodes: nodes.rows, edges: edges.rows };
  } finally {
    await client.end();
  }
}
