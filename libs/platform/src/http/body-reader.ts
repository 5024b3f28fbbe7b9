import { isInt32 } from '../common/int-bounds.js';
import { ApiError } from '../common/api-error.js';
import { ErrorMessages } from '../common/error-messages.js';

// Bodies the reference decodes as Go does (into a struct: a body that is not an object, or a field of the wrong JSON
// type, is one fixed error; null is "not given"), then checks in a fixed order with fixed messages, are read with
// this reader rather than class-validator DTOs, whose messages and order are class-validator's own.

/** The 400 `error unmarshalling JSON payload`, Go's answer for a body or field it cannot decode. */
const unmarshalError = (): Error => ApiError.badRequest(ErrorMessages.unmarshalJson);

/** Whether `raw` is a JSON object (not null, not an array). */
const isJsonObject = (raw: unknown): raw is Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw);

/** The error for a field of the wrong JSON type, given its label (prefix and name) and what it must be (`a string`). */
export type WrongTypeError = (label: string, expected: string) => Error;

export interface BodyReaderOptions {
  /** Match keys without regard to case, as Go's decoder does (of two spellings, the later one wins). */
  foldCase?: boolean;
  /** Put before every field name in labels: the path of a nested object, e.g. `domain_results[0].`. */
  prefix?: string;
  /** The error for a body that is not a JSON object (default `error unmarshalling JSON payload`). */
  notObject?: () => Error;
  /** The error for a field of the wrong JSON type (default `error unmarshalling JSON payload`). */
  wrongType?: WrongTypeError;
}

/** What one read of a field may add to the body's options. */
export interface FieldRules {
  /** The error for this field of the wrong JSON type, instead of the body's. */
  wrongType?: () => Error;
  /** Makes the field required: the error when it is absent or null. */
  missing?: () => Error;
}

/** A required field's value is always there; an optional one may be undefined. */
type Read<T, R extends FieldRules> = R extends { missing: () => Error } ? T : T | undefined;

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isNumber = (value: unknown): value is number => typeof value === 'number';

/**
 * The fields of one JSON object body, read in the caller's order so the first refusal is the reference's. An absent
 * field and a null one read alike (Go reads null into a plain type as "not given"), except through `nullableString`,
 * which tells them apart.
 */
export class BodyReader {
  private constructor(
    private readonly fields: ReadonlyMap<string, unknown>,
    private readonly options: BodyReaderOptions,
  ) {}

  /** The fields of `raw`, which must be a JSON object (else the `notObject` error). */
  static of(raw: unknown, options: BodyReaderOptions = {}): BodyReader {
    if (!isJsonObject(raw)) throw (options.notObject ?? unmarshalError)();
    const entries = Object.entries(raw);
    const keyed = options.foldCase ? entries.map(([key, value]) => [key.toLowerCase(), value] as const) : entries;
    return new BodyReader(new Map(keyed), options);
  }

  /** The field as sent, undefined when absent or null. Give lower-cased names when keys are case-folded. */
  value(name: string): unknown {
    return this.fields.get(name) ?? undefined;
  }

  /** The name messages show for a field. */
  label(name: string): string {
    return `${this.options.prefix ?? ''}${name}`;
  }

  /** The body's error for a field of the wrong JSON type. */
  wrongType(name: string, expected: string): Error {
    return (this.options.wrongType ?? unmarshalError)(this.label(name), expected);
  }

  string<R extends FieldRules = FieldRules>(name: string, rules?: R): Read<string, R> {
    return this.read(name, isString, 'a string', rules) as Read<string, R>;
  }

  /** As `string`, but null stays null: "clear it" or "none", where absent means "leave it". */
  nullableString(name: string): string | null | undefined {
    return this.fields.get(name) === null ? null : this.string(name);
  }

  boolean<R extends FieldRules = FieldRules>(name: string, rules?: R): Read<boolean, R> {
    return this.read(name, isBoolean, 'a boolean', rules) as Read<boolean, R>;
  }

  /** Any JSON number. */
  number<R extends FieldRules = FieldRules>(name: string, rules?: R): Read<number, R> {
    return this.read(name, isNumber, 'a number', rules) as Read<number, R>;
  }

  /** An integer that fits Go's int32 (a fraction or a larger number cannot be decoded into one). */
  int32<R extends FieldRules = FieldRules>(name: string, rules?: R): Read<number, R> {
    return this.read(name, isInt32, 'a 32-bit integer', rules) as Read<number, R>;
  }

  /** An array of any items; the caller reads them. */
  array<R extends FieldRules = FieldRules>(name: string, rules?: R): Read<unknown[], R> {
    return this.read(name, Array.isArray, 'an array', rules) as Read<unknown[], R>;
  }

  private read<T>(name: string, is: (value: unknown) => value is T, expected: string, rules: FieldRules = {}) {
    const value = this.value(name);
    if (value === undefined) {
      if (rules.missing) throw rules.missing();
      return undefined;
    }
    if (!is(value)) throw rules.wrongType ? rules.wrongType() : this.wrongType(name, expected);
    return value;
  }
}
