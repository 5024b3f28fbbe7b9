import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@app/platform';
import { graphConfigSlice } from './graph-config.js';

describe('graphConfigSlice', () => {
  it('applies the documented defaults', () => {
    const config = graphConfigSlice.read({}, '/srv');
    expect(config.graphDriver).toBe('pg');
    expect(config.neo4j).toBeUndefined();
    expect(config.graphQueryTimeoutSeconds).toBe(60);
    expect(config.graphResultLimit).toBe(10_000);
    expect(config.graphConcurrencyPerUser).toBe(4);
  });

  it('reads the Neo4j settings', () => {
    const config = graphConfigSlice.read({ GRAPH_DRIVER: 'neo4j', NEO4J_URL: 'neo4j://db:7687', NEO4J_PASSWORD: 'pw' });
    expect(config.graphDriver).toBe('neo4j');
    expect(config.neo4j).toEqual({ url: 'neo4j://db:7687', user: 'neo4j', password: 'pw' });
  });

  it('refuses GRAPH_DRIVER=neo4j without NEO4J_URL', () => {
    expect(() => graphConfigSlice.read({ GRAPH_DRIVER: 'neo4j' })).toThrow('GRAPH_DRIVER=neo4j needs NEO4J_URL');
  });

  it.each([
    ['GRAPH_DRIVER', 'mysql'],
    ['NEO4J_URL', 'http://db:7474'],
    ['GRAPH_QUERY_TIMEOUT', '0'],
    ['GRAPH_RESULT_LIMIT', '-5'],
    ['GRAPH_CONCURRENCY_PER_USER', 'many'],
  ])('rejects %s=%s with a ConfigError naming it', (name, value) => {
    expect(() => graphConfigSlice.read({ [name]: value })).toThrow(ConfigError);
    expect(() => graphConfigSlice.read({ [name]: value })).toThrow(name);
  });
});
