import type { Expr, Projection, ReturnClause, SortItem, WithClause } from '../ast.js';
import { joinSql, raw, sql, type Sql } from '@app/platform';
import { Aggregator, containsAggregate } from './aggregates.js';
import { fromColumns, selectList, toColumns, type Column } from './columns.js';
import type { Env } from './env.js';
import { notEvaluable, TranslationErrors } from './errors.js';
import { predicate, translate } from './expressions.js';
import { Scope } from './scope.js';
import { SelectFrame } from './select.js';
import type { Typed } from './typed.js';

/** How the engine reads one result column back: its type and the SQL columns holding it. */
export interface OutputColumn {
  name: string;
  kind: 'node' | 'edge' | 'path' | 'nodeList' | 'edgeList' | 'value';
  columns: string[];
}

interface Item { name: string; expr: Expr }
interface Projected { name: string; typed: Typed; base: string }

/**
 * WITH: the projection becomes a subquery, the first item of a fresh frame in which only the projected names
 * are visible (graph elements travel as ids and join their row again when read).
 */
export function projectWith(frame: SelectFrame, clause: WithClause): SelectFrame {
  const { statement, items } = project(frame, clause, undefined);
  const ctx = frame.ctx;
  const alias = ctx.alias('f');
  const next = new SelectFrame(ctx, new Scope());
  // An aggregating or DISTINCT part reads all its input anyway: computing it once up front keeps the planner
  // from re-running it for every row it is joined to. Other parts stay inline, where they stream.
  if (clause.distinct || clause.items.some((item) => containsAggregate(item.expr))) {
    ctx.materialized.push({ name: alias, statement });
    next.add('cross', raw(alias), alias);
  } else next.add('cross', sql`(${statement})`, alias);
  for (const item of items) next.scope.define(item.name, fromColumns(item.typed.t, alias, item.base, next, true));
  if (clause.where) next.where(predicate(clause.where, { ctx, scope: next.scope, exact: false }));
  return next;
}

/** RETURN: the final statement, capped at rowLimit + 1 rows, and how to read its columns. */
export function projectReturn(frame: SelectFrame, clause: ReturnClause): { statement: Sql; outputs: OutputColumn[] } {
  const { statement, items } = project(frame, clause, frame.ctx.options.rowLimit + 1);
  const outputs = items.map((item): OutputColumn => {
    const kind = item.typed.t === 'bool' || item.typed.t === 'temporal' ? 'value' : item.typed.t;
    return { name: item.name, kind, columns: toColumns(item.typed, item.base).map((column) => column.name) };
  });
  return { statement, outputs };
}

function itemsOf(frame: SelectFrame, clause: Projection): Item[] {
  const items: Item[] = [];
  if (clause.star) {
    const names = [...frame.scope.visible().keys()].sort();
    for (const name of names) items.push({ name, expr: { type: 'variable', name, pos: { line: 0, column: 0 } } });
  }
  for (const item of clause.items) items.push({ name: item.alias ?? item.text, expr: item.expr });
  return items;
}

/** Booleans and temporals leave the final statement as jsonb, the form result values are read in. */
function finalForm(value: Typed): Typed {
  if (value.t === 'bool' || value.t === 'temporal') return { t: 'value', sql: sql`to_jsonb(${value.sql})` };
  return value;
}

function project(frame: SelectFrame, clause: Projection, cap: number | undefined): { statement: Sql; items: Projected[] } {
  const items = itemsOf(frame, clause);
  const ctx = frame.ctx;
  const env: Env = { ctx, scope: frame.scope, exact: true };
  const page = paging(clause, cap);
  const finish = (value: Typed) => (cap === undefined ? value : finalForm(value));

  if (!items.some((item) => containsAggregate(item.expr)) && !clause.distinct) {
    const projected = items.map((item, index) => ({ name: item.name, typed: finish(translate(item.expr, env)), base: `c${index}` }));
    const scope = new Scope(frame.scope);
    for (const item of projected) scope.define(item.name, item.typed);
    const order = orderBy(clause.orderBy, items, projected, { ...env, scope });
    const list = joinSql(selectList(projected.flatMap((item) => toColumns(item.typed, item.base))), ', ');
    return { statement: sql`${frame.select(list)}${order}${page}`, items: projected };
  }

  const { statement: grouped, items: projected } = containsAnyAggregate(items)
    ? aggregate(frame, items, clause.distinct, finish)
    : distinctRows(frame, items, finish);
  if (!clause.orderBy?.length) return { statement: sql`${grouped}${page}`, items: projected };
  // ORDER BY after DISTINCT or aggregation sees only the projected names: sort a wrapping select.
  const alias = ctx.alias('d');
  const wrapper = new SelectFrame(ctx, new Scope());
  wrapper.add('cross', sql`(${grouped})`, alias);
  const visible = projected.map((item) => ({ ...item, typed: fromColumns(item.typed.t, alias, item.base, wrapper, true) }));
  for (const item of visible) wrapper.scope.define(item.name, item.typed);
  const order = orderBy(clause.orderBy, items, visible, { ctx, scope: wrapper.scope, exact: true });
  const columns = projected.flatMap((item) => toColumns(item.typed, item.base)).map((column) => raw(`${alias}.${column.name}`));
  return { statement: sql`${wrapper.select(joinSql(columns, ', '))}${order}${page}`, items: projected };
}

