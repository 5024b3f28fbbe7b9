/** Tolerant readers for collector JSON: a field of the wrong type reads as absent, never as a crash. */
export type JsonObject = Record<string, unknown>;

export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A non-empty string, else undefined. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function asBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** The `Collected` flag of a SharpHound API result ({Results, Collected, FailureReason}). */
export function isCollected(result: unknown): boolean {
  return asObject(result)?.Collected === true;
}
