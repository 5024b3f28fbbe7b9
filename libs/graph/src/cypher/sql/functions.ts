import type { CallExpr } from '../ast.js';
import { joinSql, raw, sql, type Sql } from '@app/platform';
import { exactly, type Env } from './env.js';
import { notEvaluable, TranslationErrors } from './errors.js';
import { isNull, predicate, translate } from './expressions.js';
import { patternCount } from './pattern-predicate.js';
import {
  asJson, asNode, describe, edgeColumn, guarded, guarded2, jsonOf, kindIdsOf, propertiesOf, textOf,
  type ScalarValue, type TemporalValue, type Typed,
} from './typed.js';

type Builder = (args: Typed[], call: CallExpr, env: Env) => Typed;

function value(typed: Typed, name: string): ScalarValue {
  if (typed.t === 'value') return typed;
  return { t: 'value', sql: asJson(typed, name) };
}

/** A string function: null unless the argument is a string. */
function onText(name: string, build: (text: Sql) => Sql): Builder {
  return ([arg]) => ({ t: 'value', sql: guarded(value(arg, name), (v) => sql`CASE WHEN jsonb_typeof(${v}) = 'string' THEN to_jsonb(${build(textOf(v))}) END`) });
}

function listOp(name: string, ids: (list: Sql) => Sql, json: (v: Sql) => Sql, element: boolean): Builder {
  return ([arg]) => {
    if (arg.t === 'nodeList' || arg.t === 'edgeList') {
      if (!element) return { t: arg.t, sql: ids(arg.sql) };
      const id = ids(arg.sql);
      return arg.t === 'nodeList' ? { t: 'node', id } : { t: 'edge', id };
    }
    return { t: 'value', sql: guarded(value(arg, name), (v) => sql`CASE WHEN jsonb_typeof(${v}) = 'array' THEN ${json(v)} END`) };
  };
}

const NOW: Record<string, Sql> = {
  datetime: raw('now()'), localdatetime: raw('localtimestamp'), date: raw('current_date'),
};
const CASTS: Record<string, Sql> = { datetime: raw('timestamptz'), localdatetime: raw('timestamp'), date: raw('date') };

