import type { BinaryOp } from '../ast.js';
import { raw, sql, type Sql } from '@app/platform';
import type { Env } from './env.js';
import { notEvaluable, TranslationErrors } from './errors.js';
import { likePattern, regexMatch } from './strings.js';
import {
  asJson, describe, guarded, guarded2, textOf, type Json, type ScalarValue, type Typed,
} from './typed.js';

const ORDERING = new Set<BinaryOp>(['<', '>', '<=', '>=']);
const MIRRORED: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };
const NULL_BOOL = raw('NULL::boolean');

/** A comparison or predicate operator between two translated operands. */
export function compare(op: BinaryOp, left: Typed, right: Typed, env: Env): Sql {
  if (op === '=') return equality(left, right);
  if (op === '<>') return sql`NOT ${equality(left, right)}`;
  if (ORDERING.has(op)) return ordering(op, left, right, env.exact);
  if (op === 'IN') return membership(left, right);
  if (op === '=~') return regexMatch(scalar(left, op), scalar(right, op), env.exact);
  return likePattern(op as 'STARTS WITH' | 'ENDS WITH' | 'CONTAINS', scalar(left, op), scalar(right, op), env.exact);
}

function isNullLiteral(value: Typed): boolean {
  return value.t === 'value' && value.literal?.value === null;
}

/** A scalar operand (booleans and temporals as jsonb). */
function scalar(value: Typed, op: string): ScalarValue {
  if (value.t === 'value') return value;
  return { t: 'value', sql: asJson(value, op) };
}

/**
 * Equality as Cypher: null on a null operand, false across types. A string constant against a node property
 * compares `->>` text (the form the expression indexes serve) with a guard that the property is a string.
 */
export function equality(left: Typed, right: Typed): Sql {
  if (isNullLiteral(left) || isNullLiteral(right)) return NULL_BOOL;
  if (left.t === 'node' || left.t === 'edge' || right.t === 'node' || right.t === 'edge') {
    if (left.t !== right.t) return raw('false');
    return sql`(${(left as { id: Sql }).id} = ${(right as { id: Sql }).id})`;
  }
  if (left.t === 'path' || right.t === 'path') {
    if (left.t !== 'path' || right.t !== 'path') return raw('false');
    return sql`(${left.nodes} = ${right.nodes} AND ${left.edges} = ${right.edges})`;
  }
  if (left.t === 'nodeList' || left.t === 'edgeList' || right.t === 'nodeList' || right.t === 'edgeList') {
    if (left.t !== right.t) return raw('false');
    return sql`(${(left as { sql: Sql }).sql} = ${(right as { sql: Sql }).sql})`;
  }
  if ((left.t === 'bool' && right.t === 'bool') || (left.t === 'temporal' && right.t === 'temporal')) {
    return sql`(${left.sql} = ${right.sql})`;
  }
  const [a, b] = [scalar(left, '='), scalar(right, '=')];
  const keyed = indexedEquality(a, b) ?? indexedEquality(b, a);
  return keyed ?? sql`(${a.sql} = ${b.sql})`;
}

function indexedEquality(value: ScalarValue, constant: ScalarValue): Sql | undefined {
  const literal = constant.literal?.value;
  if (typeof literal === 'string' && value.property && value.simple) {
    const { object, key } = value.property;
    return sql`((${object} ->> ${key}::text) = ${literal}::text AND jsonb_typeof(${object} -> ${key}::text) = 'string')`;
  }
  if (typeof literal === 'number' && value.nodeId) {
    return Number.isInteger(literal) ? sql`(${value.nodeId} = ${literal}::int8)` : raw('false');
  }
  return undefined;
}

function jsonType(value: Json): string | undefined {
  switch (typeof value) {
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    default:
      return undefined;
  }
}

/** `<`, `>`, `<=`, `>=`: defined between two numbers, two strings or two booleans; null otherwise. */
function ordering(op: BinaryOp, left: Typed, right: Typed, exact: boolean): Sql {
  if (left.t === 'temporal' && right.t === 'temporal') return sql`(${left.sql} ${raw(op)} ${right.sql})`;
  if (isNullLiteral(left) || isNullLiteral(right)) return NULL_BOOL;
  const [a, b] = [scalar(left, op), scalar(right, op)];
  if (b.literal || a.literal) {
    const [value, constant, operator] = b.literal ? [a, b, op] : [b, a, MIRRORED[op]];
    const type = jsonType(constant.literal!.value);
    if (!type) return NULL_BOOL;
    return guarded(value, (v) => exact
      ? sql`CASE WHEN jsonb_typeof(${v}) = ${raw(`'${type}'`)} THEN ${v} ${raw(operator)} ${constant.sql} END`
      : sql`(jsonb_typeof(${v}) = ${raw(`'${type}'`)} AND ${v} ${raw(operator)} ${constant.sql})`);
  }
  return guarded2(a, b, (x, y) => sql`CASE WHEN jsonb_typeof(${x}) = jsonb_typeof(${y}) AND jsonb_typeof(${x}) IN ('number', 'string', 'boolean') THEN ${x} ${raw(op)} ${y} END`);
}

