import type { MatchClause, UnwindClause } from '../ast.js';
import { joinSql, raw, sql } from '@app/platform';
import { fromColumns, selectList, toColumns } from './columns.js';
import type { Env } from './env.js';
import { notEvaluable, TranslationErrors } from './errors.js';
import { predicate, translate } from './expressions.js';
import { emitPattern, fileConstraints } from './patterns.js';
import { Scope } from './scope.js';
import { SelectFrame } from './select.js';
import { asJson, guarded } from './typed.js';

/** MATCH: the pattern's joins and the WHERE join the frame; OPTIONAL MATCH goes through a left lateral join. */
export function matchClause(frame: SelectFrame, clause: MatchClause): void {
  if (clause.optional) {
    optionalMatch(frame, clause);
    return;
  }
  frame.book.addWhere(clause.where);
  fileConstraints(frame.book, clause.pattern);
  const env: Env = { ctx: frame.ctx, scope: frame.scope, exact: false };
  matchWalks(frame, () => emitPattern(frame, clause.pattern, env));
  if (clause.where) frame.where(predicate(clause.where, env));
}

/** Files the walk steps a MATCH pattern hands over as the current query part's (see WalkStep.distinctRows). */
function matchWalks(frame: SelectFrame, emit: () => void): void {
  const { ctx } = frame;
  const before = ctx.walks.length;
  emit();
  ctx.partWalks.push(...ctx.walks.slice(before));
}

/**
 * OPTIONAL MATCH: the pattern and its WHERE in a subquery joined `LEFT JOIN LATERAL ... ON true`, so a row
 * without a match survives with nulls; the subquery exports the variables it binds.
 */
function optionalMatch(frame: SelectFrame, clause: MatchClause): void {
  const ctx = frame.ctx;
  const inner = new SelectFrame(ctx, new Scope(frame.scope));
  inner.book.addWhere(clause.where);
  fileConstraints(inner.book, clause.pattern);
  const env: Env = { ctx, scope: inner.scope, exact: false };
  matchWalks(inner, () => emitPattern(inner, clause.pattern, env));
  if (clause.where) inner.where(predicate(clause.where, env));
  const exported = inner.scope.entries().map(([name, value], index) => ({ name, value, base: `v${index}` }));
  const columns = exported.flatMap(({ value, base }) => toColumns(value, base));
  const list = columns.length > 0 ? joinSql(selectList(columns), ', ') : raw('1 AS matched');
  const alias = ctx.alias('o');
  frame.add('leftLateral', sql`(${inner.select(list)})`, alias);
  for (const { name, value, base } of exported) frame.scope.define(name, fromColumns(value.t, alias, base, frame, true));
}

/** UNWIND: one row per list item (CROSS JOIN LATERAL), none for an empty or null list, a scalar as itself. */
export function unwindClause(frame: SelectFrame, clause: UnwindClause): void {
  const ctx = frame.ctx;
  const list = translate(clause.expr, { ctx, scope: frame.scope, exact: true });
  const alias = ctx.alias('u');
  if (list.t === 'nodeList' || list.t === 'edgeList') {
    frame.add('lateral', sql`unnest(${list.sql})`, raw(`${alias} (id)`));
    const id = raw(`${alias}.id`);
    const table = list.t === 'nodeList' ? 'node' : 'edge';
    // A list may hold nulls (an unmatched OPTIONAL MATCH): their rows stay, so the element row is an outer join.
    frame.scope.define(clause.alias, { t: table, id, row: frame.lazyRow(table, id, true) });
    return;
  }
  if (list.t !== 'value') throw notEvaluable(TranslationErrors.typeMismatch('UNWIND expects a list'));
  const items = guarded({ ...list, sql: asJson(list, 'UNWIND') }, (v) => sql`CASE WHEN ${v} IS NULL THEN '[]'::jsonb
    WHEN jsonb_typeof(${v}) = 'array' THEN ${v} ELSE jsonb_build_array(${v}) END`);
  frame.add('lateral', sql`jsonb_array_elements(${items})`, raw(`${alias} (item)`));
  frame.scope.define(clause.alias, { t: 'value', sql: raw(`nullif(${alias}.item, 'null'::jsonb)`), simple: true });
}
