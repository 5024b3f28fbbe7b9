import { Injectable } from '@nestjs/common';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import {
  applyListFilters, applyListQuery, Database, dateOf, optionalString, type ListQuery, type Row,
} from '@app/platform';
import type { TagHistoryAction, TagHistoryEntry, TagHistoryRecord } from '../domain/tag-history.js';
import { TAG_HISTORY_LIST } from '../application/list-specs.js';
import { TagHistory } from '../application/tag-history.js';
import { containsPattern } from './like-patterns.js';

function toRecord(row: Row): TagHistoryRecord {
  return {
    id: String(row.id),
    createdAt: dateOf(row.created_at),
    actor: String(row.actor),
    email: optionalString(row.email),
    action: String(row.action) as TagHistoryAction,
    target: String(row.target),
    tagId: Number(row.asset_group_tag_id),
    environmentId: optionalString(row.environment_id),
    note: optionalString(row.note),
  };
}

/** The tag history in PostgreSQL: writes join the command's unit of work; a page is one statement. */
@Injectable()
export class PgTagHistory extends TagHistory {
  constructor(private readonly db: Database) {
    super();
  }

  async record(entries: readonly TagHistoryEntry[]): Promise<void> {
    if (entries.length === 0) return;
    // The email of a user actor as it is now (none for SYSTEM or a user without one).
    await this.db.query(
      `INSERT INTO asset_group_tag_history (actor, email, action, target, asset_group_tag_id)
       SELECT e.actor, (SELECT NULLIF(u.email_address, '') FROM users u WHERE u.id::text = e.actor), e.action, e.target, e.tag_id
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS e (actor, action, target, tag_id, n)
        ORDER BY e.n`,
      [entries.map((e) => e.actor), entries.map((e) => e.action), entries.map((e) => e.target), entries.map((e) => e.tagId)],
    );
  }

  list(query: ListQuery, search: string | null): Promise<{ items: TagHistoryRecord[]; count: number }> {
    return this.db.transaction(async (m) => {
      const page = this.rows(m, search).select('x.*').addSelect('count(*) OVER ()', 'total_count');
      const rows: Row[] = await applyListQuery(page, TAG_HISTORY_LIST, query).getRawMany();
      if (rows.length > 0) return { items: rows.map(toRecord), count: Number(rows[0].total_count) };
      const [{ count }] = await applyListFilters(this.rows(m, search).select('count(*)', 'count'), TAG_HISTORY_LIST, query)
        .getRawMany<{ count: string }>();
      return { items: [], count: Number(count) };
    }, { readOnly: true });
  }

  /** The history as `x`, narrowed to the search: the text, and the text without its spaces, contained anywhere. */
  private rows(m: EntityManager, search: string | null): SelectQueryBuilder<Row> {
    const qb = m.createQueryBuilder().from('asset_group_tag_history', 'x');
    if (search === null) return qb;
    const patterns = [...new Set([containsPattern(search), containsPattern(search.replaceAll(' ', ''))])];
    return qb.andWhere(
      '(x.actor ILIKE ANY(:patterns) OR x.email ILIKE ANY(:patterns) OR x.action ILIKE ANY(:patterns) OR x.target ILIKE ANY(:patterns))',
      { patterns },
    );
  }
}
