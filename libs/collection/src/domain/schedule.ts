import rrulePkg from 'rrule';
import type { Options } from 'rrule';
import { InvalidRule, readRule, type RuleDraft } from './rule-text.js';
import { budgeted, MAX_RULE_STEPS, periodIndex, periodStart, StepBudgetExceeded, type ParsedOptions } from './schedule-periods.js';

export { InvalidRule, readRule, type RuleDraft } from './rule-text.js';

const { RRule } = rrulePkg;
type Rule = InstanceType<typeof RRule>;

/** An event's first occurrence must fall within this many years of the moment the rule is set. */
export const HORIZON_YEARS = 5;

/**
 * A validated recurrence rule with its DTSTART. Occurrence queries start from the rule's period (FREQ × INTERVAL)
 * that holds the query time rather than from DTSTART, so their cost does not grow with the event's age, and every
 * query runs under a step budget (StepBudgetExceeded beyond it), so no rule can keep the process busy.
 */
export class Schedule {
  private readonly base: ParsedOptions;
  private lastOfCount: Date | null | undefined;

  private constructor(readonly text: string, options: Partial<Options>, start: Date) {
    this.base = new RRule({ ...options, dtstart: start }, true).options;
    checkHourlyReach(this.base);
  }

  /** A rule as stored (its DTSTART included). */
  static parse(text: string): Schedule {
    const draft = readRule(text);
    if (!draft.start) throw new InvalidRule('DTSTART is missing');
    return Schedule.of(draft, draft.start);
  }

  /** The draft's rule with its DTSTART, or `start` when the draft has none; the text is normalised. */
  static of(draft: RuleDraft, start: Date): Schedule {
    const dtstart = draft.start ?? start;
    return new Schedule(new RRule({ ...draft.options, dtstart }, true).toString(), draft.options, dtstart);
  }

  /** The first occurrence at or after `t`; null when the rule has none left. */
  firstFrom(t: Date): Date | null {
    return this.from(periodIndex(this.base, t)).after(t, true);
  }

  /** The first occurrence strictly after `t`; null when the rule has none left. */
  nextAfter(t: Date): Date | null {
    return this.from(periodIndex(this.base, t)).after(t, false);
  }

  /**
   * The latest occurrence in [from, to]. Windows ending at `to` double in length until one holds an occurrence, so a
   * long gap since `from` costs about twice the periods it spans, never a walk from DTSTART.
   */
  latestIn(from: Date, to: Date): Date | null {
    if (to < from) return null;
    const first = Math.max(0, periodIndex(this.base, from));
    const last = Math.max(first, periodIndex(this.base, to));
    for (let span = 1; ; span *= 2) {
      const lo = Math.max(first, last - span + 1);
      const found = this.from(lo).between(from, to, true);
      if (found.length > 0) return found[found.length - 1];
      if (lo === first) return null;
    }
  }

  /**
   * The rule re-anchored at the start of period `k` (DTSTART itself for k <= 0), under a fresh step budget. The parsed
   * options carry every default rrule derives from DTSTART (BYHOUR, BYMONTHDAY, ...), so only the phase must be kept,
   * and period starts keep it. COUNT becomes the UNTIL of its last occurrence, since counting needs the walk from
   * DTSTART.
   */
  private from(k: number): Rule {
    const dtstart = k > 0 ? periodStart(this.base, k) : this.base.dtstart;
    return withOptions(budgeted({ ...this.base, dtstart, count: null, until: this.until() }));
  }

  private until(): Date | null {
    if (this.base.count === null) return this.base.until;
    if (this.lastOfCount === undefined) {
      const all = withOptions(budgeted(this.base)).all();
      // No occurrence at all: an UNTIL before DTSTART yields none either.
      this.lastOfCount = all.length > 0 ? all[all.length - 1] : new Date(this.base.dtstart.getTime() - 1000);
    }
    return this.lastOfCount;
  }
}

/** A rule iterating exactly these parsed options (the constructor would parse them again and refuse some keys). */
function withOptions(options: ParsedOptions): Rule {
  const rule = new RRule({ freq: options.freq }, true);
  rule.options = options;
  return rule;
}

