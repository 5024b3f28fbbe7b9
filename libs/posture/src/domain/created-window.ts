/**
 * The deprecated `from`/`to` bounds on created_at, both inclusive and optional. Bounds are UTC RFC 3339 strings
 * (as the platform's timestamp filters carry them): a Date would cut the microseconds PostgreSQL stores.
 */
export interface CreatedWindow {
  from?: string;
  to?: string;
}

/** Microseconds since the epoch of a UTC RFC 3339 string, so bounds compare exactly (a Date keeps milliseconds). */
export function epochMicros(utc: string): bigint {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?Z$/.exec(utc);
  if (match === null) throw new Error(`not a UTC RFC 3339 timestamp: ${utc}`);
  const fraction = (match[2] ?? '').padEnd(6, '0').slice(0, 6);
  return BigInt(Date.parse(`${match[1]}Z`)) * 1000n + BigInt(fraction);
}

/** Whether `to` lies before `from`; a window with a missing bound is never inverted. */
export function isInverted(window: CreatedWindow): boolean {
  if (window.from === undefined || window.to === undefined) return false;
  return epochMicros(window.to) < epochMicros(window.from);
}
