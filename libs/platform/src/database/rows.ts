/** A raw row as the pg driver returns it (or a jsonb object of one, as `to_jsonb`/`json_build_object` write it). */
export type Row = Record<string, unknown>;

/**
 * A timestamp column: the driver's Date as it is, or the ISO text a jsonb object holds. Only for columns that are
 * never null (null would read as the epoch).
 */
export function dateOf(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string);
}

/** A nullable timestamp column: null (or a column the row lacks) reads as null. */
export function optionalDate(value: unknown): Date | null {
  return value === null || value === undefined ? null : dateOf(value);
}

/** A nullable text column. */
export function optionalString(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** A nullable number column (bigint and numeric arrive as text). */
export function optionalNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
