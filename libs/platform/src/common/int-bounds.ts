// Integer column ranges, as plain values: domain rules check them too, so this file imports nothing.
/** Bounds of an int16 (smallint) column. */
export const INT16_MIN = -(2n ** 15n);
export const INT16_MAX = 2n ** 15n - 1n;
/** Bounds of an int32 column, the default integer range. */
export const INT32_MIN = -(2n ** 31n);
export const INT32_MAX = 2n ** 31n - 1n;
/** Bounds of an int64 (bigint) column. */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** Whether a value is an integer that fits an int32 (`integer`) column. */
export function isInt32(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= Number(INT32_MIN) && (value as number) <= Number(INT32_MAX);
}
