import rrulePkg from 'rrule';
import type { Options } from 'rrule';
import { InvalidRule, readRule, type RuleDraft } from './rule-text.js';
import { budgeted, periodIndex, periodStart, StepBudget, StepBudgetExceeded, WalkCut, type ParsedOptions } from './schedule-periods.js';

export { InvalidRule, readRule, type RuleDraft } from './rule-text.js';
export { StepBudgetExceeded } from './schedule-periods.js';

const { RRule } = rrulePkg;
type Rule = InstanceType<typeof RRule>;

/** An event's next occurrence must fall within this many years of the moment it is planned. */
export const HORIZON_YEARS = 5;

const HOUR_MS = 3_600_000;

/** What an occurrence query up to a horizon finds: the occurrence, `ended` (none left at all) or `beyond` (none by then). */
export type Lookup = Date | 'ended' | 'beyond';

/**
 * A validated recurrence rule with its DTSTART, for one plan. Every query has an end (a horizon or a window) and
 * starts from the rule's period (FREQ × INTERVAL) holding its start rather than from DTSTART, so its cost grows
 * neither with the event's age nor with how rarely the rule matches: a walk takes at most the periods up to its end,
 * and all the queries of one Schedule share MAX_RULE_STEPS periods (StepBudgetExceeded beyond). A period's own cost
 * is bounded by the rule text (readRule): at most 366 days, each checked against lists of bounded length, and at most
 * 24 times a day (one BYMINUTE and one BYSECOND value). The worst rule we could build plans in about a tenth of a
 * second (schedule.spec.ts).
 */
export class Schedule {
  private readonly base: ParsedOptions;
  private readonly budget = new StepBudget();
  /** COUNT's last occurrence once found, or how far the walk from DTSTART went without reaching it. */
  private counted: { by: Date; last: Date | null } | undefined;

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

  /** The first occurrence at or after `t` and at or before `until`. */
  firstFrom(t: Date, until: Date): Lookup {
    return this.first(t, until, true);
  }

  /** The first occurrence strictly after `t` and at or before `until`. */
  nextAfter(t: Date, until: Date): Lookup {
    return this.first(t, until, false);
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
      let latest: Date | null = null;
      this.walk(lo, to, (date) => {
        if (date > to) return false;
        if (date >= from) latest = date;
        return true;
      });
      if (latest !== null) return latest;
      if (lo === first) return null;
    }
  }

  private first(t: Date, until: Date, inclusive: boolean): Lookup {
    let found: Lookup = 'ended';
    const cut = this.walk(periodIndex(this.base, t), until, (date) => {
      if (date > until) {
        found = 'beyond';
        return false;
      }
      if (date > t || (inclusive && date.getTime() === t.getTime())) {
        found = date;
        return false;
      }
      return true;
    });
    if (!cut) return found;
    // Cut before it could see the rule's UNTIL (or COUNT) pass: the rule ends by the horizon all the same.
    const end = this.until(until);
    return end !== null && end <= until ? 'ended' : 'beyond';
  }

  /**
   * Walks the occurrences of the periods from `k` to the one holding `end` (at least), in order, while `visit` returns
   * true; true when the walk was cut at its last period (the rule may have occurrences after it). The rule is
   * re-anchored at the start of period `k` (DTSTART itself for k <= 0): the parsed options carry every default rrule
   * derives from DTSTART (BYHOUR, BYMONTHDAY, ...), so only the phase must be kept, and period starts keep it. COUNT
   * becomes the UNTIL of its last occurrence, since counting needs the walk from DTSTART.
   */
  private walk(k: number, end: Date, visit: (date: Date) => boolean): boolean {
    const first = Math.max(0, k);
    const last = periodIndex(this.base, end);
    // The window ends before the rule starts.
    if (last < first) return true;
    const dtstart = first > 0 ? periodStart(this.base, first) : this.base.dtstart;
    const options = { ...this.base, dtstart, count: null, until: this.until(end) };
    return run(withOptions(budgeted(options, last - first + 1, this.budget)), visit);
  }

  /** The UNTIL of a walk ending at `end`: the rule's own, or COUNT's last occurrence when it comes by `end`. */
  private until(end: Date): Date | null {
    const count = this.base.count;
    if (count === null) return this.base.until;
    if (this.counted && (this.counted.last !== null || end <= this.counted.by)) return this.counted.last;
    let n = 0;
    let last: Date | null = null;
    const options = { ...this.base, count: null, until: null };
    run(withOptions(budgeted(options, periodIndex(this.base, end) + 1, this.budget)), (date) => {
      if (date > end) return false;
      n += 1;
      last = date;
      return n < count;
    });
    this.counted = { by: end, last: n === count ? last : null };
    return this.counted.last;
  }
}

