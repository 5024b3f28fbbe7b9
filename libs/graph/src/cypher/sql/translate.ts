import type { Clause, CypherQuery, Expr, PatternElement, Projection } from '../ast.js';
import type { FoundPath, PathfindingStep } from './pathfinding-step.js';
import { clauseExprs } from '../walk.js';
import { joinSql, raw, sql, type Sql } from '@app/platform';
import { conjuncts, freeVariables } from './constraints.js';
import { FoundPathsParameter, TranslationContext, type TranslationOptions } from './context.js';
import { matchClause, unwindClause } from './match.js';
import { projectReturn, projectWith, type OutputColumn } from './projection.js';
import { Scope } from './scope.js';
import { SelectFrame } from './select.js';
import { WalkRowsParameter, type WalkRows, type WalkStep } from './walk-step.js';
import { containsAggregate } from './aggregates.js';
import { exprChildren } from '../walk.js';

export type { OutputColumn } from './projection.js';

/** A query ready to run: pathfinding and walk steps first, then one statement that reads their results. */
export interface Translation {
  steps: PathfindingStep[];
  /** Variable-length relationships the engine enumerates over the traversal index (only with walksInMemory). */
  walks: WalkStep[];
  /**
   * The statement text and values, given the paths each step found and each walk's rows (in step order).
   */
  statement(found: FoundPath[][], walked?: readonly WalkRows[]): { text: string; values: unknown[] };
  outputs: OutputColumn[];
  /**
   * True when every found path becomes exactly one row and the steps' limit is the query's own LIMIT: a step
   * stopping at its limit then still gives the full answer. Otherwise a capped step means a partial answer.
   */
  stepsLimitedByQuery: boolean;
}

/**
 * Translates a checked query (shortcuts expanded) to SQL: renamed bindings, joins per pattern, recursive walks
 * for variable-length relationships, a subquery per WITH, every constant a bound parameter.
 * `kinds` maps the kind names the query uses to ids (see kindNamesOf); names it lacks match nothing.
 */
export function translateQuery(query: CypherQuery, kinds: ReadonlyMap<string, number>, options: TranslationOptions): Translation {
  const ctx = new TranslationContext(kinds, options);
  let frame = new SelectFrame(ctx, new Scope());
  let result: ReturnType<typeof projectReturn> | undefined;
  for (const clause of query.clauses) {
    switch (clause.type) {
      case 'match':
        matchClause(frame, clause);
        break;
      case 'unwind':
        unwindClause(frame, clause);
        break;
      case 'with':
        endPart(ctx, clause);
        frame = projectWith(frame, clause);
        break;
      case 'return':
        endPart(ctx, clause);
        result = projectReturn(frame, clause);
    }
  }
  if (!result) throw new Error('a checked query ends with RETURN');
  const limit = safeStepLimit(query.clauses);
  const stepsLimitedByQuery = limit !== undefined && ctx.steps.every((step) => limit < step.limit);
  if (limit !== undefined) for (const step of ctx.steps) step.limit = Math.min(step.limit, limit);
  const { outputs } = result;
  const final = valuesAsText(result.statement, outputs, ctx.alias('r'));
  const statement = ctx.materialized.length === 0
    ? final
    : sql`WITH ${joinSql(ctx.materialized.map((part) => sql`${raw(part.name)} AS MATERIALIZED (${part.statement})`), ', ')} ${final}`;
  return {
    steps: ctx.steps,
    walks: ctx.walks,
    outputs,
    stepsLimitedByQuery,
    statement(found, walked = []) {
      const { text, values } = statement.toQuery();
      const bind = (value: unknown) => {
        if (value instanceof FoundPathsParameter) return foundPathsJson(found[value.step] ?? []);
        if (value instanceof WalkRowsParameter) {
          if (walked[value.step] === undefined) throw new Error(`walk step ${value.step} has no rows`);
          return walked[value.step][value.part];
        }
        return value;
      };
      return { text, values: values.map(bind) };
    },
  };
}

