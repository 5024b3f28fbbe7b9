import rrulePkg from 'rrule';
import type { Options } from 'rrule';

// `rrule` ships CommonJS only; under Node's ESM loader its named exports come through the default import.
const { RRule } = rrulePkg;

/** A rule that cannot be scheduled; `message` is the detail of `invalid rrule specified: <detail>`. */
export class InvalidRule extends Error {}

export const MAX_RULE_LENGTH = 1000;
export const MAX_COUNT = 10_000;
/** Most characters of rule text a message quotes. */
export const MAX_ECHOED_LENGTH = 64;

const FREQUENCIES = { YEARLY: RRule.YEARLY, MONTHLY: RRule.MONTHLY, WEEKLY: RRule.WEEKLY, DAILY: RRule.DAILY, HOURLY: RRule.HOURLY } as const;
type FrequencyName = keyof typeof FREQUENCIES;
const TOO_FINE = new Set(['MINUTELY', 'SECONDLY']);
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const SINGLE_VALUED = new Set(['BYMINUTE', 'BYSECOND']);

/** A rule read from text: its DTSTART when the text gives one, and its RRULE part as rrule options. */
export interface RuleDraft {
  start: Date | null;
  options: Partial<Options>;
}

/**
 * Reads rule text: an optional `DTSTART:YYYYMMDDTHHMMSSZ` (UTC; a time without `Z` is read as UTC) and one RRULE
 * (`RRULE:FREQ=...` or bare `FREQ=...`), separated by whitespace or line breaks, case-insensitive. Everything RFC 5545
 * allows in an RRULE is accepted except what would run more often than hourly (FREQ finer than HOURLY, more than one
 * BYMINUTE or BYSECOND value) and BYSETPOS positions no period holds, plus the RFC's own restrictions; values are
 * range-checked here because the rrule package takes any number (and can loop forever on some), and list values are
 * kept once each. Messages quote caller text only through `echo`.
 */
export function readRule(text: string): RuleDraft {
  if (text.length > MAX_RULE_LENGTH) throw new InvalidRule(`the rule is longer than ${MAX_RULE_LENGTH} characters`);
  let start: Date | null | undefined;
  let rule: string | undefined;
  for (const token of text.trim().toUpperCase().split(/\s+/)) {
    if (token.startsWith('DTSTART')) {
      if (start !== undefined) throw new InvalidRule('DTSTART is given more than once');
      start = readStart(token);
    } else if (token.startsWith('RRULE:') || /^[A-Z]+=/.test(token)) {
      if (rule !== undefined) throw new InvalidRule('only one RRULE is supported');
      rule = token.replace(/^RRULE:/, '');
    } else {
      throw new InvalidRule(`"${echo(token)}" is neither a DTSTART nor an RRULE (e.g. DTSTART:20240101T090000Z RRULE:FREQ=DAILY)`);
    }
  }
  if (rule === undefined) throw new InvalidRule('FREQ is required');
  return { start: start ?? null, options: readRuleParts(rule) };
}

function readStart(token: string): Date {
  if (token.startsWith('DTSTART;')) {
    if (/TZID=/.test(token)) throw new InvalidRule('TZID is not supported: give DTSTART in UTC, e.g. DTSTART:20240101T090000Z');
    throw new InvalidRule('DTSTART must be a UTC date-time, e.g. DTSTART:20240101T090000Z');
  }
  const match = /^DTSTART:(\d{8}T\d{6})Z?$/.exec(token);
  const date = match ? utcDateTime(match[1]) : null;
  if (!date) throw new InvalidRule('DTSTART must be a UTC date-time, e.g. DTSTART:20240101T090000Z');
  return date;
}

/** `YYYYMMDD` or `YYYYMMDDTHHMMSS` as UTC, or null when it names no real instant. */
function utcDateTime(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}))?$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const same = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day &&
    date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
  // Years before 1900 are refused: no schedule needs them, and Date.UTC would read 0-99 as 19xx.
  return same && year >= 1900 ? date : null;
}

type NumberPart = 'BYSETPOS' | 'BYMONTH' | 'BYMONTHDAY' | 'BYYEARDAY' | 'BYWEEKNO' | 'BYHOUR' | 'BYMINUTE' | 'BYSECOND';

