import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@app/platform';
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

  it('keeps the stack of an unexpected failure for the operator', () => {
    expect(describeStartupError(new Error('boom'))).toMatch(/^Start-up failed: Error: boom\n\s+at /);
  });
});
