import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { BackgroundTicks, Clock, runWithDeadlineCap } from '@app/platform';
import { CollectionConfig } from '../collection-config.js';
import { dueRun, type DueRun } from '../domain/schedule.js';
import { ScheduleStore, type DueEvent } from './schedule-ports.js';

/** What one tick did. */
export interface TickReport {
  /** READY jobs made from due occurrences. */
  emitted: number;
  /** READY and RUNNING jobs moved to TIMEDOUT. */
  timedOut: number;
}

/** Due events claimed per transaction; a tick takes batches until one comes back short. */
export const EMISSION_BATCH = 500;
/** Batches one tick takes at most, so a huge backlog spreads over ticks instead of holding one forever. */
const MAX_BATCHES = 20;
/** Deadline of each unit of database work of a tick (there is no request deadline in the background). */
const UNIT_DEADLINE_MS = 30_000;
/**
 * Planning time of one batch, which holds its events' row locks meanwhile. One event plans in 150 ms at worst (the
 * step budget), so a batch of costly rules could otherwise outlast UNIT_DEADLINE_MS and roll back, leaving the same
 * events at the head of every later claim. Past this, the rest of the batch is left due for the next tick.
 */
export const BATCH_PLANNING_MS = 5_000;

/**
 * Turns due event occurrences into READY jobs and times out jobs that waited or ran too long. Every instance runs it
 * (every SCHEDULER_INTERVAL seconds): each occurrence becomes exactly one job whatever the number of instances,
 * because the jobs table allows one job per (event, execution time); instances skip the events another is working
 * on rather than wait for them.
 */
@Injectable()
export class Scheduler implements OnModuleDestroy {
  private readonly logger = new Logger('Scheduler');
  private readonly ticks = new BackgroundTicks(this.logger, () => this.tick(), (report: TickReport) =>
    report.emitted > 0 || report.timedOut > 0 ? `tick: ${report.emitted} jobs scheduled, ${report.timedOut} timed out` : undefined);

  constructor(
    private readonly store: ScheduleStore,
    private readonly clock: Clock,
    private readonly config: CollectionConfig,
  ) {}

  /**
   * Starts the background ticks (every SCHEDULER_INTERVAL s). Called by the API once it listens, never by the CLI or
   * tests, so a one-shot command does not emit jobs.
   */
  startBackground(): void {
    this.ticks.start(this.config.schedulerIntervalSeconds);
  }

  onModuleDestroy(): Promise<void> {
    return this.ticks.stop();
  }

  /**
   * One pass: emit every due occurrence (up to the batch cap), then time out stale jobs. Each event is planned on
   * its own: one that cannot be planned stops (logged) and the others proceed.
   */
  async tick(now: Date = this.clock.now()): Promise<TickReport> {
    let emitted = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      let started: number | undefined;
      let deferred = 0;
      // Timed from the first event, which is always planned, so every batch moves the head of the queue on.
      const plan = (event: DueEvent): DueRun | null => {
        const at = performance.now();
        started ??= at;
        if (at - started > BATCH_PLANNING_MS) {
          deferred += 1;
          return null;
        }
        return this.plan(event, now);
      };
      const result = await unit(() => this.store.emitDue(now, EMISSION_BATCH, plan));
      emitted += result.emitted;
      if (deferred > 0) {
        this.logger.warn(`planning took over ${BATCH_PLANNING_MS} ms: ${deferred} due events left for the next tick`);
        break;
      }
      if (result.claimed < EMISSION_BATCH) break;
    }
    const ready = this.config.jobReadyTimeoutSeconds;
    const running = this.config.jobRunningTimeoutSeconds;
    const timedOut =
      (await unit(() => this.store.timeOutReady(now, secondsBefore(now, ready), `job was not started within ${ready} seconds of its execution time`))) +
      (await unit(() => this.store.timeOutRunning(now, secondsBefore(now, running), `job made no progress for ${running} seconds`)));
    return { emitted, timedOut };
  }

  /**
   * An event's run, never thrown: a rule that no longer reads (edited by hand in the database), exceeds the step
   * budget or fails in any other way stops its event (no job, next_scheduled_at null), logged with the reason.
   */
  private plan(event: DueEvent, now: Date): DueRun {
    let run: DueRun;
    try {
      run = dueRun(event.rrule, event.nextScheduledAt, now);
    } catch (error) {
      run = { occurrence: null, next: null, stopped: `its rule cannot be evaluated (${(error as Error).message})` };
    }
    if (run.stopped !== undefined) this.logger.warn(`event ${event.id} stopped: ${run.stopped}`);
    return run;
  }
}

const secondsBefore = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

const unit = <T>(work: () => Promise<T>): Promise<T> => runWithDeadlineCap(UNIT_DEADLINE_MS, work);
