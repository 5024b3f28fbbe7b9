import type { CallExpr, CountStarExpr } from '../ast.js';
import type { TranslationContext } from './context.js';
import type { Scope } from './scope.js';
import type { Typed } from './typed.js';

/** Where an expression is translated. */
export interface Env {
  ctx: TranslationContext;
  scope: Scope;
  /**
   * False in filter position (a WHERE conjunct, under AND/OR only), where a predicate's false and null both drop
   * the row, so index-friendly forms that answer false for null may be used. True under NOT and in values.
   */
  exact: boolean;
  /** Translates an aggregate call in a projection item; absent where aggregates are not allowed. */
  aggregate?: (call: CallExpr | CountStarExpr, env: Env) => Typed;
}

/** The same environment in value position. */
export function exactly(env: Env): Env {
  return env.exact ? env : { ...env, exact: true };
}
