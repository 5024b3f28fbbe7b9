import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Clock } from '@app/platform';
import type { CollectionConfig } from '../collection-config.js';
import type { DueRun } from '../domain/schedule.js';
import { BATCH_PLANNING_MS, EMISSION_BATCH, Scheduler } from './scheduler.js';
import { ScheduleStore, type DueEvent, type EmissionBatch } from './schedule-ports.js';

const NOW = new Date('2031-05-06T07:00:00.000Z');
const clock = { now: () => NOW } as Clock;
const config = (schedulerIntervalSeconds = 0) =>
  ({ schedulerIntervalSeconds, jobReadyTimeoutSeconds: 3600, jobRunningTimeoutSeconds: 7200 }) as CollectionConfig;

/** A store serving scripted batches of due events and recording what the scheduler planned and timed out. */
class ScriptedStore extends ScheduleStore {
  planned: { event: DueEvent; run: DueRun }[] = [];
  timeOuts: { kind: string; now: Date; before: Date; message: string }[] = [];
  emitCalls = 0;
  constructor(private readonly batches: DueEvent[][] = [], private readonly gate?: Promise<void>) {
    super();
  }
  async emitDue(_now: Date, limit: number, plan: (event: DueEvent) => DueRun | null): Promise<EmissionBatch> {
    this.emitCalls += 1;
    await this.gate;
    const due = this.batches.shift() ?? [];
    expect(due.length).toBeLessThanOrEqual(limit);
    let emitted = 0;
    for (const event of due) {
      const run = plan(event);
      if (run === null) continue;
      this.planned.push({ event, run });
      if (run.occurrence !== null) emitted += 1;
    }
    return { claimed: due.length, emitted };
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

  it('stops an event whose stored rule no longer reads, logged, without failing the batch', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const store = new ScriptedStore([[dueEvent(1, 'FREQ=DAILY'), dueEvent(2)]]);
    expect((await new Scheduler(store, clock, config()).tick()).emitted).toBe(1);
    expect(store.planned.map((p) => p.run)).toEqual([
      { occurrence: null, next: null, stopped: 'its rule cannot be read (DTSTART is missing)' },
      { occurrence: new Date('2031-05-06T07:00:00.000Z'), next: new Date('2031-05-06T08:00:00.000Z') },
    ]);
    expect(warn).toHaveBeenCalledWith('event 1 stopped: its rule cannot be read (DTSTART is missing)');
    warn.mockRestore();
  });

  it('stops an event whose rule exceeds the step budget, logged, with no job at a stale time, and plans the others', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const costly = dueEvent(1, 'DTSTART:20310506T050000Z\nRRULE:FREQ=HOURLY;BYMONTH=4;BYMONTHDAY=31');
    const store = new ScriptedStore([[costly, dueEvent(2), dueEvent(3, '')]]);
    expect((await new Scheduler(store, clock, config()).tick()).emitted).toBe(2);
    const stopped = 'the rule takes more than 20000 steps (periods of FREQ × INTERVAL) to evaluate';
    expect(store.planned.map((p) => p.run)).toEqual([
      { occurrence: null, next: null, stopped },
      { occurrence: new Date('2031-05-06T07:00:00.000Z'), next: new Date('2031-05-06T08:00:00.000Z') },
      { occurrence: new Date('2031-05-06T05:00:00.000Z'), next: null },
    ]);
    expect(warn.mock.calls).toEqual([[`event 1 stopped: ${stopped}`]]);
    warn.mockRestore();
  });

  it('leaves the rest of a batch due once its planning has taken BATCH_PLANNING_MS, and takes no further batch', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    let elapsed = 0;
    const now = jest.spyOn(performance, 'now').mockImplementation(() => {
      elapsed += BATCH_PLANNING_MS / 2;
      return elapsed;
    });
    const full = Array.from({ length: EMISSION_BATCH }, (_, i) => dueEvent(i + 1));
    const store = new ScriptedStore([full, [dueEvent(9999)]]);
    expect((await new Scheduler(store, clock, config()).tick()).emitted).toBe(3);
    expect(store.planned.map((p) => p.event.id)).toEqual([1, 2, 3]);
    expect(store.emitCalls).toBe(1);
    expect(warn).toHaveBeenCalledWith(`planning took over ${BATCH_PLANNING_MS} ms: ${EMISSION_BATCH - 3} due events left for the next tick`);
    now.mockRestore();
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
    scheduler.startBackground();
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
    scheduler.startBackground();
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
    scheduler.startBackground();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(error).toHaveBeenCalledWith('tick failed: database is down', expect.any(String));
    await jest.advanceTimersByTimeAsync(5_000);
    expect(store.emitCalls).toBe(2);
    await scheduler.onModuleDestroy();
  });

  it('runs no background ticks when SCHEDULER_INTERVAL is 0', async () => {
    const store = new ScriptedStore();
    const scheduler = new Scheduler(store, clock, config(0));
    scheduler.startBackground();
    await jest.advanceTimersByTimeAsync(3_600_000);
    expect(store.emitCalls).toBe(0);
    await scheduler.onModuleDestroy();
  });
});
