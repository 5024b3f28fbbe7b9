import type { QuantifierExpr } from '../ast.js';
import { raw, sql, type Sql } from '@app/platform';
import { exactly, type Env } from './env.js';
import { predicate, translate } from './expressions.js';
import { Scope } from './scope.js';
import { asJson, type Typed } from './typed.js';

/** The answer of each quantifier from the counts of items for which the predicate is true (t), false (f), null (n). */
const VERDICTS: Record<QuantifierExpr['quantifier'], string> = {
  all: 'CASE WHEN c.f > 0 THEN false WHEN c.n > 0 THEN NULL ELSE true END',
  any: 'CASE WHEN c.t > 0 THEN true WHEN c.n > 0 THEN NULL ELSE false END',
  none: 'CASE WHEN c.t > 0 THEN false WHEN c.n > 0 THEN NULL ELSE true END',
  single: 'CASE WHEN c.t > 1 THEN false WHEN c.n > 0 THEN NULL ELSE c.t = 1 END',
};

/**
 * `all/any/none/single(x IN list WHERE p)` as one subquery counting the items for which p is true, false and
 * null, so the answer is three-valued as in Cypher. Lists of nodes or relationships join their rows, so the
 * predicate can read properties directly.
 */
export function quantify(expr: QuantifierExpr, env: Env): Sql {
  const list = translate(expr.list, exactly(env));
  const alias = env.ctx.alias('q');
  const scope = new Scope(env.scope);
  let source: Sql;
  let items: Sql;
  if (list.t === 'nodeList' || list.t === 'edgeList') {
    const table = list.t === 'nodeList' ? 'node' : 'edge';
    source = sql`unnest(${list.sql}) ${raw(alias)}(id) JOIN ${raw(table)} ${raw(`${alias}r`)} ON ${raw(`${alias}r`)}.id = ${raw(alias)}.id`;
    const element: Typed = list.t === 'nodeList'
      ? { t: 'node', id: raw(`${alias}.id`), row: () => `${alias}r` }
      : { t: 'edge', id: raw(`${alias}.id`), row: () => `${alias}r` };
    scope.define(expr.variable, element);
    items = list.sql;
  } else {
    items = asJson(list, expr.quantifier);
    source = sql`jsonb_array_elements(CASE WHEN jsonb_typeof(${items}) = 'array' THEN ${items} END) ${raw(alias)}(item)`;
    scope.define(expr.variable, { t: 'value', sql: raw(`nullif(${alias}.item, 'null'::jsonb)`), simple: true });
  }
  const test = predicate(expr.where, { ...env, scope, exact: true });
  const counts = sql`SELECT count(*) FILTER (WHERE p) AS t, count(*) FILTER (WHERE NOT p) AS f, count(*) FILTER (WHERE p IS NULL) AS n
    FROM (SELECT (${test}) AS p FROM ${source}) i`;
  return sql`(CASE WHEN ${items} IS NULL THEN NULL ELSE (SELECT ${raw(VERDICTS[expr.quantifier])} FROM (${counts}) c) END)`;
}
