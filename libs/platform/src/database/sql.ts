/**
 * SQL fragments with bound values. Every value interpolated into `sql\`...\`` becomes a placeholder; fragments
 * nest and are numbered only when the statement is built, so translated pieces compose without renumbering by
 * hand. Identifiers and keywords go through `raw` (never user text).
 */
export class Sql {
  constructor(readonly strings: readonly string[], readonly values: readonly unknown[]) {}

  /** The statement text with $1..$n placeholders and its values. */
  toQuery(): { text: string; values: unknown[] } {
    const values: unknown[] = [];
    const text = this.render(values);
    return { text, values };
  }

  private render(values: unknown[]): string {
    let text = this.strings[0];
    this.values.forEach((value, i) => {
      if (value instanceof Sql) text += value.render(values);
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

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return new Sql(strings, values);
}

/** Trusted text (identifiers, operators, generated aliases): never pass user input. */
export function raw(text: string): Sql {
  return new Sql([text], []);
}

/** Joins fragments with a trusted separator. */
export function joinSql(fragments: readonly Sql[], separator: string): Sql {
  if (fragments.length === 0) return raw('');
  const strings = [''];
  for (let i = 1; i < fragments.length; i++) strings.push(separator);
  strings.push('');
  return new Sql(strings, fragments);
}
