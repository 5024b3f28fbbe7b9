import type { Typed } from './typed.js';

/**
 * The Cypher variables visible at a point of the query and what each is in SQL. A child scope (OPTIONAL MATCH,
 * pattern predicate, quantifier) sees its parents' variables; WITH starts a fresh one.
 */
export class Scope {
  private readonly own = new Map<string, Typed>();

  constructor(readonly parent?: Scope) {}

  lookup(name: string): Typed | undefined {
    return this.own.get(name) ?? this.parent?.lookup(name);
  }

  /** True when this scope itself (not a parent) binds the name. */
  binds(name: string): boolean {
    return this.own.has(name);
  }

  define(name: string, value: Typed): void {
    this.own.set(name, value);
  }

  /** The variables this scope binds itself, in binding order. */
  entries(): [string, Typed][] {
    return [...this.own.entries()];
  }

  /** Every visible variable (parents' first, own bindings shadowing them). */
  visible(): Map<string, Typed> {
    const all = this.parent ? this.parent.visible() : new Map<string, Typed>();
    for (const [name, value] of this.own) all.set(name, value);
    return all;
  }
}
