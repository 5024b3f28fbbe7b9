import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './app-config.js';
import { ConfigError } from './config-error.js';

const secret = 'x'.repeat(32);

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv');
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/srv/.data');
    expect(config.rootUrl).toBe('http://localhost:8080');
    expect(config.edition).toBe('enterprise');
    expect(config.wireFormat).toBe('spec');
    expect(config.embedded).toBe(true);
  });

  it('accepts DATABASE_URL without the secrets: only the processes that use them require them (the CLI does not)', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://h/db' });
    expect(config.embedded).toBe(false);
    expect([config.jwtSecret, config.secretsKey]).toEqual([undefined, undefined]);
  });

  it('accepts DATABASE_URL with both secrets, and answers each by name', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: 'j'.repeat(32), SECRETS_KEY: 's'.repeat(32) });
    expect(config.embedded).toBe(false);
    expect([config.secret('JWT_SECRET'), config.secret('SECRETS_KEY')]).toEqual(['j'.repeat(32), 's'.repeat(32)]);
  });

  it('names the secret read where it is unset, with a ConfigError', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: secret });
    expect(() => config.secret('SECRETS_KEY')).toThrow(ConfigError);
    expect(() => config.secret('SECRETS_KEY')).toThrow(
      'SECRETS_KEY must be set when DATABASE_URL is set: every instance sharing the database must use the same secrets, ' +
        'and they are never stored in the database (generate one with `openssl rand -base64 48`)',
    );
  });

  it('requireSecrets names every secret missing with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db' }).requireSecrets(['JWT_SECRET', 'SECRETS_KEY']))
      .toThrow(/^JWT_SECRET and SECRETS_KEY must be set when DATABASE_URL is set: /);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', SECRETS_KEY: secret }).requireSecrets(['JWT_SECRET', 'SECRETS_KEY']))
      .toThrow(/^JWT_SECRET must be set when DATABASE_URL is set: /);
  });

  it('requireSecrets checks only the secrets asked for', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: secret }).requireSecrets(['JWT_SECRET'])).not.toThrow();
  });

  it('requireSecrets asks nothing of the embedded database, which generates them into DATA_DIR', () => {
    expect(() => loadConfig({}).requireSecrets(['JWT_SECRET', 'SECRETS_KEY'])).not.toThrow();
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
    ['WIRE_FORMAT', 'go'],
    ['LOG_LEVEL', 'loud'],
    ['ROOT_URL', 'not a url'],
    ['JWT_SECRET', 'short'],
    ['DATABASE_URL', 'mysql://h/db'],
    ['METRICS_PORT', '65536'],
    ['METRICS_PORT', 'metrics'],
  ])('rejects %s=%s with a ConfigError naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('reads WIRE_FORMAT=bloodhound', () => {
    expect(loadConfig({ WIRE_FORMAT: 'bloodhound' }).wireFormat).toBe('bloodhound');
  });

  it('serves no metrics unless METRICS_PORT is set', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
  });

  it('serves metrics on loopback by default once METRICS_PORT is set', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
  });

  it('reads METRICS_HOST, and METRICS_PORT=0 as a free port', () => {
    expect(loadConfig({ METRICS_HOST: '0.0.0.0', METRICS_PORT: '0' }).metrics).toEqual({ host: '0.0.0.0', port: 0 });
  });

  it('refuses METRICS_HOST without METRICS_PORT', () => {
    expect(() => loadConfig({ METRICS_HOST: '0.0.0.0' })).toThrow(
      new ConfigError('METRICS_HOST is set but METRICS_PORT is not: metrics are served only when METRICS_PORT is set'),
    );
  });

  it('refuses METRICS_PORT equal to PORT', () => {
    expect(() => loadConfig({ PORT: '9000', METRICS_PORT: '9000' })).toThrow(new ConfigError('METRICS_PORT must differ from PORT (both 9000)'));
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(new ConfigError('METRICS_PORT must differ from PORT (both 8080)'));
  });
});
