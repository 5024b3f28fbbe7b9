import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './app-config.js';

const secret = 'x'.repeat(32);

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv');
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/srv/.data');
    expect(config.rootUrl).toBe('http://localhost:8080');
    expect(config.edition).toBe('enterprise');
    expect(config.embedded).toBe(true);
    expect(config.sessionTtlHours).toBe(8);
    expect(config.adminPrincipalName).toBe('admin');
    expect(config.graphDriver).toBe('pg');
    expect(config.neo4j).toBeUndefined();
    expect(config.graphQueryTimeoutSeconds).toBe(60);
    expect(config.graphResultLimit).toBe(10_000);
    expect(config.graphConcurrencyPerUser).toBe(4);
  });

  it('reads the Neo4j settings', () => {
    const config = loadConfig({ GRAPH_DRIVER: 'neo4j', NEO4J_URL: 'neo4j://db:7687', NEO4J_PASSWORD: 'pw' });
    expect(config.graphDriver).toBe('neo4j');
    expect(config.neo4j).toEqual({ url: 'neo4j://db:7687', user: 'neo4j', password: 'pw' });
  });

  it('refuses GRAPH_DRIVER=neo4j without NEO4J_URL', () => {
    expect(() => loadConfig({ GRAPH_DRIVER: 'neo4j' })).toThrow('GRAPH_DRIVER=neo4j needs NEO4J_URL');
  });

  it('fails naming both secrets when DATABASE_URL is set without them', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db' })).toThrow(/JWT_SECRET and SECRETS_KEY must be set/);
  });

  it('accepts DATABASE_URL with both secrets', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: secret, SECRETS_KEY: secret });
    expect(config.embedded).toBe(false);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8, 127.0.0.1'],
  ])('reads TRUST_PROXY=%p as %p', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['EDITION', 'pro'],
    ['LOG_LEVEL', 'loud'],
    ['ROOT_URL', 'not a url'],
    ['JWT_SECRET', 'short'],
    ['DATABASE_URL', 'mysql://h/db'],
    ['GRAPH_DRIVER', 'mysql'],
    ['NEO4J_URL', 'http://db:7474'],
    ['GRAPH_QUERY_TIMEOUT', '0'],
    ['GRAPH_RESULT_LIMIT', '-5'],
    ['GRAPH_CONCURRENCY_PER_USER', 'many'],
  ])('rejects %s=%s with a ConfigError naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