/** Runs `rule` while `visit` returns true; true when its budget cut it (WalkCut). */
function run(rule: Rule, visit: (date: Date) => boolean): boolean {
  try {
    rule.all((date) => visit(date));
    return false;
  } catch (error) {
    if (error instanceof WalkCut) return true;
    throw error;
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

/** An event's rule as stored and the occurrence the scheduler emits next (null: none). */
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
    return { rrule: schedule.text, nextScheduledAt: firstOccurrence(schedule, from) };
  } catch (error) {
    if (error instanceof StepBudgetExceeded) throw new InvalidRule(`${error.message}: make it match more often or lower COUNT`);
    throw error;
  }
}

/**
 * A new schedule's first occurrence at or after `from`, within HORIZON_YEARS. The occurrence after it must be at
 * least an hour later: readRule's single BYMINUTE and BYSECOND already make every two occurrences a whole number of
 * hours apart, and this cheap look at the first two guards the rule itself, whatever form a finer one would take.
 */
export function firstOccurrence(schedule: Schedule, from: Date): Date {
  const first = schedule.firstFrom(from, addYears(from, HORIZON_YEARS));
  if (!(first instanceof Date)) throw new InvalidRule(`the rule has no occurrence within ${HORIZON_YEARS} years`);
  const second = schedule.nextAfter(first, new Date(first.getTime() + HOUR_MS - 1));
  if (second instanceof Date) throw new InvalidRule('occurrences must be at least an hour apart: collection runs at most hourly');
  return first;
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

/**
 * What a due event emits: one job at `occurrence` (null: none), and the occurrence after `now` (null: none left).
 * `stopped` says why an event stops (next null) for another reason than its rule having ended; the scheduler logs it.
 */
export interface DueRun {
  occurrence: Date | null;
  next: Date | null;
  stopped?: string;
}

/**
 * The run of an event due at `now` whose first unemitted occurrence is `nextScheduledAt` (<= now). Occurrences
 * missed while no scheduler ran collapse into one run at the latest of them: a collection is a snapshot, and
 * several back-to-back runs would only collect the same data again. A one-off event ('') runs once. Nothing is ever
 * emitted at a time that is not an occurrence: a stored rule that no longer reads or that exceeds the step budget
 * stops the event without a job, and one whose next occurrence is beyond HORIZON_YEARS stops after this run.
 */
export function dueRun(rrule: string, nextScheduledAt: Date, now: Date): DueRun {
  if (rrule === '') return { occurrence: nextScheduledAt, next: null };
  try {
    const schedule = Schedule.parse(rrule);
    // The next occurrence first: for a COUNT rule, its walk from DTSTART then also serves the earlier window.
    const next = schedule.nextAfter(now, addYears(now, HORIZON_YEARS));
    const occurrence = schedule.latestIn(nextScheduledAt, now);
    if (next === 'beyond') return { occurrence, next: null, stopped: `the rule has no occurrence within ${HORIZON_YEARS} years` };
    return { occurrence, next: next === 'ended' ? null : next };
  } catch (error) {
    if (error instanceof InvalidRule) return { occurrence: null, next: null, stopped: `its rule cannot be read (${error.message})` };
    if (error instanceof StepBudgetExceeded) return { occurrence: null, next: null, stopped: error.message };
    throw error;
  }
}
