import rrulePkg from 'rrule';

const { RRule } = rrulePkg;

/** rrule's options after parsing (every default filled in); the package does not export the type by name. */
export type ParsedOptions = InstanceType<typeof RRule>['options'];

/** Most iteration steps (periods of the rule) one occurrence query may take. */
export const MAX_RULE_STEPS = 20_000;

/** The queries of one plan took more than MAX_RULE_STEPS: the rule is too sparse (or never matches) to answer them. */
export class StepBudgetExceeded extends Error {
  constructor() {
    super(`the rule takes more than ${MAX_RULE_STEPS} steps (periods of FREQ × INTERVAL) to evaluate`);
  }
}

/** Steps (periods) left to the queries that share it; StepBudgetExceeded once they are used up. */
export class StepBudget {
  private reads = 0;

  /** Counts one read of `interval` by rrule: two a step, plus one a walk. */
  spend(): void {
    this.reads += 1;
    if (this.reads > 2 * MAX_RULE_STEPS + 2) throw new StepBudgetExceeded();
  }
}

/** A walk took the periods it was given: every occurrence it could still yield lies beyond its window. */
export class WalkCut extends Error {}

/**
 * A copy of `options` whose iteration stops after `periods` periods (and one more, to spare an off-by-one) with
 * WalkCut, and spends `budget` as it goes. rrule walks period by period until it finds an occurrence or reaches the
 * year 9999, which takes seconds for a rule that matches rarely or never (FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30 scans
 * 8,000 years); it reads `interval` once before the loop and twice per period (the loop's check and the step itself),
 * so counting those reads bounds the walk. HOURLY rules skip a filtered day in one step, so there they count days
 * rather than hours: the bound only errs on the long side. The schedule unit tests pin this behaviour of the package
 * (rrule 2.8.1; Node loads its CommonJS bundle, dist/es5, which is the same code as dist/esm).
 */
export function budgeted(options: ParsedOptions, periods: number, budget: StepBudget): ParsedOptions {
  const { interval } = options;
  let reads = 0;
  const copy = { ...options };
  Object.defineProperty(copy, 'interval', {
    enumerable: true,
    get() {
      reads += 1;
      if (reads > 2 * periods + 2) throw new WalkCut();
      budget.spend();
      return interval;
    },
  });
  return copy;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/** The start (UTC) of the FREQ unit holding `t`: its hour, day, week (from WKST), month or year. */
function unitStart(options: ParsedOptions, t: Date): Date {
  const y = t.getUTCFullYear();
  const m = t.getUTCMonth();
  switch (options.freq) {
    case RRule.YEARLY:
      return utc(y, 0, 1);
    case RRule.MONTHLY:
      return utc(y, m, 1);
    case RRule.WEEKLY: {
      const day = utc(y, m, t.getUTCDate());
      // rrule numbers weekdays from Monday (0); Date from Sunday (0).
      const weekday = (day.getUTCDay() + 6) % 7;
      return new Date(day.getTime() - ((weekday - options.wkst + 7) % 7) * DAY_MS);
    }
    case RRule.DAILY:
      return utc(y, m, t.getUTCDate());
    default:
      return new Date(Math.floor(t.getTime() / HOUR_MS) * HOUR_MS);
  }
}

// Years are >= 1900 (DTSTART and UNTIL are checked), where Date.UTC takes them as they are.
const utc = (year: number, month: number, day: number): Date => new Date(Date.UTC(year, month, day));

/** FREQ units from DTSTART's unit to `t`'s unit. */
function unitsSinceStart(options: ParsedOptions, t: Date): number {
  const start = options.dtstart;
  switch (options.freq) {
    case RRule.YEARLY:
      return t.getUTCFullYear() - start.getUTCFullYear();
    case RRule.MONTHLY:
      return (t.getUTCFullYear() - start.getUTCFullYear()) * 12 + t.getUTCMonth() - start.getUTCMonth();
    case RRule.WEEKLY:
      return Math.round((unitStart(options, t).getTime() - unitStart(options, start).getTime()) / WEEK_MS);
    case RRule.DAILY:
      return Math.round((unitStart(options, t).getTime() - unitStart(options, start).getTime()) / DAY_MS);
    default:
      return Math.round((unitStart(options, t).getTime() - unitStart(options, start).getTime()) / HOUR_MS);
  }
}

/** Which period (FREQ × INTERVAL, counted from DTSTART's, which is 0) holds `t`; negative before DTSTART's. */
export function periodIndex(options: ParsedOptions, t: Date): number {
  return Math.floor(unitsSinceStart(options, t) / options.interval);
}

/** The instant period `k` starts: DTSTART's unit start moved on k × INTERVAL units. */
export function periodStart(options: ParsedOptions, k: number): Date {
  const units = k * options.interval;
  const start = unitStart(options, options.dtstart);
  switch (options.freq) {
    case RRule.YEARLY:
      return utc(start.getUTCFullYear() + units, 0, 1);
    case RRule.MONTHLY:
      return utc(start.getUTCFullYear(), start.getUTCMonth() + units, 1);
    case RRule.WEEKLY:
      return new Date(start.getTime() + units * WEEK_MS);
    case RRule.DAILY:
      return new Date(start.getTime() + units * DAY_MS);
    default:
      return new Date(start.getTime() + units * HOUR_MS);
  }
}
