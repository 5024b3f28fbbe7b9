import neo4j from 'neo4j-driver';
import type { Properties } from '../../domain/graph.js';

/**
 * Neo4j stores only scalars and arrays of one scalar type, while the graph port (and jsonb) allows any JSON.
 * Other values are stored as JSON text, and the names of those properties are listed in this hidden property so
 * reads give back the original value.
 */
export const JSON_KEYS_PROPERTY = '__pw_json_keys';

/** A property patch as the write statements take it. */
export interface EncodedPatch {
  /** Values to `SET x += …`; null removes the property (the port's rule). */
  properties: Properties;
  /** Every key the patch sets or removes: their old JSON marks no longer apply. */
  keys: string[];
  /** Keys whose values went in as JSON text. */
  jsonKeys: string[];
}

/** Merges patches as if applied one after another: later values win, a null still removes, undefined is absent. */
export function mergePatches(target: Properties | undefined, patch: Properties): Properties {
  const merged = { ...target };
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) merged[key] = value;
  return merged;
}

/**
 * Encodes a patch for Neo4j: whole numbers as integers (a JavaScript number would be sent as a float), arrays of
 * numbers with any fraction as floats, values Neo4j cannot hold as JSON text.
 */
export function encodePatch(patch: Properties): EncodedPatch {
  const properties: Properties = {};
  const jsonKeys: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || key === JSON_KEYS_PROPERTY) continue;
    if (value === null || isScalar(value)) {
      properties[key] = scalar(value);
    } else if (Array.isArray(value) && isHomogeneousScalarArray(value)) {
      const fractional = value.some((v) => typeof v === 'number' && !Number.isInteger(v));
      properties[key] = fractional ? value : value.map(scalar);
    } else {
      properties[key] = JSON.stringify(value);
      jsonKeys.push(key);
    }
  }
  return { properties, keys: Object.keys(properties), jsonKeys };
}

/** The stored properties as the port sees them: JSON text decoded back, the hidden list dropped. */
export function decodeProperties(stored: Properties): Properties {
  const jsonKeys = stored[JSON_KEYS_PROPERTY];
  if (!Array.isArray(jsonKeys)) return stored;
  const { [JSON_KEYS_PROPERTY]: _hidden, ...properties } = stored;
  for (const key of jsonKeys) {
    if (typeof properties[key] === 'string') properties[key] = JSON.parse(properties[key] as string);
  }
  return properties;
}

/**
 * Cypher that keeps the hidden list right after `SET x += row.properties`: old marks of keys this row wrote are
 * dropped, this row's JSON keys added, and an empty list removed.
 */
export function jsonKeysUpdate(variable: string): string {
  const marks = `${variable}.\`${JSON_KEYS_PROPERTY}\``;
  return `WITH ${variable}, row, [k IN coalesce(${marks}, []) WHERE NOT k IN row.keys] + row.jsonKeys AS marks
SET ${marks} = CASE WHEN size(marks) = 0 THEN null ELSE marks END`;
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function isHomogeneousScalarArray(values: unknown[]): boolean {
  return values.every((v) => isScalar(v) && typeof v === typeof values[0]);
}

function scalar(value: unknown): unknown {
  return typeof value === 'number' && Number.isSafeInteger(value) ? neo4j.int(value) : value;
}
