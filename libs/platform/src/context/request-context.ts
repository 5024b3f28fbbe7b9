import { AsyncLocalStorage } from 'node:async_hooks';

/** What the platform knows about the request being served: its id and its deadline (epoch ms). */
export interface RequestContext {
  readonly requestId: string;
  readonly deadline: number;
  /**
   * Aborted when the work must stop before its deadline (background work while the service stops): the database
   * work it runs is then cancelled on the server, and no new unit of work starts.
   */
  readonly signal?: AbortSignal;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Default deadline of work done outside a request (CLI, start-up) or before the request context is entered. */
export const DEFAULT_WAIT_SECONDS = 30;

/**
 * Runs `fn` with `context` as the current request context. A context without a signal entered inside one with a
 * signal keeps that signal: background work giving itself a longer deadline stays cancellable by whoever runs it.
 */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  const signal = context.signal ?? storage.getStore()?.signal;
  return storage.run(signal ? { ...context, signal } : context, fn);
}

/**
 * Runs `fn` in a context of its own (`requestId`, a deadline `ms` from now) that no cancellation reaches: work that
 * settles what a cancelled unit of work left behind (a claim handed back, a status reset) while the service stops.
 */
export function runUncancellable<T>(requestId: string, ms: number, fn: () => T): T {
  return storage.run({ requestId, deadline: Date.now() + ms }, fn);
}

/** The current context's cancellation signal, if it has one. */
export function currentSignal(): AbortSignal | undefined {
  return storage.getStore()?.signal;
}

/** Milliseconds left until the current deadline (the default wait outside a request). */
export function remainingMs(now = Date.now()): number {
  const context = storage.getStore();
  return context ? context.deadline - now : DEFAULT_WAIT_SECONDS * 1000;
}

/**
 * Runs `fn` with the deadline brought forward to at most `capMs` from now (a server-side ceiling such as
 * GRAPH_QUERY_TIMEOUT); the request id and the signal are kept. A later deadline than the current one is never granted.
 */
export function runWithDeadlineCap<T>(capMs: number, fn: () => T, now = Date.now()): T {
  const context = storage.getStore();
  const deadline = Math.min(now + capMs, context ? context.deadline : now + DEFAULT_WAIT_SECONDS * 1000);
  return storage.run({ requestId: context?.requestId ?? 'internal', deadline, signal: context?.signal }, fn);
}

/**
 * Runs `fn` with the deadline moved to at least `minMs` from now; the request id and the signal are kept. For work
 * whose size the server has already accepted (storing an upload within the upload cap), which a short
 * `Prefer: wait` must not cut.
 */
export function runWithDeadlineAtLeast<T>(minMs: number, fn: () => T, now = Date.now()): T {
  const context = storage.getStore();
  const deadline = Math.max(now + minMs, context ? context.deadline : now + DEFAULT_WAIT_SECONDS * 1000);
  return storage.run({ requestId: context?.requestId ?? 'internal', deadline, signal: context?.signal }, fn);
}
