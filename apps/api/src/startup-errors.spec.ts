import { describe, expect, it } from '@jest/globals';
import { ConfigError, EmbeddedPostgresError } from '@app/platform';
import { checkApiConfig } from './check-config.js';
import { describeStartupError } from './startup-errors.js';

describe('describeStartupError', () => {
  it('names the missing secrets when DATABASE_URL is set without them', () => {
    let error: unknown;
    try {
      checkApiConfig({ DATABASE_URL: 'postgres://db/pathwarden' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(describeStartupError(error)).toMatch(/^Configuration error: JWT_SECRET and SECRETS_KEY must be set when DATABASE_URL is set/);
  });

  it('says the database cannot be reached, without a stack trace', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' });
    expect(describeStartupError(error)).toBe('Cannot reach the database (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:5999');
  });

  it('says which host does not resolve, also without a stack trace', () => {
    const error = Object.assign(new Error('getaddrinfo ENOTFOUND db.invalid'), { code: 'ENOTFOUND' });
    expect(describeStartupError(error)).toBe('Cannot reach the database (DATABASE_URL): getaddrinfo ENOTFOUND db.invalid');
  });

  it('passes on what the server refused: an unknown database, a role or password it does not take', () => {
    const refusal = (code: string, message: string) => describeStartupError(Object.assign(new Error(message), { code }));
    expect(refusal('3D000', 'database "x" does not exist')).toBe('The database refused the connection (DATABASE_URL): database "x" does not exist');
    expect(refusal('28P01', 'password authentication failed for user "u"'))
      .toBe('The database refused the connection (DATABASE_URL): password authentication failed for user "u"');
    expect(refusal('28000', 'role "u" does not exist')).toBe('The database refused the connection (DATABASE_URL): role "u" does not exist');
  });

  it('describes a failed listen of the HTTP server (the port taken after the start-up check) in one line', () => {
    const error = Object.assign(new Error('listen EADDRINUSE: address already in use 0.0.0.0:8080'), {
      code: 'EADDRINUSE', syscall: 'listen', address: '0.0.0.0', port: 8080,
    });
    expect(describeStartupError(error)).toBe('Cannot listen: port 8080 on 0.0.0.0 is already in use (set PORT, or stop what uses it)');
  });

  it('says why the embedded PostgreSQL did not start in one line, without a stack trace', () => {
    const error = new EmbeddedPostgresError('embedded PostgreSQL failed to start in /data/pg: postgres did not accept connections within 120 s: LOG:  starting');
    expect(describeStartupError(error))
      .toBe('Start-up failed: embedded PostgreSQL failed to start in /data/pg: postgres did not accept connections within 120 s: LOG:  starting');
  });

  it('keeps the stack of an unexpected failure for the operator', () => {
    expect(describeStartupError(new Error('boom'))).toMatch(/^Start-up failed: Error: boom\n\s+at /);
  });
});
