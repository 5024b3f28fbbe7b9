import type { Schema } from './openapi-operations.js';
import type { SeededRandom } from './seeded-random.js';
import { CYPHER_EDGE_CASES, CYPHER_NUL_CASES } from './cypher-edge-cases.js';
import {
  DOUBLE_OVERFLOW, HUGE_STRING, INT64_OVERFLOW, INT_BOUNDARY_TOKENS, LONG_STRING, NUL_STRINGS, NUMBER_TOKENS,
  NUMBERS_IN_TEXT, TIMESTAMP_VALUES, TOP_LEVEL_VALUES, TRUNCATED_JSON,
} from './malformed-values.js';

/** JSON text placed as is inside a body (numbers JSON.stringify cannot write). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Serialises a body whose values may be RawJson. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

type FieldPath = (string | number)[];

/** A field of a body schema, at any depth (array items as index 0). */
export interface Field {
  path: FieldPath;
  schema: Schema;
}

/** Every field of a schema, breadth first, to a fixed depth. */
function fieldsOf(schema: Schema | undefined, depth = 3): Field[] {
  const fields: Field[] = [];
  const visit = (node: Schema, path: FieldPath, level: number) => {
    if (level >= depth) return;
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      fields.push({ path: [...path, name], schema: property });
      visit(property, [...path, name], level + 1);
    }
    if (node.type === 'array' && node.items && path.length > 0) visit(node.items, [...path, 0], level);
  };
  if (schema) visit(schema, [], 0);
  return fields;
}

const fieldLabel = (path: FieldPath) => path.join('.');
/** Fields whose value must be unique (a second create with the same one stops at the uniqueness check). */
const NAME_LIKE = /(^|_)(name|principal|title)$/;

/**
 * The body an operation's schema describes, made fresh for every case: required fields with their example, first
 * enum value or default, else a value of their type. A string field named like a path parameter (client_id, ...)
 * takes that record's id, so a body can name something real; names get a serial number, so each create is new.
 */
export class BodyModel {
  readonly schema: Schema;
  readonly fields: Field[];
  private serial = 0;

  constructor(schema: Schema | undefined, private readonly known: Record<string, string>) {
    this.schema = schema ?? { type: 'object', properties: {} };
    this.fields = fieldsOf(schema);
  }

  /** A fresh body object. */
  base(): Record<string, unknown> {
    return (this.example(this.schema, '') ?? {}) as Record<string, unknown>;
  }

  /** The JSON text of a fresh body with `value` at `path`, creating the containers on the way. */
  with(path: FieldPath, value: unknown, body: unknown = this.base()): string {
    return toJson(this.withValueAt(body, path, value));
  }

  /** A fresh body with `value` at `path`, as an object. */
  withValueAt(body: unknown, path: FieldPath, value: unknown): unknown {
    const root = structuredClone(body) as Record<string | number, unknown>;
    let node = root;
    let schema = this.schema;
    path.forEach((step, i) => {
      const next = typeof step === 'number' ? schema.items ?? {} : schema.properties?.[step] ?? {};
      if (i === path.length - 1) {
        node[step] = value;
        return;
      }
      if (node[step] === null || typeof node[step] !== 'object') {
        node[step] = next.type === 'array' ? [] : this.example({ ...next, type: 'object', example: undefined }, String(step)) ?? {};
      }
      if (Array.isArray(node[step]) && typeof path[i + 1] === 'number' && (node[step] as unknown[]).length === 0) {
        (node[step] as unknown[]).push(this.example(next.items ?? {}, String(step)));
      }
      node = node[step] as Record<string | number, unknown>;
      schema = next;
    });
    return root;
  }

  private example(schema: Schema, name: string): unknown {
    const unique = (text: string) => (NAME_LIKE.test(name) ? `${text}-${++this.serial}` : text);
    if (schema.example !== undefined) return typeof schema.example === 'string' ? unique(schema.example) : schema.example;
    if (schema.enum?.length) return schema.enum[0];
    if (schema.default !== undefined) return schema.default;
    switch (schema.type) {
      case 'object':
        if (!schema.properties) return schema.nullable ? null : {};
        return Object.fromEntries((schema.required ?? []).map((key) => [key, this.example(schema.properties![key] ?? {}, key)]));
      case 'array':
        return schema.items ? [this.example(schema.items, name)] : [];
      case 'number':
      case 'integer':
        return 1;
      case 'boolean':
        return false;
      default:
        if (this.known[name] !== undefined) return this.known[name];
        if (schema.format === 'uuid') return '00000000-0000-4000-8000-00000000dead';
        if (schema.format === 'date-time') return '2024-01-01T00:00:00Z';
        return unique('fuzz');
    }
  }
}

