import type { MapExpr } from '../ast.js';
import { joinSql, raw, type Sql } from '@app/platform';
import type { NodeConstraints } from './constraints.js';
import type { TranslationContext } from './context.js';
import { constant, predicate } from './expressions.js';
import { labelsMatch } from './labels.js';
import { equality } from './operators.js';
import { Scope } from './scope.js';
import { jsonLiteral, propertyRead, type EdgeValue, type NodeValue } from './typed.js';

/**
 * A node's single-variable constraints as a predicate over a bare `node` alias, for the places that pick nodes
 * before the statement's joins exist: the seed of a variable-length expansion, the ends of a shortestPath.
 * Undefined when nothing constrains the node.
 */
export function nodePredicate(constraints: NodeConstraints, variable: string | undefined, alias: string, ctx: TranslationContext): Sql | undefined {
  const node: NodeValue = { t: 'node', id: raw(`${alias}.id`), row: () => alias };
  const scope = new Scope();
  if (variable) scope.define(variable, node);
  const parts: Sql[] = [];
  if (constraints.labels.length > 0) parts.push(labelsMatch(raw(`${alias}.kind_ids`), constraints.labels, false, ctx));
  for (const map of constraints.maps) parts.push(...constantMapTests(map, node));
  for (const conjunct of constraints.conjuncts) parts.push(predicate(conjunct, { ctx, scope, exact: false }));
  return parts.length === 0 ? undefined : joinSql(parts, ' AND ');
}

/** Equality tests for the constant entries of an inline property map (`{objectid: 'S-1'}`). */
export function constantMapTests(map: MapExpr, element: NodeValue | EdgeValue): Sql[] {
  return map.entries.flatMap((entry) => {
    const value = constant(entry.value);
    return value ? [equality(propertyRead(element, entry.key), jsonLiteral(value.value))] : [];
  });
}
