import type { Expr, PatternPart } from '../ast.js';
import { raw, sql } from '@app/platform';
import type { NodeConstraints } from './constraints.js';
import type { PathfindingStep } from './pathfinding-step.js';
import { DEFAULT_MAX_DEPTH, FoundPathsParameter, type TranslationContext } from './context.js';
import { notEvaluable, TranslationErrors } from './errors.js';
import { allLabelsAsKindIds } from './labels.js';
import { nodePredicate } from './seeds.js';
import type { SelectFrame } from './select.js';
import type { NodeValue } from './typed.js';

/** The columns the main statement reads a step's found paths as. */
const FOUND_PATH_COLUMNS = '(start_id int8, end_id int8, node_ids int8[], edge_ids int8[])';

/**
 * `p = shortestPath((s)-[:R*1..]->(t))`: a pathfinding step that runs before the statement, with each end's
 * single-variable constraints as its start / end predicates and `s <> t` as distinctEnds. The statement reads
 * the found paths from one bound jsonb parameter and binds s, t and p from them; the endpoints' conditions stay
 * in the statement too, so its answer does not depend on what the step pushed down.
 */
export function shortestPathPart(frame: SelectFrame, part: PatternPart): void {
  const { nodes, relationships } = part.element;
  if (relationships.length !== 1) throw notEvaluable(TranslationErrors.shortestPathShape);
  const relationship = relationships[0];
  const ctx = frame.ctx;
  const ends = [0, 1].map((index) => {
    const pattern = nodes[index];
    const name = pattern.variable;
    const bound = name ? frame.scope.lookup(name) : undefined;
    if (bound && bound.t !== 'node') throw notEvaluable(TranslationErrors.notANode(name!));
    if (bound && !frame.local.has(name!)) throw notEvaluable(TranslationErrors.shortestPathBound);
    const constraints = frame.book.of(pattern);
    return {
      name,
      bound: bound as NodeValue | undefined,
      predicate: nodePredicate(constraints, name, 'n', ctx),
      kinds: labelsOnly(constraints, ctx),
    };
  });
  const range = relationship.range;
  const step: PathfindingStep = {
    mode: part.shortest === 'allShortest' ? 'allShortest' : 'shortest',
    start: ends[0].predicate,
    end: ends[1].predicate,
    startKinds: ends[0].kinds,
    endKinds: ends[1].kinds,
    distinctEnds: ends[0].name !== undefined && ends[1].name !== undefined
      && frame.book.conjuncts.some((conjunct) => differ(conjunct, ends[0].name!, ends[1].name!)),
    edgeKindIds: relationship.types.length > 0 ? ctx.kindIds(relationship.types).known : undefined,
    direction: relationship.direction,
    minDepth: range ? range.min ?? 1 : 1,
    maxDepth: range ? range.max ?? DEFAULT_MAX_DEPTH : 1,
    limit: ctx.options.rowLimit + 1,
  };
  const index = ctx.steps.push(step) - 1;
  const alias = ctx.alias('sp');
  frame.add('cross', sql`jsonb_to_recordset(${new FoundPathsParameter(index)}::jsonb)`, raw(`${alias} ${FOUND_PATH_COLUMNS}`));
  ends.forEach((end, position) => {
    const id = raw(`${alias}.${position === 0 ? 'start_id' : 'end_id'}`);
    if (end.bound) frame.where(sql`${end.bound.id} = ${id}`);
    else if (end.name) {
      frame.scope.define(end.name, { t: 'node', id, row: frame.lazyRow('node', id, false) });
      frame.local.add(end.name);
    }
  });
  const nodeIds = raw(`${alias}.node_ids`);
  const edgeIds = raw(`${alias}.edge_ids`);
  if (part.variable) {
    frame.scope.define(part.variable, { t: 'path', nodes: nodeIds, edges: edgeIds });
    frame.local.add(part.variable);
  }
  if (relationship.variable) {
    frame.scope.define(relationship.variable, { t: 'edgeList', sql: edgeIds });
    frame.local.add(relationship.variable);
  }
}

/** The kind ids of a node's constraints when they are only labels, all of them known; else undefined. */
export function labelsOnly(constraints: NodeConstraints, ctx: TranslationContext): number[] | undefined {
  if (constraints.labels.length === 0 || constraints.maps.length > 0 || constraints.conjuncts.length > 0) return undefined;
  return allLabelsAsKindIds(constraints.labels, ctx);
}

/** True for `a <> b` (either order) and `NOT a = b`. */
function differ(expr: Expr, a: string, b: string): boolean {
  const pair = (left: Expr, right: Expr) => left.type === 'variable' && right.type === 'variable'
    && ((left.name === a && right.name === b) || (left.name === b && right.name === a));
  if (expr.type === 'binary' && expr.op === '<>') return pair(expr.left, expr.right);
  if (expr.type === 'unary' && expr.op === 'NOT' && expr.operand.type === 'binary' && expr.operand.op === '=') {
    return pair(expr.operand.left, expr.operand.right);
  }
  return false;
}