/** Values of the wrong type for a schema. */
function wrongTypes(schema: Schema): unknown[] {
  switch (schema.type) {
    case 'string': return [123, true, {}, [], null, ['x'], -1.5];
    case 'number': case 'integer': return ['1', true, [], {}, 1.5, -1, null, '', 'NaN'];
    case 'boolean': return ['true', 1, null, 'yes', [], 0];
    case 'array': return ['x', {}, 1, [null], [[[]]], [{}], true];
    case 'object': return schema.properties ? ['x', [], 1, true] : [123, {}, [], true];
    default: return [{}, [], 1, 'x'];
  }
}

/** A body case: what it is, and the JSON text. */
export interface BodyCase {
  label: string;
  text: string;
}

const isString = (f: Field) => f.schema.type === 'string' || (f.schema.type === 'object' && !f.schema.properties);
const isNumber = (f: Field) => f.schema.type === 'number' || f.schema.type === 'integer';
const isCypher = (f: Field) => f.schema.type === 'string' &&
  (/^\s*(MATCH|OPTIONAL|WITH|RETURN|UNWIND)\b/i.test(String(f.schema.example ?? '')) || /cypher/i.test(f.schema.description ?? ''));

/**
 * Bodies with `texts` in each Cypher field. Every other case also sets the field's enum siblings to their last
 * value, so a field that is Cypher only for one kind (a selector seed of type 2) is read as Cypher.
 */
function cypherBodies(model: BodyModel, random: SeededRandom, texts: readonly string[], n: number): BodyCase[] {
  const siblingEnums = (field: Field) => model.fields.filter((f) => f.schema.enum?.length && f.path.length === field.path.length &&
    f.path.slice(0, -1).every((step, j) => step === field.path[j]));
  return model.fields.filter(isCypher).flatMap((field) => random.sample(texts, n).map((text, i) => {
    let body: unknown = model.base();
    if (i % 2 === 1) for (const sibling of siblingEnums(field)) body = model.withValueAt(body, sibling.path, sibling.schema.enum!.at(-1));
    const label = `${fieldLabel(field.path)} = ${JSON.stringify(text.slice(0, 60))}${i % 2 === 1 ? ' (last enum kinds)' : ''}`;
    return { label, text: model.with(field.path, text, body) };
  }));
}

/** Bodies that do not parse, have the wrong shape or wrong field types, huge strings, out-of-range numbers. */
export function malformedBodies(model: BodyModel, random: SeededRandom): BodyCase[] {
  const { fields } = model;
  const baseText = toJson(model.base());
  const withKey = (key: string) => `{${key},${toJson(model.base()).slice(1)}`.replace(/,}$/, '}');
  const cases: BodyCase[] = [
    { label: 'JSON cut in half', text: baseText.slice(0, Math.max(1, Math.floor(baseText.length / 2))) },
    ...random.sample(TRUNCATED_JSON, 2).map((text) => ({ label: `unparsable JSON ${JSON.stringify(text)}`, text })),
    ...random.sample(TOP_LEVEL_VALUES, 3).map((text) => ({ label: `top-level ${text}`, text })),
    { label: 'every field null', text: toJson(Object.fromEntries(Object.keys(model.schema.properties ?? { name: {} }).map((k) => [k, null]))) },
    { label: 'an unknown field', text: toJson({ ...model.base(), zz_unknown_field: { a: [1] } }) },
    random.pick([
      { label: '__proto__ key', text: withKey('"__proto__":{"polluted":true}') },
      { label: 'constructor.prototype key', text: withKey('"constructor":{"prototype":{"polluted":true}}') },
    ]),
  ];
  for (const field of random.sample(fields, 8)) {
    const value = random.pick(wrongTypes(field.schema));
    cases.push({ label: `${fieldLabel(field.path)} = ${JSON.stringify(value)}`, text: model.with(field.path, value) });
  }
  const stringField = random.sample(fields.filter(isString), 1)[0];
  cases.push(stringField
    ? { label: `${fieldLabel(stringField.path)} = 1 MiB string`, text: model.with(stringField.path, HUGE_STRING) }
    : { label: 'a 1 MiB string field', text: toJson({ ...model.base(), name: HUGE_STRING }) });
  const numberFields = fields.filter(isNumber);
  const targets = numberFields.length > 0 ? random.sample(numberFields, 3) : random.sample(fields, 2);
  targets.forEach((field, i) => {
    const token = i === 0 ? INT64_OVERFLOW : i === 1 ? DOUBLE_OVERFLOW : random.pick(NUMBER_TOKENS);
    cases.push({ label: `${fieldLabel(field.path)} = ${token}`, text: model.with(field.path, new RawJson(token)) });
  });
  if (targets.length === 0) {
    cases.push({ label: `a field = ${INT64_OVERFLOW}`, text: toJson({ ...model.base(), id: new RawJson(INT64_OVERFLOW) }) });
  }
  return [...cases, ...boundaryBodies(model, random), ...cypherBodies(model, random, CYPHER_EDGE_CASES, 12)];
}

