import { AGGREGATE_FUNCTIONS, type CallExpr } from './ast.js';
import type {
  Clause, CypherQuery, Expr, PatternElement, Position, Projection, ProjectionItem, RelationshipPattern,
} from './ast.js';
import { checkComplexity, FITNESS_LOWER_BOUND } from './complexity.js';
import { errorAt, notA, undefinedVariable } from './errors.js';
import { parseCypher } from './parser.js';
import { expandShortcuts } from './shortcuts.js';
import { elementMaps, exprChildren } from './walk.js';

/**
 * What a variable was bound to. 'relationships' is a variable-length relationship (a list); 'plain' is a value
 * that is never a node, relationship or path (literal, list, map, property, operator); 'value' may be anything.
 */
type Binding = 'node' | 'relationship' | 'relationships' | 'path' | 'plain' | 'value';
type Scope = Map<string, Binding>;

/** Where aggregates may appear: in projections, nowhere else, and never inside another aggregate. */
type AggregateRule = 'allowed' | 'nested' | { forbiddenIn: string };

const CLAUSE_NAMES: Record<Clause['type'], string> = {
  match: 'MATCH', unwind: 'UNWIND', with: 'WITH', return: 'RETURN',
};

/**
 * The pipeline the cypher endpoint runs before execution: parse, semantic checks, shortcut expansion, complexity
 * gate (at `fitnessLowerBound`; tag selectors pass the stricter one). Every refusal is a CypherError carrying the
 * 400 message.
 */
export function prepareCypher(text: string, fitnessLowerBound = FITNESS_LOWER_BOUND): CypherQuery {
  const query = parseCypher(text);
  checkQuery(query);
  const expanded = expandShortcuts(query);
  checkComplexity(expanded, fitnessLowerBound);
  return expanded;
}

/** Scoping and shape rules the grammar alone does not enforce (variables defined before use, RETURN last, ...). */
export function checkQuery(query: CypherQuery): void {
  let scope: Scope = new Map();
  query.clauses.forEach((clause, index) => {
    const last = index === query.clauses.length - 1;
    if (clause.type === 'return' && !last) throw errorAt(clause.pos, 'RETURN can only be used at the end of the query');
    if (last && clause.type !== 'return') {
      throw errorAt(clause.pos, `query cannot conclude with ${CLAUSE_NAMES[clause.type]} (must be RETURN)`);
    }
    switch (clause.type) {
      case 'match':
        checkMatch(clause, scope);
        break;
      case 'unwind':
        checkExpr(clause.expr, scope, { forbiddenIn: 'UNWIND' });
        declare(scope, clause.alias, elementBinding(clause.expr, scope), clause.pos);
        break;
      case 'with':
        scope = checkProjection(clause, scope, 'WITH');
        if (clause.where) checkExpr(clause.where, scope, { forbiddenIn: 'WHERE' });
        break;
      case 'return':
        checkProjection(clause, scope, 'RETURN');
    }
  });
}

function checkMatch(clause: Extract<Clause, { type: 'match' }>, scope: Scope): void {
  const relationships = new Set<string>();
  for (const part of clause.pattern) {
    const { nodes, relationships: rels } = part.element;
    for (const node of nodes) if (node.variable !== undefined) bindNode(scope, node.variable, node.pos);
    for (const rel of rels) {
      if (rel.variable === undefined) continue;
      if (relationships.has(rel.variable)) {
        const message = `cannot use the same relationship variable \`${rel.variable}\` for several relationships`;
        throw errorAt(rel.pos, message);
      }
      relationships.add(rel.variable);
      bindRelationship(scope, rel.variable, rel);
    }
    if (part.variable !== undefined) declare(scope, part.variable, 'path', part.pos);
  }
  for (const part of clause.pattern) {
    for (const map of elementMaps(part.element)) checkExpr(map, scope, { forbiddenIn: 'a pattern' });
  }
  if (clause.where) checkExpr(clause.where, scope, { forbiddenIn: 'WHERE' });
}

/** Binds a new name (an UNWIND alias, a path); names already in scope cannot be redeclared. */
function declare(scope: Scope, name: string, binding: Binding, pos: Position): void {
  if (scope.has(name)) throw alreadyDeclared(pos, name);
  scope.set(name, binding);
}

function alreadyDeclared(pos: Position, name: string) {
  return errorAt(pos, `variable \`${name}\` already declared`);
}

