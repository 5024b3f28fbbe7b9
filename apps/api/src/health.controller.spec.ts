import { describe, expect, it } from '@jest/globals';
import type { Database } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { HealthController } from './health.controller.js';

describe('HealthController', () => {
  it('answers ok when the database answers', async () => {
    const db = { query: async () => [{ '?column?': 1 }] } as unknown as Database;
    await expect(new HealthController(db).health()).resolves.toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 the database is unavailable when it does not', async () => {
    const db = { query: async () => Promise.reject(new Error('connect ECONNREFUSED')) } as unknown as Database;
    const error = await apiErrorOf(new HealthController(db).health());
    expect([error.status, error.messages]).toEqual([503, ['the database is unavailable']]);
  });
});