/**
 * Values a field's type admits but its storage may not: 10 KB strings, int32 and double-precision edges, 70,000
 * array items (past PostgreSQL's 65,535 bind parameters), edge timestamps, and an example text whose numbers are
 * replaced by huge or negative ones.
 */
function boundaryBodies(model: BodyModel, random: SeededRandom): BodyCase[] {
  const { fields } = model;
  const at = (field: Field, value: unknown, what: string) => ({ label: `${fieldLabel(field.path)} = ${what}`, text: model.with(field.path, value) });
  const cases: BodyCase[] = [
    ...random.sample(fields.filter(isString), 3).map((field) => at(field, LONG_STRING, '10 KB string')),
    ...random.sample(fields.filter(isNumber), 3).map((field) => {
      const token = random.pick(INT_BOUNDARY_TOKENS);
      return at(field, new RawJson(token), token);
    }),
    ...random.sample(fields.filter((f) => f.schema.type === 'array'), 2).map((field) => {
      const item = field.schema.items?.type === 'number' ? 1 : field.schema.items?.type === 'string' ? 'S-1-5-21-1-512' : {};
      return at(field, new RawJson(`[${Array.from({ length: 70_000 }, (_, i) => toJson(typeof item === 'number' ? i : item)).join(',')}]`), '70,000 items');
    }),
    ...random.sample(fields.filter((f) => f.schema.format === 'date-time'), 2).map((field) => {
      const value = random.pick(TIMESTAMP_VALUES);
      return at(field, value, JSON.stringify(value));
    }),
  ];
  for (const field of random.sample(fields.filter((f) => /\d/.test(String(f.schema.example ?? ''))), 2)) {
    const replacement = random.pick(NUMBERS_IN_TEXT);
    const value = String(field.schema.example).replace(/\d+/g, replacement);
    cases.push(at(field, value, JSON.stringify(value.slice(0, 80))));
  }
  return cases;
}

/** Bodies whose strings (and one key) carry NUL, control characters or lone surrogates. */
export function nulBodies(model: BodyModel, random: SeededRandom): BodyCase[] {
  const stringFields = model.fields.filter(isString);
  const cases: BodyCase[] = random.sample(stringFields, 4).map((field, i) => {
    const value = i === 0 ? NUL_STRINGS[0] : random.pick(NUL_STRINGS);
    return { label: `${fieldLabel(field.path)} = ${JSON.stringify(value)}`, text: model.with(field.path, value) };
  });
  if (stringFields.length === 0) cases.push({ label: 'name = "a\\u0000b"', text: toJson({ ...model.base(), name: 'a\u0000b' }) });
  cases.push({ label: 'a key with NUL', text: toJson({ ...model.base(), 'a\u0000b': 1 }) });
  // Inside a plausible value, the odd character gets past checks that a value made only of it would fail.
  for (const field of random.sample(stringFields.filter((f) => typeof f.schema.example === 'string'), 2)) {
    const example = field.schema.example as string;
    const at = random.below(example.length + 1);
    const value = `${example.slice(0, at)}${random.pick(NUL_STRINGS)}${example.slice(at)}`;
    cases.push({ label: `${fieldLabel(field.path)} = ${JSON.stringify(value)}`, text: model.with(field.path, value) });
  }
  return [...cases, ...cypherBodies(model, random, CYPHER_NUL_CASES, CYPHER_NUL_CASES.length)];
}

/** Deeply nested arrays and objects (the whole body, and inside a field). */
export function deeplyNestedBodies(model: BodyModel, random: SeededRandom): BodyCase[] {
  const cases: BodyCase[] = [
    { label: '[ x 100,000', text: '['.repeat(100_000) + ']'.repeat(100_000) },
    { label: '{"a": x 5,000', text: '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000) },
  ];
  const field = random.sample(model.fields.filter((f) => f.path.length === 1), 1)[0];
  if (field) {
    const inner = new RawJson('['.repeat(20_000) + ']'.repeat(20_000));
    cases.push({ label: `${fieldLabel(field.path)} = [ x 20,000`, text: model.with(field.path, inner) });
  }
  return cases;
}