/**
 * A query part ends in its projection: when that is DISTINCT without aggregates, how many trails join a walk's
 * ends cannot change the answer, only whether one does.
 */
function endPart(ctx: TranslationContext, projection: Projection): void {
  if (projection.distinct && !projection.items.some((item) => containsAggregate(item.expr))) {
    for (const walk of ctx.partWalks) walk.distinctRows = true;
  }
  ctx.partWalks = [];
}

/**
 * Value columns leave as jsonb text: the driver would parse jsonb with JSON.parse, losing integers beyond 2^53
 * and the float-ness of `1.0` (see literalOf). Cast in an outer select, so that DISTINCT and ORDER BY inside still
 * compare jsonb; the inner statement always has a LIMIT, which keeps its order through the wrapper.
 */
function valuesAsText(statement: Sql, outputs: OutputColumn[], alias: string): Sql {
  if (!outputs.some((output) => output.kind === 'value')) return statement;
  const columns = outputs.flatMap((output) => output.columns.map((column) => (output.kind === 'value'
    ? raw(`(${alias}.${column})::text AS ${column}`)
    : raw(`${alias}.${column}`))));
  return sql`SELECT ${joinSql(columns, ', ')} FROM (${statement}) ${raw(alias)}`;
}

function foundPathsJson(paths: FoundPath[]): string {
  return JSON.stringify(paths.map((path) => ({
    start_id: path.startId, end_id: path.endId, node_ids: path.nodeIds, edge_ids: path.edgeIds,
  })));
}

/**
 * The query's own LIMIT (+ SKIP) as the pathfinding limit, when every found path becomes exactly one result
 * row: a lone shortestPath part in the only MATCH, every WHERE conjunct pushed into the step (one endpoint's
 * constraints, or `s <> t`), and a plain RETURN (no DISTINCT, aggregation or ORDER BY).
 */
function safeStepLimit(clauses: Clause[]): number | undefined {
  if (clauses.length !== 2 || clauses[0].type !== 'match' || clauses[1].type !== 'return') return undefined;
  const [match, projection] = clauses;
  if (match.optional || match.pattern.length !== 1 || !match.pattern[0].shortest) return undefined;
  if (projection.distinct || projection.orderBy?.length || projection.items.some((item) => containsAggregate(item.expr))) return undefined;
  const { nodes } = match.pattern[0].element;
  const ends = nodes.map((node) => node.variable);
  if (nodes.some((node) => node.properties?.entries.some((entry) => freeVariables(entry.value).size > 0))) return undefined;
  const pushed = conjuncts(match.where).every((conjunct) => {
    const variables = [...freeVariables(conjunct)];
    if (variables.length === 1) return ends.includes(variables[0]);
    return variables.length === 2 && ends.every((end) => end !== undefined && variables.includes(end)) && conjunct.type === 'binary' && conjunct.op === '<>';
  });
  const literal = (expr: Expr | undefined) => (expr?.type === 'literal' && typeof expr.value === 'number' ? expr.value : undefined);
  const limit = literal(projection.limit);
  if (!pushed || limit === undefined) return undefined;
  return limit + (literal(projection.skip) ?? 0);
}

/** Every label and relationship type a query names (to resolve to kind ids before translating). */
export function kindNamesOf(query: CypherQuery): string[] {
  const names = new Set<string>();
  const element = (pattern: PatternElement) => {
    for (const node of pattern.nodes) for (const label of node.labels) names.add(label);
    for (const relationship of pattern.relationships) for (const type of relationship.types) names.add(type);
  };
  const visit = (expr: Expr): void => {
    if (expr.type === 'hasLabels') for (const label of expr.labels) names.add(label);
    if (expr.type === 'pattern') element(expr.element);
    for (const child of exprChildren(expr)) visit(child);
  };
  for (const clause of query.clauses) {
    if (clause.type === 'match') for (const part of clause.pattern) element(part.element);
    for (const expr of clauseExprs(clause)) visit(expr);
  }
  return [...names];
}
