import type { CallExpr, CountStarExpr, Expr } from '../ast.js';
import { AGGREGATE_FUNCTIONS } from '../ast.js';
import { raw, sql, type Sql } from '@app/platform';
import type { Env } from './env.js';
import { notEvaluable, TranslationErrors } from './errors.js';
import { translate } from './expressions.js';
import { describe, jsonOf, type Typed } from './typed.js';
import { exprChildren } from '../walk.js';

/** True when an expression contains an aggregate call (outside pattern predicates and quantifiers' lists too). */
export function containsAggregate(expr: Expr): boolean {
  if (expr.type === 'countStar') return true;
  if (expr.type === 'call' && AGGREGATE_FUNCTIONS.has(expr.name)) return true;
  return exprChildren(expr).some(containsAggregate);
}

/** An aggregate's argument, evaluated per input row as column `name` of the grouped subquery `g`. */
export interface AggregateArgument { name: string; sql: Sql }

/**
 * Translates aggregate calls of projection items: each argument becomes a column of the per-row subquery (its
 * expression translated in the incoming scope), and the call an aggregate over that column in the grouped select.
 */
export class Aggregator {
  readonly arguments: AggregateArgument[] = [];

  constructor(private readonly inner: Env, private readonly group: string) {}

  readonly hook = (call: CallExpr | CountStarExpr): Typed => {
    if (call.type === 'countStar') return jsonOf(raw('count(*)'));
    const nested: Env = { ...this.inner, aggregate: () => { throw notEvaluable(TranslationErrors.nestedAggregate); } };
    const argument = translate(call.args[0], nested);
    const column = raw(`${this.group}.a${this.arguments.length}`);
    const distinct = raw(call.distinct ? 'DISTINCT ' : '');
    const add = (value: Sql) => this.arguments.push({ name: `a${this.arguments.length}`, sql: value });
    switch (argument.t) {
      case 'node':
      case 'edge':
        add(argument.id);
        if (call.name === 'count') return jsonOf(sql`count(${distinct}${column})`);
        if (call.name === 'collect') {
          return { t: argument.t === 'node' ? 'nodeList' : 'edgeList', sql: sql`coalesce(array_agg(${distinct}${column}) FILTER (WHERE ${column} IS NOT NULL), '{}'::int8[])` };
        }
        break;
      case 'value':
      case 'bool':
      case 'temporal': {
        const json = argument.t === 'value' ? argument.sql : sql`to_jsonb(${argument.sql})`;
        add(argument.t === 'temporal' && (call.name === 'min' || call.name === 'max') ? argument.sql : json);
        return valueAggregate(call, argument.t, column, distinct);
      }
      case 'path':
        add(argument.nodes);
        if (call.name === 'count') return jsonOf(sql`count(${distinct}${column})`);
        break;
      default:
        add(argument.sql);
        if (call.name === 'count') return jsonOf(sql`count(${distinct}${column})`);
    }
    throw notEvaluable(TranslationErrors.typeMismatch(`${call.name}() of ${describe(argument)}`));
  };
}

function valueAggregate(call: CallExpr, t: Typed['t'], column: Sql, distinct: Sql): Typed {
  switch (call.name) {
    case 'count':
      return jsonOf(sql`count(${distinct}${column})`);
    case 'collect':
      return { t: 'value', sql: sql`coalesce(jsonb_agg(${distinct}${column}) FILTER (WHERE ${column} IS NOT NULL), '[]'::jsonb)` };
    case 'sum':
      return jsonOf(sql`coalesce(sum(${distinct}(${column})::numeric), 0)`);
    case 'avg':
      return jsonOf(sql`avg(${distinct}(${column})::float8)`);
    default: {
      const order = raw(call.name === 'min' ? 'ASC' : 'DESC');
      const first = sql`(array_agg(${column} ORDER BY ${column} ${order}) FILTER (WHERE ${column} IS NOT NULL))[1]`;
      return t === 'temporal' ? { t: 'temporal', sql: first } : { t: 'value', sql: first };
    }
  }
}
