import { describe, expect, it } from '@jest/globals';
import { remainingMs, runWithDeadlineCap, runWithRequestContext } from './request-context.js';

describe('runWithDeadlineCap', () => {
  it('brings a later request deadline forward to the cap', () => {
    const now = Date.now();
    runWithRequestContext({ requestId: 'r1', deadline: now + 300_000 }, () => {
      runWithDeadlineCap(60_000, () => expect(remainingMs(now)).toBe(60_000), now);
    });
  });

  it('never extends an earlier request deadline', () => {
    const now = Date.now();
    runWithRequestContext({ requestId: 'r1', deadline: now + 5_000 }, () => {
      runWithDeadlineCap(60_000, () => expect(remainingMs(now)).toBe(5_000), now);
    });
  });

  it('caps the default wait outside a request', () => {
    const now = Date.now();
    runWithDeadlineCap(1_000, () => expect(remainingMs(now)).toBe(1_000), now);
  });
});