const BUILDERS: Record<string, Builder> = {
  id: ([arg], call) => {
    if (arg.t !== 'node' && arg.t !== 'edge') throw typeError(call.name, 'a node or relationship', arg);
    return { t: 'value', sql: sql`to_jsonb(${arg.id})`, nodeId: arg.t === 'node' ? arg.id : undefined };
  },
  labels: ([arg], call) => {
    if (arg.t === 'value' && arg.literal?.value === null) return arg;
    const node = asNode(arg, call.name);
    // A null node (an unmatched OPTIONAL MATCH) has no kind ids: null, not an empty list.
    const ids = kindIdsOf(node);
    return { t: 'value', sql: sql`CASE WHEN ${ids} IS NOT NULL THEN (SELECT coalesce(jsonb_agg(k.name ORDER BY u.i), '[]'::jsonb)
      FROM unnest(${ids}) WITH ORDINALITY u(id, i) JOIN kind k ON k.id = u.id) END` };
  },
  type: ([arg], call) => {
    if (arg.t !== 'edge') throw typeError(call.name, 'a relationship', arg);
    return { t: 'value', sql: sql`(SELECT to_jsonb(k.name) FROM kind k WHERE k.id = ${edgeColumn(arg, 'kind_id')})` };
  },
  startnode: ([arg], call) => endpoint(arg, call, 'start_id'),
  endnode: ([arg], call) => endpoint(arg, call, 'end_id'),
  nodes: ([arg], call) => {
    if (arg.t !== 'path') throw typeError(call.name, 'a path', arg);
    return { t: 'nodeList', sql: arg.nodes };
  },
  relationships: ([arg], call) => {
    if (arg.t !== 'path') throw typeError(call.name, 'a path', arg);
    return { t: 'edgeList', sql: arg.edges };
  },
  length: ([arg]) => {
    if (arg.t === 'path') return jsonOf(sql`cardinality(${arg.edges})`);
    return sizeOf(arg);
  },
  size: ([arg]) => sizeOf(arg),
  head: listOp('head', (l) => sql`(${l})[1]`, (v) => sql`${v} -> 0`, true),
  last: listOp('last', (l) => sql`(${l})[cardinality(${l})]`, (v) => sql`${v} -> -1`, true),
  tail: listOp('tail', (l) => sql`(${l})[2:]`, (v) => sql`${v} - 0`, false),
  tolower: onText('toLower', (t) => sql`lower(${t})`),
  toupper: onText('toUpper', (t) => sql`upper(${t})`),
  trim: onText('trim', (t) => sql`btrim(${t})`),
  split: ([text, separator]) => ({
    t: 'value',
    sql: guarded2(value(text, 'split'), value(separator, 'split'), (x, y) => sql`CASE WHEN jsonb_typeof(${x}) = 'string'
      AND jsonb_typeof(${y}) = 'string' THEN to_jsonb(string_to_array(${textOf(x)}, ${textOf(y)})) END`),
  }),
  tostring: ([arg]) => ({
    t: 'value',
    sql: guarded(value(arg, 'toString'), (v) => sql`CASE WHEN jsonb_typeof(${v}) = 'string' THEN ${v}
      WHEN jsonb_typeof(${v}) IN ('number', 'boolean') THEN to_jsonb(${textOf(v)}) END`),
  }),
  tointeger: ([arg]) => ({
    t: 'value',
    sql: guarded(value(arg, 'toInteger'), (v) => sql`CASE WHEN jsonb_typeof(${v}) = 'number' THEN to_jsonb(trunc((${v})::numeric))
      WHEN jsonb_typeof(${v}) = 'boolean' THEN to_jsonb(CASE WHEN (${v})::boolean THEN 1 ELSE 0 END)
      WHEN jsonb_typeof(${v}) = 'string' AND btrim(${textOf(v)}) ~ '^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]+)?$'
        THEN to_jsonb(trunc(btrim(${textOf(v)})::numeric)) END`),
  }),
  tofloat: ([arg]) => ({
    t: 'value',
    sql: guarded(value(arg, 'toFloat'), (v) => sql`CASE WHEN jsonb_typeof(${v}) = 'number' THEN to_jsonb((${v})::float8)
      WHEN jsonb_typeof(${v}) = 'string' AND btrim(${textOf(v)}) ~ '^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]+)?$'
        THEN to_jsonb(btrim(${textOf(v)})::float8) END`),
  }),
  toboolean: ([arg]) => ({
    t: 'value',
    sql: guarded(value(arg, 'toBoolean'), (v) => sql`CASE WHEN jsonb_typeof(${v}) = 'boolean' THEN ${v}
      WHEN jsonb_typeof(${v}) = 'string' AND lower(btrim(${textOf(v)})) IN ('true', 'false') THEN to_jsonb(lower(btrim(${textOf(v)})) = 'true') END`),
  }),
  abs: ([arg]) => ({ t: 'value', sql: sql`to_jsonb(abs((${value(arg, 'abs').sql})::numeric))` }),
  coalesce: (args) => coalesce(args),
  keys: ([arg]) => {
    const object: ScalarValue = arg.t === 'node' || arg.t === 'edge' ? { t: 'value', sql: propertiesOf(arg), simple: arg.row !== undefined } : value(arg, 'keys');
    // Null (and anything but a map) has no keys: null, not an empty list.
    return { t: 'value', sql: guarded(object, (v) => sql`CASE WHEN jsonb_typeof(${v}) = 'object' THEN
      (SELECT coalesce(jsonb_agg(k.key ORDER BY k.key), '[]'::jsonb) FROM jsonb_object_keys(${v}) k(key)) END`) };
  },
  properties: ([arg]) => (arg.t === 'node' || arg.t === 'edge' ? { t: 'value', sql: propertiesOf(arg) } : value(arg, 'properties')),
  exists: ([arg]) => ({ t: 'bool', sql: sql`NOT ${isNull(arg)}` }),
  datetime: (args, call) => temporal(args, call),
  localdatetime: (args, call) => temporal(args, call),
  date: (args, call) => temporal(args, call),
};

