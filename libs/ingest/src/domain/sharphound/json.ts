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

/**
 * A field read the way BloodHound's Go decoder reads it: exact name first, else a case-insensitive match (SharpHound
 * writes e.g. `RestrictReceivingNtlmTraffic` where BloodHound's model says `RestrictReceivingNTLMTraffic`).
 */
export function fieldOf(object: JsonObject | undefined, name: string): unknown {
  if (!object) return undefined;
  if (name in object) return object[name];
  const lower = name.toLowerCase();
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : object[key];
}