/** Allowed values of the numeric list parts: min..max, and -max..-min as well when signed (counted from the end). */
const NUMBER_PARTS: Record<NumberPart, { key: keyof Options; min: number; max: number; signed: boolean }> = {
  BYSETPOS: { key: 'bysetpos', min: 1, max: 366, signed: true },
  BYMONTH: { key: 'bymonth', min: 1, max: 12, signed: false },
  BYMONTHDAY: { key: 'bymonthday', min: 1, max: 31, signed: true },
  BYYEARDAY: { key: 'byyearday', min: 1, max: 366, signed: true },
  BYWEEKNO: { key: 'byweekno', min: 1, max: 53, signed: true },
  BYHOUR: { key: 'byhour', min: 0, max: 23, signed: false },
  BYMINUTE: { key: 'byminute', min: 0, max: 59, signed: false },
  BYSECOND: { key: 'bysecond', min: 0, max: 59, signed: false },
};

function readRuleParts(rule: string): Partial<Options> {
  const parts = new Map<string, string>();
  for (const part of rule.split(';')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    if (eq < 0 || eq === part.length - 1) throw new InvalidRule(`rule part ${echo(name)} has no value`);
    if (parts.has(name)) throw new InvalidRule(`rule part ${echo(name)} is given more than once`);
    parts.set(name, part.slice(eq + 1));
  }
  const freqName = parts.get('FREQ');
  if (freqName === undefined) throw new InvalidRule('FREQ is required');
  if (TOO_FINE.has(freqName)) throw new InvalidRule(`FREQ=${freqName} is not supported: collection runs at most hourly`);
  if (!Object.hasOwn(FREQUENCIES, freqName)) {
    throw new InvalidRule(`FREQ must be one of ${Object.keys(FREQUENCIES).join(', ')}`);
  }
  const freq = freqName as FrequencyName;
  const options: Partial<Options> = { freq: FREQUENCIES[freq] };
  for (const [name, value] of parts) {
    switch (name) {
      case 'FREQ':
        break;
      case 'INTERVAL':
        options.interval = positive(name, value, 100_000);
        break;
      case 'COUNT':
        options.count = positive(name, value, MAX_COUNT);
        break;
      case 'UNTIL': {
        const until = /^\d{8}(T\d{6}Z?)?$/.test(value) ? utcDateTime(value.replace(/Z$/, '')) : null;
        if (!until) throw new InvalidRule('UNTIL must be a date (YYYYMMDD) or a UTC date-time (YYYYMMDDTHHMMSSZ)');
        options.until = until;
        break;
      }
      case 'WKST':
        if (!(WEEKDAYS as readonly string[]).includes(value)) throw new InvalidRule(`WKST must be one of ${WEEKDAYS.join(', ')}`);
        options.wkst = WEEKDAYS.indexOf(value as (typeof WEEKDAYS)[number]);
        break;
      case 'BYDAY':
        options.byweekday = readWeekdays(value, freq, parts.has('BYWEEKNO'));
        break;
      default: {
        if (!Object.hasOwn(NUMBER_PARTS, name)) throw new InvalidRule(`unknown rule part ${echo(name)}`);
        const spec = NUMBER_PARTS[name as NumberPart];
        const values = numberList(name, value, spec.min, spec.max, spec.signed);
        // One minute and one second in every hour: two occurrences are then a whole number of hours apart, so the
        // rule runs at most hourly whatever its other parts, and each day holds at most 24 candidate times.
        if (SINGLE_VALUED.has(name) && values.length > 1) {
          throw new InvalidRule(`${name} takes a single value: collection runs at most hourly`);
        }
        (options as Record<string, unknown>)[spec.key] = values;
      }
    }
  }
  checkRfcCombinations(freq, parts);
  checkSetPositions(freq, options);
  return options;
}

/** The most days one period (FREQ, INTERVAL 1) spans. */
const PERIOD_DAYS: Record<FrequencyName, number> = { YEARLY: 366, MONTHLY: 31, WEEKLY: 7, DAILY: 1, HOURLY: 1 };

/**
 * BYSETPOS picks among the occurrences of one period, which are at most its days times its hours (one a period for
 * HOURLY): a position beyond never matches, and would only make rrule walk until the step budget runs out.
 */
