import type { Expr, ListExpr, MapExpr, PropertyExpr } from '../ast.js';
import { AGGREGATE_FUNCTIONS } from '../ast.js';
import { joinSql, raw, sql, type Sql } from '@app/platform';
import { exactly, type Env } from './env.js';
import { notEvaluable, TranslationErrors } from './errors.js';
import { callFunction, temporalComponent } from './functions.js';
import { labelsMatch } from './labels.js';
import { arithmetic, compare, negate } from './operators.js';
import { patternExists } from './pattern-predicate.js';
import { quantify } from './quantifiers.js';
import {
  asBool, asJson, edgeColumn, jsonLiteral, jsonText, kindIdsOf, propertyRead, type Json, type Typed,
} from './typed.js';

const PREDICATE_OPS = new Set(['AND', 'OR', 'XOR', '=', '<>', '<', '>', '<=', '>=', 'IN', 'STARTS WITH', 'ENDS WITH', 'CONTAINS', '=~']);

/** Translates an expression to its SQL form and static type. */
export function translate(expr: Expr, env: Env): Typed {
  switch (expr.type) {
    case 'literal':
      return jsonLiteral(expr.value, expr.float ?? false);
    case 'list':
      return list(expr, env);
    case 'map':
      return map(expr, env);
    case 'variable': {
      const bound = env.scope.lookup(expr.name);
      if (!bound) throw notEvaluable(TranslationErrors.undefinedVariable(expr.name));
      return bound;
    }
    case 'property':
      return property(expr, env);
    case 'binary':
      if (PREDICATE_OPS.has(expr.op)) return { t: 'bool', sql: predicate(expr, exactly(env)) };
      return arithmetic(expr.op, translate(expr.left, exactly(env)), translate(expr.right, exactly(env)));
    case 'unary':
      if (expr.op === 'NOT') return { t: 'bool', sql: predicate(expr, exactly(env)) };
      if (expr.op === '-') {
        if (expr.operand.type === 'literal' && typeof expr.operand.value === 'number') {
          return jsonLiteral(-expr.operand.value, expr.operand.float ?? false);
        }
        return negate(translate(expr.operand, exactly(env)));
      }
      return translate(expr.operand, env);
    case 'isNull':
    case 'hasLabels':
    case 'pattern':
    case 'quantifier':
      return { t: 'bool', sql: predicate(expr, exactly(env)) };
    case 'countStar':
      if (!env.aggregate) throw notEvaluable(TranslationErrors.aggregateMisplaced);
      return env.aggregate(expr, env);
    case 'call':
      if (AGGREGATE_FUNCTIONS.has(expr.name)) {
        if (!env.aggregate) throw notEvaluable(TranslationErrors.aggregateMisplaced);
        return env.aggregate(expr, env);
      }
      return callFunction(expr, env);
  }
}

/** Translates an expression used as a condition to a SQL boolean (three-valued). */
export function predicate(expr: Expr, env: Env): Sql {
  switch (expr.type) {
    case 'binary':
      switch (expr.op) {
        case 'AND':
        case 'OR':
          return sql`(${predicate(expr.left, env)} ${raw(expr.op)} ${predicate(expr.right, env)})`;
        case 'XOR':
          return sql`((${predicate(expr.left, exactly(env))}) <> (${predicate(expr.right, exactly(env))}))`;
        default:
          if (!PREDICATE_OPS.has(expr.op)) break;
          return compare(expr.op, translate(expr.left, exactly(env)), translate(expr.right, exactly(env)), env);
      }
      break;
    case 'unary':
      if (expr.op === 'NOT') return sql`NOT (${predicate(expr.operand, exactly(env))})`;
      break;
    case 'isNull': {
      const test = isNull(translate(expr.operand, exactly(env)));
      return expr.negated ? sql`NOT ${test}` : test;
    }
    case 'hasLabels':
      return hasLabels(translate(expr.operand, exactly(env)), expr.labels, expr.any, env);
    case 'pattern':
      return patternExists(expr.element, env);
    case 'quantifier':
      return quantify(expr, env);
  }
  return asBool(translate(expr, env), 'a condition');
}

/** `x IS NULL` for any type (graph elements by id, paths by node list). */
export function isNull(value: Typed): Sql {
  switch (value.t) {
    case 'node':
    case 'edge':
      return sql`(${value.id} IS NULL)`;
    case 'path':
      return sql`(${value.nodes} IS NULL)`;
    default:
      return sql`(${value.sql} IS NULL)`;
  }
}

