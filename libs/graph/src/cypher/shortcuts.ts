import { RELATIONSHIP_SHORTCUTS } from '../domain/kinds.js';
import type { CypherQuery, PatternElement } from './ast.js';
import { forEachExpr } from './walk.js';

/**
 * Replaces the relationship-type shortcuts (AD_ATTACK_PATHS, AZ_ATTACK_PATHS, ALL_ATTACK_PATHS) by the edge kinds
 * they stand for, in every pattern and pattern predicate, so both backends run the same kinds. Returns a new AST.
 */
export function expandShortcuts(query: CypherQuery): CypherQuery {
  const copy = structuredClone(query);
  const expand = (element: PatternElement) => {
    for (const relationship of element.relationships) relationship.types = expandTypes(relationship.types);
  };
  for (const clause of copy.clauses) {
    if (clause.type === 'match') clause.pattern.forEach((part) => expand(part.element));
  }
  forEachExpr(copy.clauses, (expr) => {
    if (expr.type === 'pattern') expand(expr.element);
  });
  return copy;
}

/** One type list with the shortcuts expanded, other types kept, duplicates dropped, first occurrence first. */
export function expandTypes(types: readonly string[]): string[] {
  const expanded = new Set<string>();
  for (const type of types) {
    const kinds = Object.hasOwn(RELATIONSHIP_SHORTCUTS, type) ? RELATIONSHIP_SHORTCUTS[type] : [type];
    for (const kind of kinds) expanded.add(kind);
  }
  return [...expanded];
}