function checkSetPositions(freq: FrequencyName, options: Partial<Options>): void {
  if (!options.bysetpos) return;
  const hours = freq === 'HOURLY' ? 1 : ((options.byhour as number[] | undefined)?.length ?? 1);
  const most = PERIOD_DAYS[freq] * hours;
  if ((options.bysetpos as number[]).some((position) => Math.abs(position) > most)) {
    throw new InvalidRule(`BYSETPOS values must lie within ±${most}: a period of this rule holds at most ${most} occurrence${most === 1 ? '' : 's'}`);
  }
}

function positive(name: string, value: string, max: number): number {
  const n = /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= max)) throw new InvalidRule(`${name} must be an integer from 1 to ${max}`);
  return n;
}

/** The values of a numeric list part, each once (rrule would yield an occurrence once per repeat, and scan it too). */
function numberList(name: string, value: string, min: number, max: number, signed: boolean): number[] {
  const values = value.split(',').map((item) => {
    const n = /^[+-]?\d{1,3}$/.test(item) ? Number(item) : NaN;
    const ok = Number.isInteger(n) && (signed ? Math.abs(n) >= min && Math.abs(n) <= max : n >= min && n <= max);
    if (!ok) throw new InvalidRule(`${name} values must be integers from ${signed ? `${-max} to -${min} or ${min} to ${max}` : `${min} to ${max}`}`);
    return n;
  });
  return [...new Set(values)];
}

/** BYDAY's weekdays, each (weekday and ordinal) once. */
function readWeekdays(value: string, freq: FrequencyName, byWeekNo: boolean) {
  const days = new Map<string, ReturnType<typeof RRule.MO.nth>>();
  for (const item of value.split(',')) {
    const m = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
    if (!m) throw new InvalidRule('BYDAY values must be weekdays (MO..SU), optionally with an ordinal, e.g. 1MO or -1FR');
    const day = RRule[m[2] as (typeof WEEKDAYS)[number]];
    if (m[1] === undefined) {
      days.set(m[2], day);
      continue;
    }
    const n = Number(m[1]);
    if (n === 0 || Math.abs(n) > 53) throw new InvalidRule('BYDAY ordinals must be from -53 to -1 or 1 to 53');
    // RFC 5545: ordinals only in MONTHLY and YEARLY rules, and not with BYWEEKNO.
    if ((freq !== 'MONTHLY' && freq !== 'YEARLY') || byWeekNo) {
      throw new InvalidRule('BYDAY ordinals are only allowed with FREQ=MONTHLY or FREQ=YEARLY without BYWEEKNO');
    }
    if (freq === 'MONTHLY' && Math.abs(n) > 5) throw new InvalidRule('BYDAY ordinals of a MONTHLY rule must be from -5 to 5');
    days.set(`${n}${m[2]}`, day.nth(n));
  }
  return [...days.values()];
}

/** The RFC 5545 §3.3.10 restrictions on combining rule parts. */
function checkRfcCombinations(freq: FrequencyName, parts: Map<string, string>): void {
  if (parts.has('COUNT') && parts.has('UNTIL')) throw new InvalidRule('COUNT and UNTIL must not both be given');
  if (parts.has('BYWEEKNO') && freq !== 'YEARLY') throw new InvalidRule('BYWEEKNO is only allowed with FREQ=YEARLY');
  if (parts.has('BYYEARDAY') && (freq === 'DAILY' || freq === 'WEEKLY' || freq === 'MONTHLY')) {
    throw new InvalidRule(`BYYEARDAY is not allowed with FREQ=${freq}`);
  }
  if (parts.has('BYMONTHDAY') && freq === 'WEEKLY') throw new InvalidRule('BYMONTHDAY is not allowed with FREQ=WEEKLY');
  if (parts.has('BYSETPOS') && ![...parts.keys()].some((name) => name.startsWith('BY') && name !== 'BYSETPOS')) {
    throw new InvalidRule('BYSETPOS needs another BYxxx rule part');
  }
}

/**
 * Caller text as a message may quote it: control and format characters (line breaks, escapes, bidi overrides) dropped
 * and at most MAX_ECHOED_LENGTH characters, so an error body cannot be forged or bloated. (The HTTP layer's `echo` in
 * collector.params does the same for path values; the domain does not import from it.)
 */
export function echo(value: string): string {
  const characters = [...value.replace(/[\p{Cc}\p{Cf}]/gu, '')];
  return characters.length > MAX_ECHOED_LENGTH ? `${characters.slice(0, MAX_ECHOED_LENGTH).join('')}...` : characters.join('');
}
