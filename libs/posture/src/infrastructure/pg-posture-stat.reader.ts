import { Injectable } from '@nestjs/common';
import {
  applyListFilters, applyListQuery, Database, dateOf, optionalDate, type ListQuery, type Row,
} from '@app/platform';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { CreatedWindow } from '../domain/created-window.js';
import type { PostureStat } from '../domain/posture-stat.js';
import { POSTURE_STAT_LIST } from '../application/list-specs.js';
import { PostureStatReader, type PostureStatPage } from '../application/ports.js';

const COLUMNS = [
  'x.id AS id', 'x.created_at AS created_at', 'x.updated_at AS updated_at', 'x.deleted_at AS deleted_at',
  'x.domain_sid AS domain_sid', 'x.asset_group_tag_id AS asset_group_tag_id', 'x.exposure_index AS exposure_index',
  'x.tier_zero_count AS tier_zero_count', 'x.critical_risk_count AS critical_risk_count',
];

/**
 * Posture stats in PostgreSQL: a page is one statement whose window aggregates carry the total and the earliest
 * created_at of every matching row; a second statement runs only when the page is empty but rows may exist.
 */
@Injectable()
export class PgPostureStatReader extends PostureStatReader {
  constructor(private readonly db: Database) {
    super();
  }

  list(query: ListQuery, window: CreatedWindow): Promise<PostureStatPage> {
    return this.db.transaction(async (m) => {
      const qb = matching(m, query, window)
        .select(COLUMNS)
        .addSelect('count(*) OVER ()', 'total_count')
        .addSelect('min(x.created_at) OVER ()', 'earliest');
      const rows: Row[] = await applyListQuery(qb, POSTURE_STAT_LIST, query).getRawMany();
      if (rows.length > 0) {
        const [first] = rows;
        return { items: rows.map(toPostureStat), count: Number(first.total_count), earliest: dateOf(first.earliest) };
      }
      // limit is never 0, so an empty first page means nothing matches.
      if (query.skip === 0) return { items: [], count: 0, earliest: null };
      const totals = matching(m, query, window).select('count(*)', 'total_count').addSelect('min(x.created_at)', 'earliest');
      const [row]: Row[] = await applyListFilters(totals, POSTURE_STAT_LIST, query).getRawMany();
      return { items: [], count: Number(row.total_count), earliest: optionalDate(row.earliest) };
    }, { readOnly: true });
  }
}

/** The rows a query and window select: soft-deleted rows only when the caller filters on deleted_at. */
function matching(m: EntityManager, query: ListQuery, window: CreatedWindow): SelectQueryBuilder<Row> {
  const qb = m.createQueryBuilder().from('posture_stats', 'x');
  if (!query.filters.some((predicate) => predicate.column === 'deleted_at')) qb.andWhere('x.deleted_at IS NULL');
  if (window.from !== undefined) qb.andWhere('x.created_at >= CAST(:window_from AS timestamptz)', { window_from: window.from });
  if (window.to !== undefined) qb.andWhere('x.created_at <= CAST(:window_to AS timestamptz)', { window_to: window.to });
  return qb;
}

function toPostureStat(row: Row): PostureStat {
  return {
    id: Number(row.id),
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
    domainSid: String(row.domain_sid),
    assetGroupTagId: Number(row.asset_group_tag_id),
    exposureIndex: Number(row.exposure_index),
    tierZeroCount: Number(row.tier_zero_count),
    criticalRiskCount: Number(row.critical_risk_count),
  };
}