function containsAnyAggregate(items: Item[]): boolean {
  return items.some((item) => containsAggregate(item.expr));
}

function distinctRows(frame: SelectFrame, items: Item[], finish: (value: Typed) => Typed): { statement: Sql; items: Projected[] } {
  const env: Env = { ctx: frame.ctx, scope: frame.scope, exact: true };
  const projected = items.map((item, index) => ({ name: item.name, typed: finish(translate(item.expr, env)), base: `c${index}` }));
  const list = joinSql(selectList(projected.flatMap((item) => toColumns(item.typed, item.base))), ', ');
  return { statement: frame.select(list, true), items: projected };
}

/**
 * Aggregation: a per-row subquery computes the grouping keys and the aggregates' arguments as plain columns; the
 * outer select groups by the key columns (so no expression has to be repeated in GROUP BY).
 */
function aggregate(frame: SelectFrame, items: Item[], distinct: boolean, finish: (value: Typed) => Typed): { statement: Sql; items: Projected[] } {
  const ctx = frame.ctx;
  const inner: Env = { ctx, scope: frame.scope, exact: true };
  const group = ctx.alias('g');
  const keyColumns: Column[] = [];
  const outerScope = new Scope();
  const keys = new Map<number, Typed>();
  items.forEach((item, index) => {
    if (containsAggregate(item.expr)) return;
    const typed = translate(item.expr, inner);
    keys.set(index, typed);
    keyColumns.push(...toColumns(typed, `k${index}`));
    if (item.expr.type === 'variable') outerScope.define(item.expr.name, fromColumns(typed.t, group, `k${index}`, undefined, true));
  });
  const aggregator = new Aggregator(inner, group);
  const outer: Env = { ctx, scope: new GroupScope(outerScope), exact: true, aggregate: aggregator.hook };
  const projected: Projected[] = items.map((item, index) => {
    const key = keys.get(index);
    const typed = key ? fromColumns(key.t, group, `k${index}`, undefined, true) : translate(item.expr, outer);
    return { name: item.name, typed: finish(typed), base: `c${index}` };
  });
  const innerList = [...selectList(keyColumns), ...aggregator.arguments.map((argument) => sql`${argument.sql} AS ${raw(argument.name)}`)];
  const innerSelect = frame.select(innerList.length > 0 ? joinSql(innerList, ', ') : raw('1 AS one'));
  const groupBy = keyColumns.length > 0 ? sql` GROUP BY ${raw(keyColumns.map((column) => `${group}.${column.name}`).join(', '))}` : raw('');
  const list = joinSql(selectList(projected.flatMap((item) => toColumns(item.typed, item.base))), ', ');
  return {
    statement: sql`SELECT ${raw(distinct ? 'DISTINCT ' : '')}${list} FROM (${innerSelect}) ${raw(group)}${groupBy}`,
    items: projected,
  };
}

/** The scope of aggregate items outside their aggregates: only grouping variables, with a clear refusal. */
class GroupScope extends Scope {
  constructor(private readonly keys: Scope) {
    super();
  }

  override lookup(name: string): Typed | undefined {
    const key = this.keys.lookup(name);
    if (!key) throw notEvaluable(TranslationErrors.groupingKey(name));
    return key;
  }
}

function sameExpr(a: Expr, b: Expr): boolean {
  const strip = (_key: string, value: unknown) => (_key === 'pos' ? undefined : value);
  return JSON.stringify(a, strip) === JSON.stringify(b, strip);
}

function orderBy(sort: SortItem[] | undefined, items: Item[], projected: Projected[], env: Env): Sql {
  if (!sort?.length) return raw('');
  const keys = sort.map((entry) => {
    const index = items.findIndex((item) => sameExpr(item.expr, entry.expr));
    const typed = index >= 0 ? projected[index].typed : translate(entry.expr, env);
    return sql`${sortKey(typed)} ${raw(entry.descending ? 'DESC' : 'ASC')}`;
  });
  return sql` ORDER BY ${joinSql(keys, ', ')}`;
}

function sortKey(value: Typed): Sql {
  switch (value.t) {
    case 'node':
    case 'edge':
      return value.id;
    case 'path':
      return value.nodes;
    default:
      return value.sql;
  }
}

function paging(clause: Projection, cap: number | undefined): Sql {
  const skip = count(clause.skip, TranslationErrors.badSkip);
  const limit = count(clause.limit, TranslationErrors.badLimit);
  const bound = limit === undefined ? cap : cap === undefined ? limit : Math.min(limit, cap);
  const parts: Sql[] = [];
  if (skip !== undefined && skip > 0) parts.push(sql` OFFSET ${skip}::int8`);
  if (bound !== undefined) parts.push(sql` LIMIT ${bound}::int8`);
  return joinSql(parts, '');
}

/** A SKIP / LIMIT operand: a non-negative integer literal. */
function count(expr: Expr | undefined, error: string): number | undefined {
  if (!expr) return undefined;
  if (expr.type === 'literal' && typeof expr.value === 'number' && Number.isInteger(expr.value) && !expr.float && expr.value >= 0) {
    return expr.value;
  }
  throw notEvaluable(error);
}