/** A node pattern's variable: new, or a node bound earlier (which the pattern then constrains). */
function bindNode(scope: Scope, name: string, pos: Position): void {
  const existing = scope.get(name);
  if (existing === 'plain') throw notA(pos, name, 'node');
  if (existing !== undefined && existing !== 'value' && existing !== 'node') throw alreadyDeclared(pos, name);
  scope.set(name, 'node');
}

/**
 * A relationship pattern's variable: new, or one relationship bound earlier. A variable-length relationship binds
 * a list, which a later pattern cannot match again (and a fixed-length one cannot become a list).
 */
function bindRelationship(scope: Scope, name: string, rel: RelationshipPattern): void {
  const binding: Binding = rel.range ? 'relationships' : 'relationship';
  const existing = scope.get(name);
  if (existing === 'plain') throw notA(rel.pos, name, 'relationship');
  if (existing === 'relationships' || (existing === 'relationship' && binding === 'relationships')) {
    const reason = 'a variable-length relationship binds a list';
    throw errorAt(rel.pos, `relationship variable \`${name}\` cannot be reused: ${reason}`);
  }
  if (existing !== undefined && existing !== 'value' && existing !== 'relationship') {
    throw alreadyDeclared(rel.pos, name);
  }
  scope.set(name, binding);
}

/** What a projected or unwound expression binds, as far as its shape tells without types. */
function bindingOf(expr: Expr, scope: Scope): Binding {
  switch (expr.type) {
    case 'variable':
      return scope.get(expr.name)!;
    case 'call':
      return 'value';
    default:
      return 'plain';
  }
}

/** What UNWIND binds to each element of a list. */
function elementBinding(expr: Expr, scope: Scope): Binding {
  if (expr.type === 'list') {
    const items = new Set(expr.items.map((item) => bindingOf(item, scope)));
    return items.size === 1 && items.has('plain') ? 'plain' : 'value';
  }
  if (expr.type === 'variable' && scope.get(expr.name) === 'relationships') return 'relationship';
  return bindingOf(expr, scope) === 'plain' ? 'plain' : 'value';
}

/** PostgreSQL allows 1664 result columns; well below that, a clear refusal instead of a database error. */
export const MAX_PROJECTION_ITEMS = 1000;

/** How many arguments each function takes, [min, max], and the name as the Cypher manual writes it. */
const ARITY: Record<string, { name: string; min: number; max: number }> = Object.fromEntries(([
  ['id', 1, 1], ['labels', 1, 1], ['type', 1, 1], ['startNode', 1, 1], ['endNode', 1, 1], ['nodes', 1, 1],
  ['relationships', 1, 1], ['head', 1, 1], ['tail', 1, 1], ['last', 1, 1], ['size', 1, 1], ['length', 1, 1],
  ['split', 2, 2], ['toLower', 1, 1], ['toUpper', 1, 1], ['toString', 1, 1], ['toInteger', 1, 1], ['toFloat', 1, 1],
  ['toBoolean', 1, 1], ['coalesce', 1, Infinity], ['trim', 1, 1], ['abs', 1, 1], ['keys', 1, 1], ['properties', 1, 1],
  ['exists', 1, 1], ['count', 1, 1], ['collect', 1, 1], ['sum', 1, 1], ['avg', 1, 1], ['min', 1, 1], ['max', 1, 1],
  ['date', 0, 1], ['datetime', 0, 1], ['localdatetime', 0, 1], ['time', 0, 1], ['localtime', 0, 1], ['duration', 1, 1],
] as const).map(([name, min, max]) => [name.toLowerCase(), { name, min, max }]));

/** The refusal for a call with too few or too many arguments. */
export function arityMessage(name: string, min: number, max: number): string {
  const count = (n: number) => `${n} argument${n === 1 ? '' : 's'}`;
  const takes = min === max ? count(min) : max === Infinity ? `at least ${count(min)}` : `${min} to ${count(max)}`;
  return `${name}() takes ${takes}`;
}

/** Wrong argument counts are refused here, so the translator can rely on them. */
function checkArity(call: CallExpr): void {
  const arity = ARITY[call.name];
  if (!arity) return;
  const { length } = call.args;
  if (length < arity.min || length > arity.max) throw errorAt(call.pos, arityMessage(arity.name, arity.min, arity.max));
}

