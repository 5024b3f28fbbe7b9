import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AppConfig, Clock } from '@app/platform';
import type { DueRun } from '../domain/schedule.js';
import { EMISSION_BATCH, Scheduler } from './scheduler.js';
import { ScheduleStore, type DueEvent, type EmissionBatch } from './schedule-store.js';

const NOW = new Date('2031-05-06T07:00:00.000Z');
const clock = { now: () => NOW } as Clock;
const config = (schedulerIntervalSeconds = 0) =>
  ({ schedulerIntervalSeconds, jobReadyTimeoutSeconds: 3600, jobRunningTimeoutSeconds: 7200 }) as AppConfig;

/** A store serving scripted batches of due events and recording what the scheduler planned and timed out. */
class ScriptedStore extends ScheduleStore {
  planned: { event: DueEvent; run: DueRun }[] = [];
  timeOuts: { kind: string; now: Date; before: Date; message: string }[] = [];
  emitCalls = 0;
  constructor(private readonly batches: DueEvent[][] = [], private readonly gate?: Promise<void>) {
    super();
  }
  async emitDue(_now: Date, limit: number, plan: (event: DueEvent) => DueRun): Promise<EmissionBatch> {
    this.emitCalls += 1;
    await this.gate;
    const due = this.batches.shift() ?? [];
    expect(due.length).toBeLessThanOrEqual(limit);
    for (const event of due) this.planned.push({ event, run: plan(event) });
    return { claimed: due.length, emitted: due.length };
  }
  async timeOutReady(now: Date, before: Date, message: string): Promise<number> {
    this.timeOuts.push({ kind: 'ready', now, before, message });
    return 1;
  }
  async timeOutRunning(now: Date, before: Date, message: string): Promise<number> {
    this.timeOuts.push({ kind: 'running', now, before, message });
    return 2;
  }
}

const dueEvent = (id: number, rrule = 'DTSTART:20310506T050000Z\nRRULE:FREQ=HOURLY'): DueEvent =>
  ({ id, rrule, nextScheduledAt: new Date('2031-05-06T05:00:00.000Z') });

describe('Scheduler.tick', () => {
  it('plans each due event (missed occurrences collapsed) and times out stale jobs', async () => {
    const store = new ScriptedStore([[dueEvent(1), dueEvent(2, '')]]);
    expect(await new Scheduler(store, clock, config()).tick()).toEqual({ emitted: 2, timedOut: 3 });
    expect(store.planned.map((p) => p.run)).toEqual([
      { occurrence: new Date('2031-05-06T07:00:00.000Z'), next: new Date('2031-05-06T08:00:00.000Z') },
      { occurrence: new Date('2031-05-06T05:00:00.000Z'), next: null },
    ]);
    expect(store.timeOuts).toEqual([
      { kind: 'ready', now: NOW, before: new Date('2031-05-06T06:00:00.000Z'), message: 'job was not started within 3600 seconds of its execution time' },
      { kind: 'running', now: NOW, before: new Date('2031-05-06T05:00:00.000Z'), message: 'job made no progress for 7200 seconds' },
    ]);
  });

  it('takes batches until one comes back short', async () => {
    const full = Array.from({ length: EMISSION_BATCH }, (_, i) => dueEvent(i + 1));
    const store = new ScriptedStore([full, [dueEvent(9999)]]);
    expect((await new Scheduler(store, clock, config()).tick(NOW)).emitted).toBe(EMISSION_BATCH + 1);
    expect(store.emitCalls).toBe(2);
  });

  it('stops an event whose stored rule no longer reads, without failing the batch', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const store = new ScriptedStore([[dueEvent(1, 'FREQ=DAILY'), dueEvent(2)]]);
    await new Scheduler(store, clock, config()).tick();
    expect(store.planned.map((p) => p.run.next)).toEqual([null, new Date('2031-05-06T08:00:00.000Z')]);
    expect(warn).toHaveBeenCalledWith('event 1 stopped: its rule cannot be evaluated (DTSTART is missing)');
    warn.mockRestore();
  });
});

describe('Scheduler in the background', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('ticks every SCHEDULER_INTERVAL seconds and stops on module destroy', async () => {
    const store = new ScriptedStore();
    const scheduler = new Scheduler(store, clock, config(30));
    scheduler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(29_000);
    expect(store.emitCalls).toBe(0);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(store.emitCalls).toBe(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(store.emitCalls).toBe(3);
    await scheduler.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(store.emitCalls).toBe(3);
  });

  it('never starts a tick while the previous one runs, and waits for it on destroy', async () => {
    let open!: () => void;
    const store = new ScriptedStore([], new Promise<void>((resolve) => (open = resolve)));
    const scheduler = new Scheduler(store, clock, config(1));
    scheduler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(store.emitCalls).toBe(1);
    const destroyed = scheduler.onModuleDestroy();
    let done = false;
    void destroyed.then(() => (done = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    open();
    await destroyed;
    expect(store.timeOuts).toHaveLength(2);
  });

  it('logs a failed tick and keeps ticking', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const store = new ScriptedStore();
    jest.spyOn(store, 'timeOutReady').mockRejectedValueOnce(new Error('database is down'));
    const scheduler = new Scheduler(store, clock, config(5));
    scheduler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(error).toHaveBeenCalledWith('tick failed: database is down', expect.any(String));
    await jest.advanceTimersByTimeAsync(5_000);
    expect(store.emitCalls).toBe(2);
    await scheduler.onModuleDestroy();
  });

  it('runs no background ticks when SCHEDULER_INTERVAL is 0', async () => {
    const store = new ScriptedStore();
    const scheduler = new Scheduler(store, clock, config(0));
    scheduler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(3_600_000);
    expect(store.emitCalls).toBe(0);
    await scheduler.onModuleDestroy();
  });
});
