import type { Expr, MapExpr, NodePattern, PatternElement } from '../ast.js';
import { exprChildren } from '../walk.js';

/** The conjuncts of a predicate (`a AND (b AND c)` gives a, b, c). */
export function conjuncts(expr: Expr | undefined): Expr[] {
  if (!expr) return [];
  if (expr.type === 'binary' && expr.op === 'AND') return [...conjuncts(expr.left), ...conjuncts(expr.right)];
  return [expr];
}

/** The variables an expression reads (quantifier variables excluded, pattern variables included). */
export function freeVariables(expr: Expr, into = new Set<string>()): Set<string> {
  switch (expr.type) {
    case 'variable':
      into.add(expr.name);
      return into;
    case 'quantifier': {
      freeVariables(expr.list, into);
      const inner = freeVariables(expr.where);
      inner.delete(expr.variable);
      for (const name of inner) into.add(name);
      return into;
    }
    case 'pattern':
      for (const name of elementVariables(expr.element)) into.add(name);
      break;
  }
  for (const child of exprChildren(expr)) freeVariables(child, into);
  return into;
}

/** Node and relationship variables named in a pattern element. */
function elementVariables(element: PatternElement): string[] {
  return [...element.nodes, ...element.relationships].flatMap((item) => (item.variable ? [item.variable] : []));
}

/** What is known to hold of one node variable in a query part: its patterns' labels and maps, its WHERE conjuncts. */
export interface NodeConstraints {
  labels: string[];
  maps: MapExpr[];
  /** Conjuncts that read no other variable. */
  conjuncts: Expr[];
}

const UNIQUE_KEYS = new Set(['objectid', 'name']);
/** Kinds almost every node has: they narrow little. */
const BROAD_KINDS = new Set(['Base', 'AZBase']);

/**
 * The single-variable constraints of a query part, by variable: where variable-length expansions seed from and
 * what a shortestPath endpoint must satisfy.
 */
export class ConstraintBook {
  private readonly byVariable = new Map<string, NodeConstraints>();
  /** Every WHERE conjunct filed so far (for tests on pairs of variables, such as `s <> t`). */
  readonly conjuncts: Expr[] = [];

  addPattern(node: NodePattern): void {
    if (!node.variable) return;
    const entry = this.entry(node.variable);
    entry.labels.push(...node.labels);
    if (node.properties) entry.maps.push(node.properties);
  }

  /** Files the single-variable conjuncts of a WHERE under their variable. */
  addWhere(where: Expr | undefined): void {
    for (const conjunct of conjuncts(where)) {
      this.conjuncts.push(conjunct);
      const variables = freeVariables(conjunct);
      if (variables.size === 1) this.entry([...variables][0]).conjuncts.push(conjunct);
    }
  }

  /** The constraints of a node pattern: its own labels and map, plus what is filed under its variable. */
  of(node: NodePattern): NodeConstraints {
    const own: NodeConstraints = { labels: [...node.labels], maps: node.properties ? [node.properties] : [], conjuncts: [] };
    if (!node.variable) return own;
    const filed = this.byVariable.get(node.variable);
    if (!filed) return own;
    return {
      labels: [...new Set([...own.labels, ...filed.labels])],
      maps: [...new Set([...own.maps, ...filed.maps])],
      conjuncts: filed.conjuncts,
    };
  }

  /** How narrowly the constraints pick nodes: unique-key equality > other properties > kinds > nothing. */
  static selectivity(constraints: NodeConstraints): number {
    let score = 0;
    for (const map of constraints.maps) {
      for (const entry of map.entries) score = Math.max(score, UNIQUE_KEYS.has(entry.key) ? 100 : 50);
    }
    for (const conjunct of constraints.conjuncts) score = Math.max(score, conjunctSelectivity(conjunct));
    for (const label of constraints.labels) score = Math.max(score, BROAD_KINDS.has(label) ? 5 : 10);
    return score;
  }

  private entry(variable: string): NodeConstraints {
    let entry = this.byVariable.get(variable);
    if (!entry) this.byVariable.set(variable, (entry = { labels: [], maps: [], conjuncts: [] }));
    return entry;
  }
}

function conjunctSelectivity(expr: Expr): number {
  if (expr.type === 'binary' && expr.op === '=') {
    const sides = [expr.left, expr.right];
    const keyed = sides.some((side) => side.type === 'property' && UNIQUE_KEYS.has(side.key) && side.object.type === 'variable');
    if (keyed && sides.some((side) => side.type === 'literal')) return 100;
  }
  if (readsProperty(expr)) return 50;
  return hasLabels(expr) ? 10 : 0;
}

function readsProperty(expr: Expr): boolean {
  return expr.type === 'property' || exprChildren(expr).some(readsProperty);
}

function hasLabels(expr: Expr): boolean {
  return expr.type === 'hasLabels' || exprChildren(expr).some(hasLabels);
}