/** Checks WITH/RETURN items and answers the scope after the clause (only what is projected, unless `*`). */
function checkProjection(projection: Projection & { pos: Position }, scope: Scope, clause: string): Scope {
  if (projection.star && scope.size === 0) {
    throw errorAt(projection.pos, `${clause} * is not allowed when there are no variables in scope`);
  }
  if (projection.items.length > MAX_PROJECTION_ITEMS) {
    throw errorAt(projection.pos, `${clause} cannot project more than ${MAX_PROJECTION_ITEMS} items`);
  }
  const projected: Scope = projection.star ? new Map(scope) : new Map();
  const columns = new Set<string>();
  for (const item of projection.items) {
    checkExpr(item.expr, scope, 'allowed');
    if (clause === 'WITH' && item.alias === undefined && item.expr.type !== 'variable') {
      throw errorAt(item.expr.pos, 'expression in WITH must be aliased (use AS)');
    }
    const column = columnName(item);
    if (columns.has(column)) throw errorAt(item.expr.pos, `multiple result columns with the same name \`${column}\``);
    columns.add(column);
    projected.set(item.alias ?? column, bindingOf(item.expr, scope));
  }
  checkOrderBy(projection, scope, projected);
  if (projection.skip) checkCount(projection.skip, 'SKIP');
  if (projection.limit) checkCount(projection.limit, 'LIMIT');
  return projected;
}

/**
 * ORDER BY may use the projected names and the variables they were computed from; after DISTINCT or aggregation
 * only the projected names (or a projected expression repeated whole), since the other values are gone.
 */
function checkOrderBy(projection: Projection, scope: Scope, projected: Scope): void {
  const collapsed = projection.distinct || projection.items.some((item) => containsAggregate(item.expr));
  const sortScope = collapsed ? projected : new Map([...scope, ...projected]);
  for (const { expr } of projection.orderBy ?? []) {
    if (collapsed && projection.items.some((item) => sameExpr(item.expr, expr))) continue;
    checkExpr(expr, sortScope, { forbiddenIn: 'ORDER BY' });
  }
}

function containsAggregate(expr: Expr): boolean {
  if (expr.type === 'countStar' || (expr.type === 'call' && AGGREGATE_FUNCTIONS.has(expr.name))) return true;
  return exprChildren(expr).some(containsAggregate);
}

/** Structural equality, positions aside: how the translator finds a sort key among the projected items. */
function sameExpr(a: Expr, b: Expr): boolean {
  const withoutPos = (key: string, value: unknown) => (key === 'pos' ? undefined : value);
  return JSON.stringify(a, withoutPos) === JSON.stringify(b, withoutPos);
}

function columnName(item: ProjectionItem): string {
  if (item.alias !== undefined) return item.alias;
  return item.expr.type === 'variable' ? item.expr.name : item.text;
}

function checkCount(expr: Expr, clause: string): void {
  const literal = expr.type === 'literal' && !expr.float && typeof expr.value === 'number' && expr.value >= 0;
  if (!literal) throw errorAt(expr.pos, `${clause} must be a non-negative integer literal`);
}

function checkExpr(expr: Expr, scope: Scope, aggregates: AggregateRule): void {
  switch (expr.type) {
    case 'variable':
      if (!scope.has(expr.name)) throw undefinedVariable(expr.pos, expr.name);
      return;
    case 'call':
    case 'countStar':
      if (expr.type === 'call') checkArity(expr);
      if (expr.type === 'countStar' || AGGREGATE_FUNCTIONS.has(expr.name)) {
        if (aggregates === 'nested') throw errorAt(expr.pos, 'aggregate functions cannot be nested');
        if (aggregates !== 'allowed') {
          throw errorAt(expr.pos, `aggregate functions are not allowed in ${aggregates.forbiddenIn}`);
        }
        aggregates = 'nested';
      }
      break;
    case 'quantifier': {
      checkExpr(expr.list, scope, aggregates);
      const inner = new Map(scope).set(expr.variable, 'value');
      checkExpr(expr.where, inner, aggregates);
      return;
    }
    case 'pattern':
      checkPatternPredicate(expr.element, scope);
      break;
  }
  for (const child of exprChildren(expr)) checkExpr(child, scope, aggregates);
}

/** A pattern predicate filters on bound variables; it cannot introduce new ones. */
function checkPatternPredicate(element: PatternElement, scope: Scope): void {
  for (const item of [...element.nodes, ...element.relationships]) {
    if (item.variable !== undefined && !scope.has(item.variable)) throw undefinedVariable(item.pos, item.variable);
  }
}
