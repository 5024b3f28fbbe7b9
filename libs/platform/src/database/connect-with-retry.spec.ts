import { describe, expect, it } from '@jest/globals';
import { freePort } from '../common/ports.js';
import { initializeWithRetry, isTransientConnectionError } from './connect-with-retry.js';

describe('initializeWithRetry', () => {
  it('tries an unreachable server again, one terse line per retry, then throws its error', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const failure = await initializeWithRetry({ type: 'postgres', url: `postgres://u@127.0.0.1:${port}/x` }, {
      attempts: 3, delayMs: 1, warn: (line) => lines.push(line),
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'ECONNREFUSED' });
    expect(lines).toEqual([1, 2].map((attempt) =>
      `database not reachable (connect ECONNREFUSED 127.0.0.1:${port}): attempt ${attempt} of 3, trying again in 0.001 s`));
  });

  it('retries only while the server is unreachable or starting, never a refusal or a bad name', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', '57P03']) {
      expect(isTransientConnectionError({ code })).toBe(true);
    }
    for (const code of ['ENOTFOUND', '28P01', '28000', '3D000', '42P01', undefined]) {
      expect(isTransientConnectionError({ code })).toBe(false);
    }
  });
});
