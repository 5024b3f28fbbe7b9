import type { PatternElement } from '../ast.js';
import { raw, sql, type Sql } from '@app/platform';
import type { Env } from './env.js';
import { emitPattern, fileConstraints } from './patterns.js';
import { Scope } from './scope.js';
import { SelectFrame } from './select.js';
import { jsonOf, type Typed } from './typed.js';

function subframe(element: PatternElement, env: Env): SelectFrame {
  const frame = new SelectFrame(env.ctx, new Scope(env.scope));
  fileConstraints(frame.book, [element]);
  emitPattern(frame, [{ element, pos: { line: 0, column: 0 } }], { ...env, scope: frame.scope });
  return frame;
}

/** A pattern used as a predicate (`WHERE (n)-[:X]->(m)`): EXISTS over the pattern's joins, bound to the row. */
export function patternExists(element: PatternElement, env: Env): Sql {
  return sql`EXISTS (${subframe(element, env).select(raw('1'))})`;
}

/** `size((n)-[:X]->())`: how many matches the pattern has for the row. */
export function patternCount(element: PatternElement, env: Env): Typed {
  return jsonOf(sql`(${subframe(element, env).select(raw('count(*)'))})`);
}
