import type { Clause, CypherQuery, Expr, MapExpr, PatternElement, Projection } from './ast.js';
import { CypherError, QUERY_TOO_COMPLEX } from './errors.js';
import { expandTypes } from './shortcuts.js';
import { exprChildren } from './walk.js';

/** The reference's threshold for the cypher endpoint: a fitness at or below it is refused. */
export const FITNESS_LOWER_BOUND = -7;
/** The stricter threshold for asset group (tag) selectors, which run unattended on every evaluation. */
export const SELECTOR_FITNESS_LOWER_BOUND = -3;

const SELECTIVE_PROPERTIES = new Set(['objectid', 'name']);

const COMPARISON_WEIGHTS: Record<string, number> = {
  '=': 3, 'STARTS WITH': 2, 'ENDS WITH': 2, CONTAINS: 2, '=~': 2, '<': 1, '>': 1, '<=': 1, '>=': 1, IN: 1, '<>': -1,
};

/**
 * Refuses a query the heuristic expects to be slow or unstable (graph-reference §2, complexity gate): a fitness at
 * or below `lowerBound` (the endpoint's by default).
 */
export function checkComplexity(query: CypherQuery, lowerBound = FITNESS_LOWER_BOUND): void {
  if (queryFitness(query) <= lowerBound) throw new CypherError(QUERY_TOO_COMPLEX);
}

/**
 * The reference's "relative fitness" of a query: selective constructs add, expanding ones subtract. Shortcuts count
 * as the kinds they expand to, so the score is the same before and after expansion.
 */
export function queryFitness(query: CypherQuery): number {
  return new FitnessScorer().score(query.clauses);
}

type Tracked = 'node' | 'other';

class FitnessScorer {
  private fitness = 0;
  /** Variables by what they were first bound to; only nodes make a property look-up "selective". */
  private tracked = new Map<string, Tracked>();

  score(clauses: Clause[]): number {
    let matches = 0;
    let parts = 0;
    for (const clause of clauses) {
      if (clause.type === 'match') {
        matches++;
        this.match(clause);
      } else if (clause.type === 'unwind') {
        this.expr(clause.expr);
      } else if (clause.type === 'with') {
        parts++;
        this.fitness -= 3;
        this.projection(clause);
        if (clause.where) this.expr(clause.where);
        // Past WITH only aliases are known again, and not as nodes (as in the reference).
        this.tracked = new Map(clause.items.filter((i) => i.alias !== undefined).map((i) => [i.alias!, 'other']));
      } else {
        this.projection(clause);
      }
    }
    if (parts > 2) this.fitness -= parts;
    if (matches > 2) this.fitness -= matches;
    return this.fitness;
  }

  private track(name: string | undefined, as: Tracked): void {
    if (name !== undefined && !this.tracked.has(name)) this.tracked.set(name, as);
  }

  private match(clause: Extract<Clause, { type: 'match' }>): void {
    if (clause.optional) this.fitness -= 1;
    for (const part of clause.pattern) {
      this.track(part.variable, 'other');
      if (part.shortest === 'shortest') this.fitness += 5;
      if (part.shortest === 'allShortest') this.fitness += 4;
      const elements = part.element.nodes.length + part.element.relationships.length;
      if (elements > 3) this.fitness -= elements;
      this.element(part.element);
    }
    if (clause.where) this.expr(clause.where);
  }

  private element(element: PatternElement): void {
    element.nodes.forEach((node, i) => {
      this.track(node.variable, 'node');
      this.patternItem(node.properties, node.labels.length);
      const relationship = element.relationships[i];
      if (!relationship) return;
      this.track(relationship.variable, 'other');
      if (relationship.direction === 'both') this.fitness -= 3;
      this.fitness -= 1;
      const range = relationship.range;
      if (range) {
        if (range.min !== undefined) this.fitness += range.min - (range.max ?? 0);
        else if (range.max !== undefined) this.fitness -= range.max;
        else this.fitness -= 3;
      }
      this.patternItem(relationship.properties, expandTypes(relationship.types).length);
    });
  }

  private patternItem(properties: MapExpr | undefined, kinds: number): void {
    for (const entry of properties?.entries ?? []) this.fitness += SELECTIVE_PROPERTIES.has(entry.key) ? 4 : 3;
    if (kinds === 1) this.fitness += 2;
    else if (kinds > 1 && kinds <= 15) this.fitness += 1;
    if (properties) this.expr(properties);
  }

  private projection(projection: Projection): void {
    if (projection.distinct) this.fitness += 1;
    for (const item of projection.items) this.expr(item.expr);
    for (const item of projection.orderBy ?? []) this.expr(item.expr);
    if (projection.skip) this.expr(projection.skip);
    if (projection.limit) {
      const limit = projection.limit;
      if (limit.type === 'literal' && !limit.float && typeof limit.value === 'number' && limit.value <= 300) {
        this.fitness += 1;
      }
      this.expr(limit);
    }
  }

  private expr(expr: Expr): void {
    switch (expr.type) {
      case 'binary':
        return this.binary(expr);
      case 'unary':
        if (expr.op === 'NOT') this.fitness -= 1;
        break;
      case 'isNull':
        this.fitness += (this.selective(expr.operand) ? 4 : 0) + (expr.negated ? -1 : 3);
        break;
      case 'hasLabels':
        this.fitness += expr.labels.length === 1 ? 2 : 1;
        break;
      case 'quantifier':
        return this.quantifier(expr);
      case 'pattern':
        return this.element(expr.element);
    }
    for (const child of exprChildren(expr)) this.expr(child);
  }

  private binary(expr: Extract<Expr, { type: 'binary' }>): void {
    if (expr.op === 'AND' || expr.op === 'OR') {
      // The reference scores a whole `a AND b AND c` chain once; our AST nests such a chain on the left.
      this.fitness += expr.op === 'AND' ? 1 : -1;
      let left: Expr = expr;
      const rights: Expr[] = [];
      while (left.type === 'binary' && left.op === expr.op) {
        rights.unshift(left.right);
        left = left.left;
      }
      for (const operand of [left, ...rights]) this.expr(operand);
      return;
    }
    const weight = COMPARISON_WEIGHTS[expr.op];
    if (weight !== undefined) {
      this.fitness += weight;
      if (this.selective(expr.left)) this.fitness += 4;
      if (this.selective(expr.right)) this.fitness += 4;
    }
    this.expr(expr.left);
    this.expr(expr.right);
  }

  private quantifier(expr: Extract<Expr, { type: 'quantifier' }>): void {
    this.fitness -= expr.quantifier === 'all' || expr.quantifier === 'none' ? 2 : 3;
    const outer = this.tracked;
    this.tracked = new Map(outer);
    this.track(expr.variable, 'other');
    this.expr(expr.list);
    this.expr(expr.where);
    this.tracked = outer;
  }

  /** `n.objectid` or `n.name` on a node variable: an equality on it usually finds one node. */
  private selective(expr: Expr): boolean {
    return expr.type === 'property' && expr.object.type === 'variable' && SELECTIVE_PROPERTIES.has(expr.key)
      && this.tracked.get(expr.object.name) === 'node';
  }
}