/** `x IN list`: id arrays for graph elements; jsonb containment of a one-element array for values (1 = 1.0). */
function membership(left: Typed, right: Typed): Sql {
  if (right.t === 'nodeList' || right.t === 'edgeList') {
    const element = right.t === 'nodeList' ? 'node' : 'edge';
    if (left.t !== element) {
      if (isNullLiteral(left)) return NULL_BOOL;
      throw notEvaluable(TranslationErrors.typeMismatch(`IN over a list of ${element}s expects a ${element} but got ${describe(left)}`));
    }
    return sql`(${left.id} = ANY(${right.sql}))`;
  }
  const list = scalar(right, 'IN');
  if (isNullLiteral(left) || isNullLiteral(right)) return NULL_BOOL;
  const items = list.literal?.value;
  if (left.t === 'value' && left.nodeId && Array.isArray(items) && items.every((item) => Number.isInteger(item))) {
    return sql`(${left.nodeId} = ANY(${items}::int8[]))`;
  }
  const value = scalar(left, 'IN');
  const constant = value.literal?.value;
  if (constant !== undefined && constant !== null && typeof constant !== 'object') {
    return sql`(${list.sql} @> ${JSON.stringify([constant])}::jsonb)`;
  }
  return guarded(value, (v) => sql`CASE WHEN ${v} IS NULL THEN NULL
    WHEN jsonb_typeof(${v}) IN ('array', 'object') THEN (SELECT bool_or(m.item = ${v}) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${list.sql}) = 'array' THEN ${list.sql} END) m(item))
    ELSE ${list.sql} @> jsonb_build_array(${v}) END`);
}

/** Arithmetic and list concatenation. */
export function arithmetic(op: BinaryOp, left: Typed, right: Typed): Typed {
  if (op === '+') {
    const joined = concatenateIds(left, right);
    if (joined) return joined;
  }
  const [a, b] = [scalar(left, op), scalar(right, op)];
  switch (op) {
    case '+':
      return { t: 'value', sql: guarded2(a, b, (x, y) => sql`CASE
        WHEN jsonb_typeof(${x}) = 'number' AND jsonb_typeof(${y}) = 'number' THEN to_jsonb((${x})::numeric + (${y})::numeric)
        WHEN jsonb_typeof(${x}) = 'array' OR jsonb_typeof(${y}) = 'array' THEN ${x} || ${y}
        WHEN jsonb_typeof(${x}) IN ('string', 'number', 'boolean') AND jsonb_typeof(${y}) IN ('string', 'number', 'boolean')
          AND 'string' IN (jsonb_typeof(${x}), jsonb_typeof(${y})) THEN to_jsonb(${textOf(x)} || ${textOf(y)})
        END`) };
    case '-':
    case '*':
    case '%':
      return { t: 'value', sql: sql`to_jsonb(${numeric(a)} ${raw(op)} ${numeric(b)})` };
    case '/':
      return { t: 'value', sql: guarded2(a, b, (x, y) => sql`CASE WHEN scale((${x})::numeric) = 0 AND scale((${y})::numeric) = 0
        THEN to_jsonb(trunc((${x})::numeric / (${y})::numeric)) ELSE to_jsonb((${x})::numeric / (${y})::numeric) END`) };
    case '^':
      return { t: 'value', sql: sql`to_jsonb(power((${a.sql})::float8, (${b.sql})::float8))` };
    default:
      throw notEvaluable(TranslationErrors.notSupported(`operator ${op}`));
  }
}

function concatenateIds(left: Typed, right: Typed): Typed | undefined {
  for (const [list, element] of [['nodeList', 'node'], ['edgeList', 'edge']] as const) {
    if (left.t === list && right.t === list) return { t: list, sql: sql`(${left.sql} || ${right.sql})` };
    if (left.t === list && right.t === element) return { t: list, sql: sql`(${left.sql} || ${right.id})` };
    if (left.t === element && right.t === list) return { t: list, sql: sql`(${left.id} || ${right.sql})` };
  }
  return undefined;
}

function numeric(value: ScalarValue): Sql {
  const literal = value.literal?.value;
  if (typeof literal === 'number') return sql`${literal}::numeric`;
  return sql`(${value.sql})::numeric`;
}

/** Unary minus. */
export function negate(value: Typed): Typed {
  return { t: 'value', sql: sql`to_jsonb(-(${scalar(value, '-').sql})::numeric)` };
}
