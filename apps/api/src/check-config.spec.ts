import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@app/platform';
import { checkApiConfig } from './check-config.js';

const secret = 'x'.repeat(32);

describe('checkApiConfig', () => {
  it('refuses DATABASE_URL without the secrets, naming both', () => {
    expect(() => checkApiConfig({ DATABASE_URL: 'postgres://h/db' })).toThrow(ConfigError);
    expect(() => checkApiConfig({ DATABASE_URL: 'postgres://h/db' })).toThrow(/^JWT_SECRET and SECRETS_KEY must be set when DATABASE_URL is set/);
  });

  it('names the one secret missing', () => {
    expect(() => checkApiConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: secret })).toThrow(/^SECRETS_KEY must be set when DATABASE_URL is set/);
  });

  it('accepts DATABASE_URL with both secrets, and the embedded database without them', () => {
    expect(() => checkApiConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: secret, SECRETS_KEY: secret })).not.toThrow();
    expect(() => checkApiConfig({})).not.toThrow();
  });

  it('refuses any bad variable', () => {
    expect(() => checkApiConfig({ PORT: 'abc' })).toThrow('PORT must be an integer');
  });

  it("refuses a bad variable of any library's slice, in the same words", () => {
    expect(() => checkApiConfig({ INGEST_WRITERS: '17' }))
      .toThrow(new ConfigError('INGEST_WRITERS must be an integer from 1 to 16, got "17"'));
    expect(() => checkApiConfig({ GRAPH_DRIVER: 'neo4j' })).toThrow(new ConfigError('GRAPH_DRIVER=neo4j needs NEO4J_URL'));
  });
});