/**
 * rrule steps an HOURLY rule hour by hour until BYHOUR matches, forever when it never can: with INTERVAL n from hour
 * h, only hours ≡ h (mod gcd(n, 24)) are reached.
 */
function checkHourlyReach(options: ParsedOptions): void {
  if (options.freq !== RRule.HOURLY || options.byhour === null || options.byhour.length === 0) return;
  const g = gcd(options.interval, 24);
  const h = options.dtstart.getUTCHours() % g;
  if (!options.byhour.some((hour: number) => hour % g === h)) {
    throw new InvalidRule(`BYHOUR never matches an hour this rule reaches (every ${options.interval} hours from DTSTART)`);
  }
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

// ---------------------------------------------------------------------------------------------------- planning

/** An event's rule as stored and the occurrence the scheduler emits next (null: none left). */
export interface PlannedSchedule {
  rrule: string;
  nextScheduledAt: Date | null;
}

const truncateToSecond = (t: Date) => new Date(Math.floor(t.getTime() / 1000) * 1000);

function addYears(t: Date, years: number): Date {
  const d = new Date(t.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

/**
 * The schedule of an event from the rule a request gives, at `now`. '' is one run, now. A rule without DTSTART
 * starts now (truncated to the second, so its occurrences are whole seconds and the first is due at once). The first
 * occurrence from then on must fall within HORIZON_YEARS. On an update (`current`), a rule that did not change keeps
 * the stored DTSTART and next occurrence: the same RRULE without a DTSTART, or the stored text itself, is no change
 * (so editing the title of an event never re-runs or re-phases it).
 */
export function planSchedule(text: string, now: Date, current?: PlannedSchedule): PlannedSchedule {
  const from = truncateToSecond(now);
  if (text.trim() === '') {
    return current?.rrule === '' ? current : { rrule: '', nextScheduledAt: from };
  }
  const draft = readRule(text);
  if (current && current.rrule !== '' && unchanged(draft, current.rrule)) return current;
  try {
    const schedule = Schedule.of(draft, from);
    const first = schedule.firstFrom(from);
    if (first === null || first > addYears(from, HORIZON_YEARS)) {
      throw new InvalidRule(`the rule has no occurrence within ${HORIZON_YEARS} years`);
    }
    return { rrule: schedule.text, nextScheduledAt: first };
  } catch (error) {
    if (error instanceof StepBudgetExceeded) {
      throw new InvalidRule(
        `the rule takes more than ${MAX_RULE_STEPS} steps (periods of FREQ × INTERVAL) to evaluate: make it match more often or lower COUNT`,
      );
    }
    throw error;
  }
}

function unchanged(draft: RuleDraft, stored: string): boolean {
  let current: RuleDraft;
  try {
    current = readRule(stored);
  } catch {
    return false;
  }
  const rule = (d: RuleDraft) => new RRule({ ...d.options, dtstart: current.start }, true).toString();
  return (draft.start === null || draft.start.getTime() === current.start?.getTime()) && rule(draft) === rule(current);
}

/** What a due event emits: one job at `occurrence` (null: none), and the occurrence after `now` (null: none left). */
export interface DueRun {
  occurrence: Date | null;
  next: Date | null;
}

/**
 * The run of an event due at `now` whose first unemitted occurrence is `nextScheduledAt` (<= now). Occurrences
 * missed while no scheduler ran collapse into one run at the latest of them: a collection is a snapshot, and
 * several back-to-back runs would only collect the same data again. A one-off event ('') runs once.
 */
export function dueRun(rrule: string, nextScheduledAt: Date, now: Date): DueRun {
  if (rrule === '') return { occurrence: nextScheduledAt, next: null };
  const schedule = Schedule.parse(rrule);
  let occurrence: Date;
  try {
    occurrence = schedule.latestIn(nextScheduledAt, now) ?? nextScheduledAt;
  } catch (error) {
    if (!(error instanceof StepBudgetExceeded)) throw error;
    occurrence = nextScheduledAt;
  }
  try {
    return { occurrence, next: schedule.nextAfter(now) };
  } catch (error) {
    if (!(error instanceof StepBudgetExceeded)) throw error;
    return { occurrence, next: null };
  }
}