/** Scalar (non-aggregate) function calls. */
export function callFunction(call: CallExpr, env: Env): Typed {
  const builder = BUILDERS[call.name];
  if (!builder) throw notEvaluable(TranslationErrors.notSupported(`function ${call.name}()`));
  if (call.name === 'exists' && call.args[0]?.type === 'pattern') return { t: 'bool', sql: predicate(call.args[0], env) };
  if (call.name === 'size' && call.args[0]?.type === 'pattern') return patternCount(call.args[0].element, env);
  return builder(call.args.map((arg) => translate(arg, exactly(env))), call, env);
}

function typeError(name: string, expected: string, got: Typed) {
  return notEvaluable(TranslationErrors.typeMismatch(`${name}() expects ${expected} but got ${describe(got)}`));
}

function endpoint(arg: Typed, call: CallExpr, column: 'start_id' | 'end_id'): Typed {
  if (arg.t !== 'edge') throw typeError(call.name, 'a relationship', arg);
  return { t: 'node', id: edgeColumn(arg, column) };
}

function sizeOf(arg: Typed): Typed {
  if (arg.t === 'nodeList' || arg.t === 'edgeList') return jsonOf(sql`cardinality(${arg.sql})`);
  return {
    t: 'value',
    sql: guarded(value(arg, 'size'), (v) => sql`CASE jsonb_typeof(${v}) WHEN 'array' THEN to_jsonb(jsonb_array_length(${v}))
      WHEN 'string' THEN to_jsonb(char_length(${textOf(v)})) END`),
  };
}

function coalesce(args: Typed[]): Typed {
  if (args.length > 0 && args.every((arg) => arg.t === 'node' || arg.t === 'edge')) {
    const ids = joinSql(args.map((arg) => (arg as { id: Sql }).id), ', ');
    return args[0].t === 'node' ? { t: 'node', id: sql`coalesce(${ids})` } : { t: 'edge', id: sql`coalesce(${ids})` };
  }
  if (args.every((arg) => arg.t === 'bool')) return { t: 'bool', sql: sql`coalesce(${joinSql(args.map((arg) => (arg as { sql: Sql }).sql), ', ')})` };
  // coalesce reads each argument once, so it stays as cheap as its arguments.
  const simple = args.every((arg) => arg.t === 'value' && arg.simple);
  return { t: 'value', sql: sql`coalesce(${joinSql(args.map((arg) => asJson(arg, 'coalesce')), ', ')})`, simple };
}

function temporal(args: Typed[], call: CallExpr): TemporalValue {
  if (args.length === 0) return { t: 'temporal', sql: NOW[call.name] };
  const text = value(args[0], call.name);
  return { t: 'temporal', sql: sql`(${textOf(text.sql)})::${CASTS[call.name]}` };
}

const COMPONENTS: Record<string, string> = {
  year: 'year', month: 'month', day: 'day', hour: 'hour', minute: 'minute', quarter: 'quarter', week: 'week',
  dayofweek: 'isodow', dayofyear: 'doy', millisecond: 'milliseconds',
};

/** `datetime().epochseconds` and the other components of a temporal value. */
export function temporalComponent(value: TemporalValue, key: string): Typed {
  const name = key.toLowerCase();
  if (name === 'epochseconds') return jsonOf(sql`floor(extract(epoch FROM ${value.sql}))::int8`);
  if (name === 'epochmillis') return jsonOf(sql`floor(extract(epoch FROM ${value.sql}) * 1000)::int8`);
  if (name === 'second') return jsonOf(sql`floor(extract(second FROM ${value.sql}))::int8`);
  const field = COMPONENTS[name];
  if (!field) throw notEvaluable(TranslationErrors.notSupported(`temporal property ${key}`));
  const extracted = sql`extract(${raw(field)} FROM ${value.sql})`;
  return jsonOf(field === 'milliseconds' ? sql`(floor(${extracted})::int8 % 1000)` : sql`${extracted}::int8`);
}
