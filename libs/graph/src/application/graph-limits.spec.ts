import { describe, expect, it } from '@jest/globals';
import { remainingMs, runWithRequestContext, type Principal } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { GraphLimits } from './graph-limits.js';
import { graphConfigSlice } from '../graph-config.js';

const principal = (userId: string): Principal => ({ userId, via: 'session', ssoProviderId: null, permissions: new Set() });

/** A promise the test resolves by hand, so overlap never depends on timing. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => { open = resolve; });
  return { wait, open };
}

describe('GraphLimits', () => {
  it('answers 429 when the user already has the allowed number of graph requests running', async () => {
    const limits = new GraphLimits(graphConfigSlice.read({ GRAPH_CONCURRENCY_PER_USER: '1' }));
    const slow = gate();
    const first = limits.run(principal('u1'), () => slow.wait);
    const error = await apiErrorOf(limits.run(principal('u1'), async () => 'second'));
    expect(error.status).toBe(429);
    expect(error.messages).toEqual([
      'too many graph requests in progress for this user (at most 1 at a time); try again when one finishes',
    ]);
    slow.open();
    await first;
    await expect(limits.run(principal('u1'), async () => 'again')).resolves.toBe('again');
  });

  it('counts each user on their own', async () => {
    const limits = new GraphLimits(graphConfigSlice.read({ GRAPH_CONCURRENCY_PER_USER: '1' }));
    const slow = gate();
    const first = limits.run(principal('u1'), () => slow.wait);
    await expect(limits.run(principal('u2'), async () => 'other user')).resolves.toBe('other user');
    slow.open();
    await first;
  });

  it('frees the slot when the work fails', async () => {
    const limits = new GraphLimits(graphConfigSlice.read({ GRAPH_CONCURRENCY_PER_USER: '1' }));
    await expect(limits.run(principal('u1'), async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    await expect(limits.run(principal('u1'), async () => 'next')).resolves.toBe('next');
  });

  it('brings the deadline forward to GRAPH_QUERY_TIMEOUT whatever the request allows', async () => {
    const limits = new GraphLimits(graphConfigSlice.read({ GRAPH_QUERY_TIMEOUT: '2' }));
    const context = { requestId: 'r', deadline: Date.now() + 300_000 };
    const left = await runWithRequestContext(context, () => limits.run(principal('u1'), async () => remainingMs()));
    expect(left).toBeLessThanOrEqual(2000);
  });

  it('reports the result limit', () => {
    expect(new GraphLimits(graphConfigSlice.read({ GRAPH_RESULT_LIMIT: '5' })).resultLimit).toBe(5);
  });
});
