// The naive baseline: one recursive CTE that walks every simple path (node array, depth <= 15) from the starts,
// then keeps the shortest per pair. Capped by statement_timeout so it cannot run forever.
import pg from 'pg';

export class NaiveCte {
  constructor(url, timeoutMs) {
    this.client = new pg.Client({ connectionString: url });
    this.timeoutMs = timeoutMs;
  }

  async open() {
    await this.client.connect();
    await this.client.query(`SET statement_timeout = ${Number(this.timeoutMs)}`);
  }

  /** Paths (node id arrays) or 'timeout'. One start and one end: ORDER BY depth LIMIT 1; else per pair. */
  async shortestPaths(starts, ends, kindIds, maxDepth = 15) {
    const single = starts.length === 1 && ends.length === 1;
    const text = `
      WITH RECURSIVE walk (root, node, depth, path) AS (
        SELECT e.start_id, e.end_id, 1, ARRAY[e.start_id, e.end_id]
        FROM edge e WHERE e.start_id = ANY($1::int8[]) AND e.kind_id = ANY($3::int2[])
        UNION ALL
        SELECT w.root, e.end_id, w.depth + 1, w.path || e.end_id
        FROM walk w JOIN edge e ON e.start_id = w.node AND e.kind_id = ANY($3::int2[])
        WHERE w.depth < $4 AND NOT e.end_id = ANY(w.path)
      )
      ${single
        ? 'SELECT path FROM walk WHERE node = ANY($2::int8[]) ORDER BY depth LIMIT 1'
        : 'SELECT DISTINCT ON (root, node) path FROM walk WHERE node = ANY($2::int8[]) ORDER BY root, node, depth'}`;
    try {
      const { rows } = await this.client.query(text, [starts, ends, kindIds, maxDepth]);
      return rows.map((row) => row.path.map(Number));
    } catch (error) {
      if (error.code === '57014') return 'timeout';
      throw error;
    }
  }

  close() {
    return this.client.end();
  }
}
