import { raw, sql, type Sql } from '@app/platform';
import { guarded, guarded2, textOf, type ScalarValue } from './typed.js';

type StringOp = 'STARTS WITH' | 'ENDS WITH' | 'CONTAINS';

/** Escapes LIKE's wildcards and its escape character, so a constant matches only itself. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function pattern(op: StringOp, text: string): string {
  const escaped = escapeLike(text);
  if (op === 'STARTS WITH') return `${escaped}%`;
  if (op === 'ENDS WITH') return `%${escaped}`;
  return `%${escaped}%`;
}

/**
 * STARTS WITH / ENDS WITH / CONTAINS, case-sensitive, null unless both sides are strings. With a constant:
 * LIKE on `properties ->> key`, which the trigram indexes serve (in filter position, where false may stand for
 * null); otherwise position/left/right on the texts.
 */
export function likePattern(op: StringOp, value: ScalarValue, operand: ScalarValue, exact: boolean): Sql {
  const constant = operand.literal?.value;
  if (operand.literal) {
    if (typeof constant !== 'string') return raw('NULL::boolean');
    return textTest(value, exact, (text) => sql`${text} LIKE ${pattern(op, constant)}::text`);
  }
  return guarded2(value, operand, (x, y) => {
    const [a, b] = [textOf(x), textOf(y)];
    const test = op === 'STARTS WITH' ? sql`left(${a}, length(${b})) = ${b}`
      : op === 'ENDS WITH' ? sql`right(${a}, length(${b})) = ${b}`
        : sql`position(${b} IN ${a}) > 0`;
    return sql`CASE WHEN jsonb_typeof(${x}) = 'string' AND jsonb_typeof(${y}) = 'string' THEN ${test} END`;
  });
}

/**
 * `=~` as the reference runs it on PostgreSQL: a POSIX regular-expression search (not anchored). A leading
 * `(?i)` makes it case-insensitive. An invalid pattern fails in the database (SQLSTATE 2201B, a 400).
 */
export function regexMatch(value: ScalarValue, operand: ScalarValue, exact: boolean): Sql {
  const constant = operand.literal?.value;
  if (operand.literal) {
    if (typeof constant !== 'string') return raw('NULL::boolean');
    const insensitive = constant.startsWith('(?i)');
    const regex = insensitive ? constant.slice(4) : constant;
    return textTest(value, exact, (text) => sql`${text} ${raw(insensitive ? '~*' : '~')} ${regex}::text`);
  }
  return guarded2(value, operand, (x, y) => sql`CASE WHEN jsonb_typeof(${x}) = 'string' AND jsonb_typeof(${y}) = 'string'
    THEN ${textOf(x)} ~ ${textOf(y)} END`);
}

/** A test on the text of a string value; `->>` on a node property in filter position, a guarded CASE otherwise. */
function textTest(value: ScalarValue, exact: boolean, test: (text: Sql) => Sql): Sql {
  if (!exact && value.property && value.simple) {
    const { object, key } = value.property;
    return sql`(${test(sql`(${object} ->> ${key}::text)`)} AND jsonb_typeof(${object} -> ${key}::text) = 'string')`;
  }
  return guarded(value, (v) => sql`CASE WHEN jsonb_typeof(${v}) = 'string' THEN ${test(textOf(v))} END`);
}
