import { ApiError, ErrorMessages } from '@app/platform';
import { CollectionErrors } from '../application/collection-errors.js';
import { longerThan } from '../domain/text.js';

// The readers every hand-read collection body shares (client, event and job bodies). They are read by hand rather
// than by class-validator because the client-flow bodies match keys without regard to case, as Go's decoder does,
// and because each refusal names the field it is about.

/** The most objects an event or an ad-hoc job may name in `ous` (or `domains`). */
export const MAX_SCOPE_OBJECTS = 1000;
/** Objectids are SIDs and GUIDs in practice; 256 leaves room for any the graph holds. */
export const MAX_OBJECTID_LENGTH = 256;
const OBJECT_IDS = `an array of objectids (non-empty strings of at most ${MAX_OBJECTID_LENGTH} characters)`;

export interface BodyOptions {
  /** Match keys without regard to case, as Go's decoder does (of two spellings, the later one wins). */
  foldCase?: boolean;
  /**
   * What a field of the wrong JSON type answers: `named` (default) `<field> must be <type>`, or `unmarshal` the
   * `error unmarshalling JSON payload` of a Go struct decoder, for bodies that keep the reference's answer.
   */
  wrongType?: 'named' | 'unmarshal';
  /** Put before every field name in messages: the path of a nested object, e.g. `domain_results[0].`. */
  prefix?: string;
}

export interface StringOptions {
  /** The most characters (code points) the value may have. */
  max?: number;
  /** Leave NUL to the caller, for values a command checks (NUL included) in an order of its own. */
  allowNul?: boolean;
}

export const isJsonObject = (raw: unknown): raw is Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw);

export const unmarshalError = () => ApiError.badRequest(ErrorMessages.unmarshalJson);

/**
 * The fields of one JSON object body. An absent field and a null one read alike (Go reads null into a plain type
 * as "not given"), except through `nullableString`, which tells them apart.
 */
export class BodyFields {
  private constructor(private readonly fields: ReadonlyMap<string, unknown>, private readonly options: BodyOptions) {}

  /** The fields of `raw`, which must be a JSON object (else `error unmarshalling JSON payload`). */
  static of(raw: unknown, options: BodyOptions = {}): BodyFields {
    if (!isJsonObject(raw)) throw unmarshalError();
    const entries = Object.entries(raw);
    return new BodyFields(new Map(options.foldCase ? entries.map(([key, value]) => [key.toLowerCase(), value]) : entries), options);
  }

  /** The field as sent, undefined when absent or null. Give lower-cased names when keys are case-folded. */
  value(name: string): unknown {
    return this.fields.get(name) ?? undefined;
  }

  /** The name messages show for a field. */
  label(name: string): string {
    return `${this.options.prefix ?? ''}${name}`;
  }

  /** The 400 for a field of the wrong JSON type, in this body's convention. */
  wrongType(name: string, expected: string): ApiError {
    if (this.options.wrongType === 'unmarshal') return unmarshalError();
    return ApiError.badRequest(CollectionErrors.fieldType(this.label(name), expected));
  }

  /** A string without NUL (PostgreSQL text cannot hold it) and, given `max`, of at most `max` characters. */
  string(name: string, options: StringOptions = {}): string | undefined {
    const value = this.value(name);
    return value === undefined ? undefined : this.checkedString(name, value, options);
  }

  /** As `string`, but null stays null: "clear it", where absent means "leave it". */
  nullableString(name: string, options: StringOptions = {}): string | null | undefined {
    const value = this.fields.get(name);
    return value === undefined || value === null ? value : this.checkedString(name, value, options);
  }

  boolean(name: string): boolean | undefined {
    const value = this.value(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') throw this.wrongType(name, 'a boolean');
    return value;
  }

  /** See `objectIds`; absent or null is none. */
  objectIds(name: string): string[] {
    return objectIds(this.value(name), this.label(name));
  }

  private checkedString(name: string, value: unknown, { max, allowNul }: StringOptions): string {
    if (typeof value !== 'string') throw this.wrongType(name, 'a string');
    if (!allowNul && value.includes('\u0000')) throw ApiError.badRequest(CollectionErrors.fieldNul(this.label(name)));
    if (max !== undefined && longerThan(value, max)) throw ApiError.badRequest(CollectionErrors.fieldTooLong(this.label(name), max));
    return value;
  }
}

/**
 * A list of objectids (the `ous` or `domains` of an event or an ad-hoc job) as the graph stores them: trimmed,
 * upper-cased, each once (first position kept); at most MAX_SCOPE_OBJECTS. `value` undefined or null is none.
 * Every refusal names `field`.
 */
export function objectIds(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  const refuse = () => ApiError.badRequest(CollectionErrors.fieldType(field, OBJECT_IDS));
  if (!Array.isArray(value)) throw refuse();
  if (value.length > MAX_SCOPE_OBJECTS) throw ApiError.badRequest(CollectionErrors.objectIdsTooMany(field, MAX_SCOPE_OBJECTS));
  const ids = new Set<string>();
  for (const item of value) {
    const id = typeof item === 'string' ? item.trim().toUpperCase() : '';
    if (id === '' || longerThan(id, MAX_OBJECTID_LENGTH) || id.includes('\u0000')) throw refuse();
    ids.add(id);
  }
  return [...ids];
}
