import { ApiError } from '../common/api-error.js';
import { INT32_MAX, INT32_MIN } from '../common/int-bounds.js';
import { UUID_PATTERN } from '../common/patterns.js';
import { ErrorMessages } from '../common/error-messages.js';
import { parseRfc3339 } from './rfc3339.js';
import type { ColumnSpec } from './types.js';

const INTEGER = /^-?\d+$/;
// Go's strconv.ParseBool, which the reference uses.
const BOOLEANS: Readonly<Record<string, boolean>> = {
  '1': true, t: true, T: true, TRUE: true, true: true, True: true,
  '0': false, f: false, F: false, FALSE: false, false: false, False: false,
};

/** Types one raw wire value for a column; 400 when it does not fit, so a bad value never reaches the database. */
export function parseColumnValue(column: ColumnSpec, raw: string): string | boolean {
  const value = typed(column, raw);
  if (value === undefined) throw ApiError.badRequest(ErrorMessages.filtersInvalid);
  return value;
}

function typed(column: ColumnSpec, raw: string): string | boolean | undefined {
  switch (column.type) {
    case 'string':
      // PostgreSQL text cannot hold NUL; binding one would fail in the database instead of here.
      return raw.includes('\u0000') ? undefined : raw;
    case 'integer':
      return integer(raw, column.min ?? INT32_MIN, column.max ?? INT32_MAX);
    case 'boolean':
      return Object.hasOwn(BOOLEANS, raw) ? BOOLEANS[raw] : undefined;
    case 'uuid':
      return UUID_PATTERN.test(raw) ? raw.toLowerCase() : undefined;
    case 'timestamp':
      return parseRfc3339(raw);
  }
}

// Bound as a canonical decimal string so int64 values stay exact (a JS number would round them).
function integer(raw: string, min: bigint, max: bigint): string | undefined {
  if (!INTEGER.test(raw)) return undefined;
  const n = BigInt(raw);
  return n >= min && n <= max ? n.toString() : undefined;
}
