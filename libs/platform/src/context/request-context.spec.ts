import { describe, expect, it } from '@jest/globals';
import {
  currentSignal, remainingMs, runUncancellable, runWithDeadlineAtLeast, runWithDeadlineCap, runWithRequestContext,
} from './request-context.js';

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

describe('cancellation signal', () => {
  it('carries over into a nested context that sets only its own id and deadline, and into capped deadlines', () => {
    const stop = new AbortController();
    runWithRequestContext({ requestId: 'datapipe', deadline: Date.now() + 1_000, signal: stop.signal }, () => {
      runWithRequestContext({ requestId: 'analysis', deadline: Date.now() + 60_000 }, () => {
        expect(currentSignal()).toBe(stop.signal);
        runWithDeadlineCap(1_000, () => expect(currentSignal()).toBe(stop.signal));
        runWithDeadlineAtLeast(1_000, () => expect(currentSignal()).toBe(stop.signal));
      });
    });
  });

  it('is absent outside a context, and in work run uncancellable inside a cancellable one', () => {
    const stop = new AbortController();
    expect(currentSignal()).toBeUndefined();
    runWithRequestContext({ requestId: 'datapipe', deadline: Date.now() + 1_000, signal: stop.signal }, () => {
      runUncancellable('settle', 5_000, () => {
        expect(currentSignal()).toBeUndefined();
        expect(remainingMs()).toBeGreaterThan(4_000);
      });
    });
  });
});
