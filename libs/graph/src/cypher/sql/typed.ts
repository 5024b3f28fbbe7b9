import { raw, sql, type Sql } from '@app/platform';
import { notEvaluable, TranslationErrors } from './errors.js';

/** Gives the alias of the `node` / `edge` row behind a binding, joining it on first use. */
export type RowAccess = () => string;

/** A node: its id (int8); `row` reaches its kind_ids and properties. */
export interface NodeValue { t: 'node'; id: Sql; row?: RowAccess }
/** A relationship: its id (int8); `row` reaches start_id, end_id, kind_id and properties. */
export interface EdgeValue { t: 'edge'; id: Sql; row?: RowAccess }
/** A path: node ids from its first to its last node, and the edge ids between them. */
export interface PathValue { t: 'path'; nodes: Sql; edges: Sql }
/** Lists of graph elements are id arrays (int8[]); lists of anything else are jsonb values. */
export interface IdListValue { t: 'nodeList' | 'edgeList'; sql: Sql }
/** A predicate: a SQL boolean (three-valued, as Cypher). */
export interface BoolValue { t: 'bool'; sql: Sql }
/** A temporal instant (`datetime()`, `date()`): a SQL timestamp / date. */
export interface TemporalValue { t: 'temporal'; sql: Sql }

/** A JSON value (literals, property values). */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * Any other value: jsonb, SQL NULL for Cypher null. `literal` keeps a constant for the index-friendly forms;
 * `property` names the properties column and key of a property read; `nodeId` is the int8 behind `id(n)`;
 * `simple` marks cheap expressions that may be repeated in the SQL.
 */
export interface ScalarValue {
  t: 'value';
  sql: Sql;
  literal?: { value: Json; float: boolean };
  property?: { object: Sql; key: string };
  nodeId?: Sql;
  simple?: boolean;
}

/** A translated expression: its SQL and its static type. */
export type Typed = NodeValue | EdgeValue | PathValue | IdListValue | BoolValue | TemporalValue | ScalarValue;

const DESCRIPTIONS: Record<Typed['t'], string> = {
  node: 'a node', edge: 'a relationship', path: 'a path', nodeList: 'a list of nodes', edgeList: 'a list of relationships',
  bool: 'a boolean', temporal: 'a temporal value', value: 'a value',
};

/** What a typed expression is, in words, for type errors. */
export function describe(value: Typed): string {
  return DESCRIPTIONS[value.t];
}

/** A constant as a jsonb parameter; floats keep their fraction so that `1.0` stays a float. */
export function jsonLiteral(value: Json, float = false, text = jsonText(value, float)): ScalarValue {
  if (value === null) return { t: 'value', sql: raw('NULL::jsonb'), literal: { value, float }, simple: true };
  return { t: 'value', sql: sql`${text}::jsonb`, literal: { value, float }, simple: true };
}

/** The JSON text of a constant; a float with an integral value keeps a fraction digit (`1.0`). */
export function jsonText(value: Json, float: boolean): string {
  return float && typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1e15
    ? value.toFixed(1)
    : JSON.stringify(value);
}

/** A SQL expression of a jsonb-convertible type as a Cypher value. */
export function jsonOf(expression: Sql): ScalarValue {
  return { t: 'value', sql: sql`to_jsonb(${expression})` };
}

/** The jsonb form of a scalar-like value (booleans and temporals convert; graph elements are refused). */
export function asJson(value: Typed, what: string): Sql {
  switch (value.t) {
    case 'value':
      return value.sql;
    case 'bool':
      return sql`to_jsonb(${value.sql})`;
    case 'temporal':
      return sql`to_jsonb(${value.sql})`;
    default:
      throw notEvaluable(TranslationErrors.typeMismatch(`${what} expects a value but got ${describe(value)}`));
  }
}

/** A value used as a predicate: booleans as they are, JSON booleans converted, anything else null. */
export function asBool(value: Typed, what: string): Sql {
  if (value.t === 'bool') return value.sql;
  if (value.t === 'value') {
    if (value.literal) {
      if (typeof value.literal.value === 'boolean') return sql`${value.literal.value}::boolean`;
      if (value.literal.value === null) return raw('NULL::boolean');
    }
    return guarded(value, (v) => sql`CASE WHEN jsonb_typeof(${v}) = 'boolean' THEN (${v})::boolean END`);
  }
  throw notEvaluable(TranslationErrors.typeMismatch(`${what} expects a boolean but got ${describe(value)}`));
}

/** The node a typed expression must be. */
export function asNode(value: Typed, what: string): NodeValue {
  if (value.t === 'node') return value;
  throw notEvaluable(TranslationErrors.typeMismatch(`${what} expects a node but got ${describe(value)}`));
}

/** The properties (jsonb object) of a node or relationship, through its row when it has one. */
export function propertiesOf(value: NodeValue | EdgeValue): Sql {
  if (value.row) return raw(`${value.row()}.properties`);
  const table = value.t === 'node' ? raw('node') : raw('edge');
  return sql`(SELECT properties FROM ${table} WHERE id = ${value.id})`;
}

/** Reads a property of a node or relationship (jsonb; SQL NULL when absent). */
export function propertyRead(value: NodeValue | EdgeValue, key: string): ScalarValue {
  const properties = propertiesOf(value);
  return { t: 'value', sql: sql`(${properties} -> ${key}::text)`, property: { object: properties, key }, simple: value.row !== undefined };
}

/** The kind ids (int2[]) of a node. */
export function kindIdsOf(node: NodeValue): Sql {
  return node.row ? raw(`${node.row()}.kind_ids`) : sql`(SELECT kind_ids FROM node WHERE id = ${node.id})`;
}

/** A column of a relationship's row (start_id, end_id, kind_id). */
export function edgeColumn(edge: EdgeValue, column: 'start_id' | 'end_id' | 'kind_id'): Sql {
  return edge.row ? raw(`${edge.row()}.${column}`) : sql`(SELECT ${raw(column)} FROM edge WHERE id = ${edge.id})`;
}

/** Aliases of guard subqueries; unique so that nested guards never shadow one another. */
let guards = 0;

/**
 * Builds SQL that mentions `value` several times: inline when it is cheap, otherwise evaluated once in a scalar
 * subquery (repeating a compound expression would grow the statement exponentially with nesting). `OFFSET 0`
 * fences the inner SELECT: without it PostgreSQL pulls the subquery up and substitutes the expression at every
 * mention of the column, so nested guards would cost exponential time again.
 */
export function guarded(value: ScalarValue, build: (v: Sql) => Sql): Sql {
  if (value.simple) return build(value.sql);
  const g = `g${guards++}`;
  return sql`(SELECT ${build(raw(`${g}.v`))} FROM (SELECT ${value.sql} AS v OFFSET 0) ${raw(g)})`;
}

/** Like `guarded`, for two values. */
export function guarded2(a: ScalarValue, b: ScalarValue, build: (x: Sql, y: Sql) => Sql): Sql {
  if (a.simple && b.simple) return build(a.sql, b.sql);
  const g = `g${guards++}`;
  return sql`(SELECT ${build(raw(`${g}.a`), raw(`${g}.b`))} FROM (SELECT ${a.sql} AS a, ${b.sql} AS b OFFSET 0) ${raw(g)})`;
}

/** The text of a JSON string (null for any other type). */
export function textOf(v: Sql): Sql {
  return sql`(${v} #>> '{}')`;
}
