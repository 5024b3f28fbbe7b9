// What a PostgreSQL user would reach for: pgRouting's bidirectional Dijkstra (unit costs) over the traversable
// edges, one shortest path per (start, end) pair. Each call hands pgRouting the edge query, which it reads in full
// into its own graph. Capped by statement_timeout; absent where the extension cannot be installed.
import pg from 'pg';

export class PgRouting {
  constructor(url, timeoutMs) {
    this.client = new pg.Client({ connectionString: url });
    this.timeoutMs = timeoutMs;
  }

  /** Connects and installs the extension (and PostGIS, which Debian's build requires); resolves to why not when it cannot be. */
  async open() {
    await this.client.connect();
    try {
      await this.client.query('CREATE EXTENSION IF NOT EXISTS pgrouting CASCADE');
    } catch (error) {
      await this.client.end();
      return `pgRouting skipped: CREATE EXTENSION pgrouting failed (${error.message})`;
    }
    const { rows } = await this.client.query('SELECT pgr_version() AS version');
    await this.client.query(`SET statement_timeout = ${Number(this.timeoutMs)}`);
    this.version = rows[0].version;
    return undefined;
  }

  /** One path (node ids, start to end) per connected (start, end) pair, or 'timeout'. */
  async shortestPaths(starts, ends, kindIds) {
    try {
      const { rows } = await this.client.query(`
        SELECT start_vid, end_vid, node FROM pgr_bdDijkstra(
          format('SELECT id, start_id AS source, end_id AS target, 1.0::float8 AS cost FROM edge
                  WHERE kind_id = ANY(%L::int2[])', $3::int2[]),
          $1::int8[], $2::int8[], directed => true)
        ORDER BY start_vid, end_vid, path_seq`, [starts, ends, kindIds]);
      const paths = new Map();
      for (const row of rows) {
        const key = `${row.start_vid} ${row.end_vid}`;
        if (!paths.has(key)) paths.set(key, []);
        paths.get(key).push(Number(row.node));
      }
      return [...paths.values()];
    } catch (error) {
      if (error.code === '57014') return 'timeout';
      throw error;
    }
  }

  close() {
    return this.client.end();
  }
}
