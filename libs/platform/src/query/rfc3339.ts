// Date, `T`, time, optional fraction, then `Z` or a numeric offset. A space stands for `+` in the offset because an
// unencoded `+` in a query string decodes to a space.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+\- ])(\d{2}):(\d{2}))$/;

// PostgreSQL stores microseconds; finer digits cannot change a comparison.
const MAX_FRACTION_DIGITS = 6;

/**
 * Parses an RFC 3339 timestamp into the same instant as a UTC string (`YYYY-MM-DDTHH:MM:SS[.ffffff]Z`), or returns
 * undefined when the text is not a real timestamp. UTC output keeps PostgreSQL away from offsets and years it refuses.
 */
export function parseRfc3339(text: string): string | undefined {
  const m = RFC3339.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const [fraction, sign, offsetHours, offsetMinutes] = m.slice(7);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (offsetHours !== undefined && (Number(offsetHours) > 23 || Number(offsetMinutes) > 59)) return undefined;

  const local = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, 0);
  if (local.getUTCFullYear() !== year || local.getUTCMonth() !== month - 1 || local.getUTCDate() !== day) {
    return undefined;
  }

  const offset = sign === undefined ? 0 : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  const utc = new Date(local.getTime() - offset * 60_000);
  const utcYear = utc.getUTCFullYear();
  if (utcYear < 1 || utcYear > 9999) return undefined;

  const digits = fraction === undefined ? '' : `.${fraction.slice(0, MAX_FRACTION_DIGITS)}`;
  return `${utc.toISOString().slice(0, 19)}${digits}Z`;
}
