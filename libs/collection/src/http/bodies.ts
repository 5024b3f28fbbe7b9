import { ApiError, type BodyReader, type BodyReaderOptions } from '@app/platform';
import { CollectionErrors } from '../application/collection-errors.js';
import { longerThan } from '../domain/text.js';

// What the hand-read collection bodies (client, event and job bodies) share beyond the platform's BodyReader: the
// event and job bodies name the field of every refusal, and their text fields are free of NUL and capped.

/** The most objects an event or an ad-hoc job may name in `ous` (or `domains`). */
export const MAX_SCOPE_OBJECTS = 1000;
/** Objectids are SIDs and GUIDs in practice; 256 leaves room for any the graph holds. */
export const MAX_OBJECTID_LENGTH = 256;
const OBJECT_IDS = `an array of objectids (non-empty strings of at most ${MAX_OBJECTID_LENGTH} characters)`;

/** Bodies whose field of the wrong JSON type answers `<field> must be <type>`. */
export const NAMED_FIELDS: BodyReaderOptions = {
  wrongType: (label, expected) => ApiError.badRequest(CollectionErrors.fieldType(label, expected)),
};

/** A string field without NUL (PostgreSQL text cannot hold it) and, given `max`, of at most `max` characters. */
export function text(body: BodyReader, name: string, max?: number): string | undefined {
  const value = body.string(name);
  if (value === undefined) return undefined;
  if (value.includes('\u0000')) throw ApiError.badRequest(CollectionErrors.fieldNul(body.label(name)));
  if (max !== undefined && longerThan(value, max)) {
    throw ApiError.badRequest(CollectionErrors.fieldTooLong(body.label(name), max));
  }
  return value;
}

/** See `objectIds`; absent or null is none, and refusals name the field with the body's prefix. */
export const objectIdsOf = (body: BodyReader, name: string): string[] => objectIds(body.value(name), body.label(name));

/**
 * A list of objectids (the `ous` or `domains` of an event or an ad-hoc job) as the graph stores them: trimmed,
 * upper-cased, each once (first position kept); at most MAX_SCOPE_OBJECTS. `value` undefined or null is none.
 * Every refusal names `field`.
 */
export function objectIds(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  const refuse = () => ApiError.badRequest(CollectionErrors.fieldType(field, OBJECT_IDS));
  if (!Array.isArray(value)) throw refuse();
  if (value.length > MAX_SCOPE_OBJECTS) {
    throw ApiError.badRequest(CollectionErrors.objectIdsTooMany(field, MAX_SCOPE_OBJECTS));
  }
  const ids = new Set<string>();
  for (const item of value) {
    const id = typeof item === 'string' ? item.trim().toUpperCase() : '';
    if (id === '' || longerThan(id, MAX_OBJECTID_LENGTH) || id.includes('\u0000')) throw refuse();
    ids.add(id);
  }
  return [...ids];
}
