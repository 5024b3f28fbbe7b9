import { AsyncLocalStorage } from 'node:async_hooks';

/** What the platform knows about the request being served: its id and its deadline (epoch ms). */
export interface RequestContext {
  readonly requestId: string;
  readonly deadline: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Default deadline of work done outside a request (CLI, start-up) or before the request context is entered. */
export const DEFAULT_WAIT_SECONDS = 30;

/** Runs `fn` with `context` as the current request context. */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** Milliseconds left until the current deadline (the default wait outside a request). */
export function remainingMs(now = Date.now()): number {
  const context = storage.getStore();
  return context ? context.deadline - now : DEFAULT_WAIT_SECONDS * 1000;
}

/**
 * Runs `fn` with the deadline brought forward to at most `capMs` from now (a server-side ceiling such as
 * GRAPH_QUERY_TIMEOUT); the request id is kept. A later deadline than the current one is never granted.
 */
export function runWithDeadlineCap<T>(capMs: number, fn: () => T, now = Date.now()): T {
  const context = storage.getStore();
  const deadline = Math.min(now + capMs, context ? context.deadline : now + DEFAULT_WAIT_SECONDS * 1000);
  return storage.run({ requestId: context?.requestId ?? 'internal', deadline }, fn);
}

/**
 * Runs `fn` with the deadline moved to at least `minMs` from now; the request id is kept. For work whose size the
 * server has already accepted (storing an upload within the upload cap), which a short `Prefer: wait` must not cut.
 */
export function runWithDeadlineAtLeast<T>(minMs: number, fn: () => T, now = Date.now()): T {
  const context = storage.getStore();
  const deadline = Math.max(now + minMs, context ? context.deadline : now + DEFAULT_WAIT_SECONDS * 1000);
  return storage.run({ requestId: context?.requestId ?? 'internal', deadline }, fn);
}
