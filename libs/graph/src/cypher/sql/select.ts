import { raw, sql, joinSql, type Sql } from '@app/platform';
import { ConstraintBook } from './constraints.js';
import type { TranslationContext } from './context.js';
import type { Scope } from './scope.js';
import type { RowAccess } from './typed.js';

/** How a FROM item joins the items before it. */
export type JoinKind = 'cross' | 'lateral' | 'leftLateral' | 'join' | 'leftJoin';

interface FromItem {
  kind: JoinKind;
  source: Sql;
  /** Alias, with a column list where the source needs one (`sp0 (start_id int8, ...)`). */
  alias: Sql;
  on?: Sql;
}

/**
 * One SELECT under construction: FROM items joined left to right (so later items may refer to earlier ones
 * laterally), WHERE conditions, the variables its patterns bind, and what is known to constrain them.
 */
export class SelectFrame {
  private readonly items: FromItem[] = [];
  private readonly conditions: Sql[] = [];
  /** Variables bound by this frame's own patterns (as opposed to carried in by WITH or seen from outside). */
  readonly local = new Set<string>();
  readonly book = new ConstraintBook();

  constructor(readonly ctx: TranslationContext, readonly scope: Scope) {}

  add(kind: JoinKind, source: Sql, alias: string | Sql, on?: Sql): void {
    this.items.push({ kind, source, alias: typeof alias === 'string' ? raw(alias) : alias, on });
  }

  where(condition: Sql): void {
    this.conditions.push(condition);
  }

  /**
   * Access to the `node` / `edge` row of an id, joined to this frame the first time it is needed (after the items
   * already there, so that the id's own item precedes it). Nullable ids (OPTIONAL MATCH, WITH) join outer.
   */
  lazyRow(table: 'node' | 'edge', id: Sql, nullable: boolean): RowAccess {
    let alias: string | undefined;
    return () => {
      if (alias === undefined) {
        alias = this.ctx.alias(table === 'node' ? 'n' : 'e');
        this.add(nullable ? 'leftJoin' : 'join', raw(table), alias, sql`${raw(alias)}.id = ${id}`);
      }
      return alias;
    };
  }

  get hasItems(): boolean {
    return this.items.length > 0;
  }

  /** `FROM ... WHERE ...` (either part omitted when empty). */
  fromWhere(): Sql {
    const parts: Sql[] = [];
    if (this.items.length > 0) parts.push(sql` FROM ${this.renderItems()}`);
    if (this.conditions.length > 0) parts.push(sql` WHERE ${joinSql(this.conditions.map((c) => sql`(${c})`), ' AND ')}`);
    return joinSql(parts, '');
  }

  /** The frame as one SELECT of the given list. */
  select(list: Sql, distinct = false): Sql {
    return sql`SELECT ${raw(distinct ? 'DISTINCT ' : '')}${list}${this.fromWhere()}`;
  }

  private renderItems(): Sql {
    const items = [...this.items];
    // A left join needs something on its left: one row stands for "no match yet" (OPTIONAL MATCH first).
    if (items[0].kind !== 'cross' && items[0].kind !== 'lateral') items.unshift({ kind: 'cross', source: raw('(SELECT 1)'), alias: raw('one') });
    return joinSql(items.map((item, index) => {
      if (index === 0) return sql`${item.source} ${item.alias}`;
      switch (item.kind) {
        case 'cross':
          return sql` CROSS JOIN ${item.source} ${item.alias}`;
        case 'lateral':
          return sql` CROSS JOIN LATERAL ${item.source} ${item.alias}`;
        case 'leftLateral':
          return sql` LEFT JOIN LATERAL ${item.source} ${item.alias} ON true`;
        case 'join':
          return sql` JOIN ${item.source} ${item.alias} ON ${item.on!}`;
        case 'leftJoin':
          return sql` LEFT JOIN ${item.source} ${item.alias} ON ${item.on!}`;
      }
    }), '');
  }
}
