import type { Clause, Expr, PatternElement } from './ast.js';

/** The direct sub-expressions of an expression, in source order (pattern property maps included). */
export function exprChildren(expr: Expr): Expr[] {
  switch (expr.type) {
    case 'list':
      return expr.items;
    case 'map':
      return expr.entries.map((entry) => entry.value);
    case 'property':
      return [expr.object];
    case 'binary':
      return [expr.left, expr.right];
    case 'unary':
    case 'isNull':
    case 'hasLabels':
      return [expr.operand];
    case 'call':
      return expr.args;
    case 'quantifier':
      return [expr.list, expr.where];
    case 'pattern':
      return elementMaps(expr.element);
    default:
      return [];
  }
}

/** The inline property maps of a pattern element's nodes and relationships. */
export function elementMaps(element: PatternElement): Expr[] {
  const maps: Expr[] = [];
  for (const item of [...element.nodes, ...element.relationships]) if (item.properties) maps.push(item.properties);
  return maps;
}

/** Every top-level expression of a clause (patterns' maps, WHERE, items, ORDER BY, SKIP, LIMIT). */
export function clauseExprs(clause: Clause): Expr[] {
  switch (clause.type) {
    case 'match':
      return [...clause.pattern.flatMap((part) => elementMaps(part.element)), ...optional(clause.where)];
    case 'unwind':
      return [clause.expr];
    case 'with':
    case 'return':
      return [
        ...clause.items.map((item) => item.expr),
        ...(clause.orderBy ?? []).map((item) => item.expr),
        ...optional(clause.skip),
        ...optional(clause.limit),
        ...optional(clause.type === 'with' ? clause.where : undefined),
      ];
  }
}

function optional(expr: Expr | undefined): Expr[] {
  return expr ? [expr] : [];
}

/** Calls visit on every expression of the query, parents before children (recursive; the parser bounds depth). */
export function forEachExpr(clauses: Clause[], visit: (expr: Expr) => void): void {
  const walk = (expr: Expr): void => {
    visit(expr);
    for (const child of exprChildren(expr)) walk(child);
  };
  for (const clause of clauses) for (const expr of clauseExprs(clause)) walk(expr);
}
