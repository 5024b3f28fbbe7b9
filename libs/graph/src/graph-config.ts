import { ConfigError, defineConfigSlice } from '@app/platform';

export type GraphDriver = 'pg' | 'neo4j';

/** The graph backend and the ceilings of graph work. */
export class GraphConfig {
  /** Graph backend: `pg` (the graph in PostgreSQL, default) or `neo4j` (NEO4J_URL). */
  readonly graphDriver: GraphDriver;
  readonly neo4j: { url: string; user: string; password: string } | undefined;
  /** Server ceiling of any graph work, whatever Prefer asks (GRAPH_QUERY_TIMEOUT, seconds). */
  readonly graphQueryTimeoutSeconds: number;
  /** Most graph elements (nodes + edges) one graph answer may carry (GRAPH_RESULT_LIMIT). */
  readonly graphResultLimit: number;
  /** Graph requests one user may have running at once; more answer 429 (GRAPH_CONCURRENCY_PER_USER). */
  readonly graphConcurrencyPerUser: number;
  /**
   * Whether this instance keeps the in-memory traversal index (GRAPH_TRAVERSAL_INDEX=on|off, default on; always off
   * with GRAPH_DRIVER=neo4j): pathfinding and edge compositions then walk memory instead of PostgreSQL's edge indexes.
   */
  readonly traversalIndex: boolean;
  /** The most memory the index may take (GRAPH_TRAVERSAL_INDEX_MAX_MB); a bigger graph is answered from SQL. */
  readonly traversalIndexMaxBytes: number;
}

export const graphConfigSlice = defineConfigSlice(GraphConfig, (env): GraphConfig => {
  const graphDriver = env.optional('GRAPH_DRIVER') ?? 'pg';
  if (graphDriver !== 'pg' && graphDriver !== 'neo4j') throw new ConfigError('GRAPH_DRIVER must be pg or neo4j');
  const neo4jUrl = env.optional('NEO4J_URL');
  if (neo4jUrl !== undefined && !/^(neo4j|bolt)(\+s|\+ssc)?:\/\//.test(neo4jUrl)) {
    throw new ConfigError('NEO4J_URL must be a neo4j:// or bolt:// URL (optionally +s or +ssc)');
  }
  if (graphDriver === 'neo4j' && neo4jUrl === undefined) throw new ConfigError('GRAPH_DRIVER=neo4j needs NEO4J_URL');
  const traversalIndex = env.optional('GRAPH_TRAVERSAL_INDEX') ?? 'on';
  if (traversalIndex !== 'on' && traversalIndex !== 'off') throw new ConfigError('GRAPH_TRAVERSAL_INDEX must be on or off');
  return {
    graphDriver,
    neo4j: neo4jUrl === undefined ? undefined : {
      url: neo4jUrl,
      user: env.optional('NEO4J_USER') ?? 'neo4j',
      password: env.optional('NEO4J_PASSWORD') ?? '',
    },
    graphQueryTimeoutSeconds: env.integer('GRAPH_QUERY_TIMEOUT', 60, 1, 3600),
    graphResultLimit: env.integer('GRAPH_RESULT_LIMIT', 10_000, 1, 10_000_000),
    graphConcurrencyPerUser: env.integer('GRAPH_CONCURRENCY_PER_USER', 4, 1, 1000),
    traversalIndex: traversalIndex === 'on' && graphDriver === 'pg',
    traversalIndexMaxBytes: env.integer('GRAPH_TRAVERSAL_INDEX_MAX_MB', 4096, 1, 1_048_576) * 1024 * 1024,
  };
});
