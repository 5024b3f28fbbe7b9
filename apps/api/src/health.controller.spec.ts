import { describe, expect, it } from '@jest/globals';
import type { TraversalIndexKeeper } from '@app/graph';
import type { Database } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { HealthController } from './health.controller.js';

const index = { status: () => ({ state: 'building' }) } as unknown as TraversalIndexKeeper;

describe('HealthController', () => {
  it('answers ok when the database answers, with the traversal index state', async () => {
    const db = { query: async () => [{ '?column?': 1 }] } as unknown as Database;
    await expect(new HealthController(db, index).health())
      .resolves.toEqual({ status: 'ok', database: 'up', traversal_index: { state: 'building' } });
  });

  it('answers 503 the database is unavailable when it does not', async () => {
    const db = { query: async () => Promise.reject(new Error('connect ECONNREFUSED')) } as unknown as Database;
    const error = await apiErrorOf(new HealthController(db, index).health());
    expect([error.status, error.messages]).toEqual([503, ['the database is unavailable']]);
  });
});
