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
    expect(config.traversalIndex).toBe(true);
    expect(config.traversalIndexMaxBytes).toBe(4096 * 1024 * 1024);
  });

  it('reads the Neo4j settings', () => {
    const config = graphConfigSlice.read({ GRAPH_DRIVER: 'neo4j', NEO4J_URL: 'neo4j://db:7687', NEO4J_PASSWORD: 'pw' });
    expect(config.graphDriver).toBe('neo4j');
    expect(config.neo4j).toEqual({ url: 'neo4j://db:7687', user: 'neo4j', password: 'pw' });
  });

  it('keeps no traversal index with GRAPH_DRIVER=neo4j, even when GRAPH_TRAVERSAL_INDEX=on', () => {
    const neo4j = { GRAPH_DRIVER: 'neo4j', NEO4J_URL: 'neo4j://db:7687' };
    expect(graphConfigSlice.read(neo4j).traversalIndex).toBe(false);
    expect(graphConfigSlice.read({ ...neo4j, GRAPH_TRAVERSAL_INDEX: 'on' }).traversalIndex).toBe(false);
  });

  it('reads GRAPH_TRAVERSAL_INDEX=off, and on or off with surrounding blanks', () => {
    expect(graphConfigSlice.read({ GRAPH_TRAVERSAL_INDEX: 'off' }).traversalIndex).toBe(false);
    expect(graphConfigSlice.read({ GRAPH_TRAVERSAL_INDEX: ' on ' }).traversalIndex).toBe(true);
    expect(graphConfigSlice.read({ GRAPH_TRAVERSAL_INDEX: 'off\n' }).traversalIndex).toBe(false);
  });

  it('reads GRAPH_TRAVERSAL_INDEX_MAX_MB in MiB, from 1 to 1048576', () => {
    expect(graphConfigSlice.read({ GRAPH_TRAVERSAL_INDEX_MAX_MB: '1' }).traversalIndexMaxBytes).toBe(1024 * 1024);
    expect(graphConfigSlice.read({ GRAPH_TRAVERSAL_INDEX_MAX_MB: '1048576' }).traversalIndexMaxBytes).toBe(1024 ** 4);
  });

  it.each(['yes', 'ON', 'Off', 'true', '1', 'o n'])('refuses GRAPH_TRAVERSAL_INDEX=%j at start-up', (value) => {
    const read = () => graphConfigSlice.read({ GRAPH_TRAVERSAL_INDEX: value });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow('GRAPH_TRAVERSAL_INDEX must be on or off');
  });

  it.each(['0', '-1', '1048577', '1.5', 'abc', '4096MB', '1e3', '0x10'])(
    'refuses GRAPH_TRAVERSAL_INDEX_MAX_MB=%j at start-up', (value) => {
      const read = () => graphConfigSlice.read({ GRAPH_TRAVERSAL_INDEX_MAX_MB: value });
      expect(read).toThrow(ConfigError);
      expect(read).toThrow(`GRAPH_TRAVERSAL_INDEX_MAX_MB must be an integer from 1 to 1048576, got "${value}"`);
    },
  );

  it('refuses a bad GRAPH_TRAVERSAL_INDEX_MAX_MB even when the index is off', () => {
    expect(() => graphConfigSlice.read({ GRAPH_TRAVERSAL_INDEX: 'off', GRAPH_TRAVERSAL_INDEX_MAX_MB: '0' }))
      .toThrow(ConfigError);
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
