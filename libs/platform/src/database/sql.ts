/**
 * The SQL toolkit every store writes statements with (row readers are in `rows.ts`).
 *
 * SQL fragments with bound values. Every value interpolated into `sql\`...\`` becomes a placeholder; fragments
 * nest and are numbered only when the statement is built, so translated pieces compose without renumbering by
 * hand. Identifiers and keywords go through `raw` (never user text). A value a statement uses more than once is
 * interpolated as `param(value)`: one placeholder wherever it appears, bound once, as a reused `$n` was.
 *
 * Statements with many parameters (six or more, a reused one, or placeholders numbered in code) are written with the
 * template, each value where it is used: `const { text, values } = sql\`...\`.toQuery()`, then
 * `query(text, values)`. Short statements whose few parameters each appear once keep hand-numbered `$1`, `$2`.
 */
export class Sql {
  constructor(readonly strings: readonly string[], readonly values: readonly unknown[]) {}

  /** The statement text with $1..$n placeholders and its values. */
  toQuery(): { text: string; values: unknown[] } {
    const values: unknown[] = [];
    const text = this.render(values, new Map());
    return { text, values };
  }

  private render(values: unknown[], bound: Map<SqlParam, number>): string {
    let text = this.strings[0];
    this.values.forEach((value, i) => {
      if (value instanceof Sql) text += value.render(values, bound);
      else if (value instanceof SqlParam) text += `$${bound.get(value) ?? bind(values, bound, value)}`;
      else {
        values.push(value);
        text += `$${values.length}`;
      }
      text += this.strings[i + 1];
    });
    return text;
  }

  get isEmpty(): boolean {
    return this.values.length === 0 && this.strings.join('').trim() === '';
  }
}

/** A value bound once per statement however often it is interpolated (see `param`). */
export class SqlParam {
  constructor(readonly value: unknown) {}
}

function bind(values: unknown[], bound: Map<SqlParam, number>, param: SqlParam): number {
  values.push(param.value);
  bound.set(param, values.length);
  return values.length;
}

/** A value a statement uses more than once: every interpolation of it is the same placeholder. */
export function param(value: unknown): SqlParam {
  return new SqlParam(value);
}

/** A statement or fragment: each interpolated value becomes a placeholder, fragments and params nest. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return new Sql(strings, values);
}

/** Trusted text (identifiers, operators, generated aliases, the code's own constants): never pass user input. */
export function raw(text: string | number): Sql {
  return new Sql([String(text)], []);
}

/** Joins fragments with a trusted separator. */
export function joinSql(fragments: readonly Sql[], separator: string): Sql {
  if (fragments.length === 0) return raw('');
  const strings = [''];
  for (let i = 1; i < fragments.length; i++) strings.push(separator);
  strings.push('');
  return new Sql(strings, fragments);
}
