import { describe, expect, it } from '@jest/globals';
import { EmbeddedPostgresError } from '@app/platform';
import { describeFailure } from './cli-error.js';

describe('describeFailure', () => {
  it('says why the embedded PostgreSQL did not start in one line, without a stack trace', () => {
    const error = new EmbeddedPostgresError('embedded PostgreSQL failed to start in /data/pg: postgres did not accept connections within 120 s: LOG:  starting');
    expect(describeFailure(error))
      .toEqual(['error: embedded PostgreSQL failed to start in /data/pg: postgres did not accept connections within 120 s: LOG:  starting']);
  });

  it('keeps the stack of an unexpected failure', () => {
    const lines = describeFailure(new Error('boom'));
    expect(lines[0]).toBe('error: boom');
    expect(lines[1]).toMatch(/^\s+at /);
  });
});