function hasLabels(value: Typed, labels: string[], any: boolean, env: Env): Sql {
  if (value.t === 'node') return labelsMatch(kindIdsOf(value), labels, any, env.ctx);
  if (value.t === 'edge') {
    const { known, unknown } = env.ctx.kindIds(labels);
    const possible = any ? known : unknown || known.length > 1 ? [] : known;
    if (possible.length === 0) return raw('false');
    return sql`(${edgeColumn(value, 'kind_id')} = ANY(${possible}::int2[]))`;
  }
  throw notEvaluable(TranslationErrors.typeMismatch(`a label test expects a node`));
}

function list(expr: ListExpr, env: Env): Typed {
  const whole = constant(expr);
  if (whole) return jsonLiteral(whole.value, false, whole.text);
  const items = expr.items.map((item) => translate(item, exactly(env)));
  if (items.length > 0 && items.every((item) => item.t === 'node')) {
    return { t: 'nodeList', sql: sql`ARRAY[${joinSql(items.map((item) => (item as { id: Sql }).id), ', ')}]::int8[]` };
  }
  if (items.length > 0 && items.every((item) => item.t === 'edge')) {
    return { t: 'edgeList', sql: sql`ARRAY[${joinSql(items.map((item) => (item as { id: Sql }).id), ', ')}]::int8[]` };
  }
  return { t: 'value', sql: built('jsonb_build_array', items.map((item) => asJson(item, 'a list item'))) };
}

/** PostgreSQL functions take at most 100 arguments (FUNC_MAX_ARGS). */
const MAX_FUNCTION_ARGS = 100;

/** A jsonb array or object built in chunks under the argument limit, joined with `||` (which concatenates / merges). */
function built(fn: 'jsonb_build_array' | 'jsonb_build_object', args: Sql[], perItem = 1): Sql {
  const size = Math.floor(MAX_FUNCTION_ARGS / perItem);
  const chunks: Sql[] = [];
  for (let start = 0; start < args.length || start === 0; start += size) {
    chunks.push(sql`${raw(fn)}(${joinSql(args.slice(start, start + size), ', ')})`);
  }
  return chunks.length === 1 ? chunks[0] : sql`(${joinSql(chunks, ' || ')})`;
}

function map(expr: MapExpr, env: Env): Typed {
  const values = expr.entries.map((entry) => constant(entry.value));
  if (values.every((value) => value !== undefined)) {
    const text = `{${expr.entries.map((entry, i) => `${JSON.stringify(entry.key)}:${values[i]!.text}`).join(',')}}`;
    return jsonLiteral(Object.fromEntries(expr.entries.map((entry, i) => [entry.key, values[i]!.value])), false, text);
  }
  const pairs = expr.entries.map((entry) => sql`${entry.key}::text, ${asJson(translate(entry.value, exactly(env)), 'a map value')}`);
  return { t: 'value', sql: built('jsonb_build_object', pairs, 2) };
}

/**
 * The constant an expression denotes, when it is a literal (negative numbers and nested lists included), with
 * its JSON text (floats keep their fraction, so `[1.0]` stays a list of a float).
 */
export function constant(expr: Expr): { value: Json; text: string } | undefined {
  if (expr.type === 'literal') return { value: expr.value, text: jsonText(expr.value, expr.float ?? false) };
  if (expr.type === 'unary' && expr.op === '-' && expr.operand.type === 'literal' && typeof expr.operand.value === 'number') {
    const value = -expr.operand.value;
    return { value, text: jsonText(value, expr.operand.float ?? false) };
  }
  if (expr.type === 'list') {
    const items = expr.items.map(constant);
    if (items.every((item) => item !== undefined)) {
      return { value: items.map((item) => item!.value), text: `[${items.map((item) => item!.text).join(',')}]` };
    }
  }
  return undefined;
}

function property(expr: PropertyExpr, env: Env): Typed {
  const object = translate(expr.object, exactly(env));
  const key = expr.key;
  switch (object.t) {
    case 'node':
    case 'edge':
      return propertyRead(object, key);
    case 'value':
      return { t: 'value', sql: sql`(${object.sql} -> ${key}::text)`, simple: object.simple };
    case 'temporal':
      return temporalComponent(object, key);
    default:
      throw notEvaluable(TranslationErrors.typeMismatch(`cannot read property \`${key}\` of a ${object.t === 'path' ? 'path' : 'list'}`));
  }
}
