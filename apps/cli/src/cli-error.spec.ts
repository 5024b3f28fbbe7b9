import { describe, expect, it } from '@jest/globals';
import { ApiError, EmbeddedPostgresError } from '@app/platform';
import { describeFailure } from './cli-error.js';

describe('describeFailure', () => {
  it('says why the embedded PostgreSQL did not start in one line, without a stack trace', () => {
    const error = new EmbeddedPostgresError('embedded PostgreSQL failed to start in /data/pg: postgres did not accept connections within 120 s: LOG:  starting');
    expect(describeFailure(error))
      .toEqual(['error: embedded PostgreSQL failed to start in /data/pg: postgres did not accept connections within 120 s: LOG:  starting']);
  });

  it('prints each message of a refused command on its own line, without a stack trace', () => {
    expect(describeFailure(ApiError.badRequest('first', 'second'))).toEqual(['error: first', 'error: second']);
    expect(describeFailure(ApiError.notFound())).toEqual(['error: resource not found']);
  });

  it('keeps the stack of an unexpected failure', () => {
    const lines = describeFailure(new Error('boom'));
    expect(lines[0]).toBe('error: boom');
    expect(lines[1]).toMatch(/^\s+at /);
  });
});
