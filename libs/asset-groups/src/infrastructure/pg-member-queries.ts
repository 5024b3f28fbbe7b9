import { Injectable } from '@nestjs/common';
import { applyListFilters, applyListQuery, Database, optionalString, type ListQuery, type Row } from '@app/platform';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { CertificationState } from '../domain/certification.js';
import type { MemberSource } from '../domain/selector.js';
import { MEMBER_LIST } from '../application/list-specs.js';
import {
  MemberReadModel, type Member, type MemberCounts, type MemberPage, type MemberScope, type MemberSelector,
} from '../application/member-queries.js';

/**
 * A tag's members, one row per node over its member records (asset_group_tag_member_records: enabled selectors,
 * revoked records left out under require_certify): the best source, and the highest certification state with who
 * set it (the reference's aggregation: a certified record outranks pending ones; ties go to the lowest selector id,
 * as in the member detail).
 */
const TAG_MEMBERS = `
  SELECT r.node_id AS id, min(r.object_id) AS object_id, min(r.name) AS name, min(r.primary_kind) AS primary_kind,
         min(r.environment_id) AS environment_id, min(r.source) AS source, max(r.certified) AS certified,
         (array_agg(r.certified_by ORDER BY r.certified DESC, r.selector_id))[1] AS certified_by
    FROM asset_group_tag_member_records r
   WHERE r.asset_group_tag_id = :tagId
   GROUP BY r.node_id`;

/** One selector's members: its own member records. */
const SELECTOR_MEMBERS = `
  SELECT r.node_id AS id, r.object_id, r.name, r.primary_kind, r.environment_id, r.source, r.certified, r.certified_by
    FROM asset_group_tag_member_records r
   WHERE r.selector_id = :selectorId`;

/** Member lists in PostgreSQL: a page is one statement (plus a count when the page is empty). */
@Injectable()
export class PgMemberQueries extends MemberReadModel {
  constructor(private readonly db: Database) {
    super();
  }

  list(scope: MemberScope, query: ListQuery): Promise<MemberPage> {
    return this.db.transaction(async (m) => {
      const qb = this.members(m, scope).select('x.*').addSelect('count(*) OVER ()', 'total_count');
      const rows = await applyListQuery(qb, MEMBER_LIST, query).getRawMany();
      const count = rows.length > 0 ? Number(rows[0].total_count) : await this.countAll(m, scope, query);
      return { items: rows.map((row) => toMember(row, scope.tagId)), count };
    }, { readOnly: true });
  }

  private async countAll(m: EntityManager, scope: MemberScope, query: ListQuery): Promise<number> {
    const qb = this.members(m, scope).select('count(*)', 'count');
    const [row] = await applyListFilters(qb, MEMBER_LIST, query).getRawMany();
    return Number(row.count);
  }

  counts(scope: MemberScope): Promise<MemberCounts> {
    return this.db.transaction(async (m) => {
      const rows = await this.members(m, scope)
        .select('x.primary_kind', 'primary_kind').addSelect('count(*)', 'count')
        .groupBy('x.primary_kind').orderBy('x.primary_kind').getRawMany();
      const byKind: Record<string, number> = {};
      for (const row of rows) byKind[row.primary_kind] = Number(row.count);
      return { total: Object.values(byKind).reduce((sum, n) => sum + n, 0), byKind };
    }, { readOnly: true });
  }

  async selectorState(selectorId: number): Promise<{ tagId: number; disabled: boolean } | null> {
    const [row] = await this.db.query<{ tag_id: number; disabled: boolean }>(
      'SELECT asset_group_tag_id AS tag_id, disabled_at IS NOT NULL AS disabled FROM asset_group_tag_selectors WHERE id = $1',
      [selectorId], { readOnly: true },
    );
    return row ? { tagId: Number(row.tag_id), disabled: row.disabled } : null;
  }

  async member(tagId: number, nodeId: string): Promise<{ member: Member; selectors: MemberSelector[] } | null> {
    const rows = await this.db.query<Row>(
      `SELECT r.node_id AS id, r.object_id, r.name, r.primary_kind, r.environment_id, r.source, r.certified,
              r.certified_by, r.selector_id, s.name AS selector_name, r.is_default
         FROM asset_group_tag_member_records r
         JOIN asset_group_tag_selectors s ON s.id = r.selector_id
        WHERE r.asset_group_tag_id = $1 AND r.node_id = $2
        ORDER BY r.selector_id`,
      [tagId, nodeId], { readOnly: true },
    );
    if (rows.length === 0) return null;
    const selectors: MemberSelector[] = rows.map((row) => ({
      id: Number(row.selector_id),
      tagId,
      name: String(row.selector_name),
      isDefault: row.is_default as boolean,
      source: Number(row.source) as MemberSource,
      certified: Number(row.certified) as CertificationState,
      certifiedBy: row.certified_by as string | null,
    }));
    // The same aggregation as TAG_MEMBERS, over the rows already read (in selector id order, so a stable sort
    // breaks ties by the lowest selector id as TAG_MEMBERS does).
    const best = [...selectors].sort((a, b) => b.certified - a.certified)[0];
    const member = toMember(rows[0], tagId);
    return {
      member: {
        ...member,
        source: Math.min(...selectors.map((s) => s.source)) as MemberSource,
        certified: best.certified,
        certifiedBy: best.certifiedBy,
      },
      selectors,
    };
  }

  /** The scope's member rows as `x`, environments applied. */
  private members(m: EntityManager, scope: MemberScope): SelectQueryBuilder<Row> {
    const inner = scope.selectorId === undefined ? TAG_MEMBERS : SELECTOR_MEMBERS;
    const qb = m.createQueryBuilder()
      .from(`(${inner})`, 'x')
      .setParameters(scope.selectorId === undefined ? { tagId: scope.tagId } : { selectorId: scope.selectorId });
    if (scope.environments.length > 0) qb.andWhere('x.environment_id = ANY(:environments)', { environments: scope.environments });
    return qb;
  }
}

function toMember(row: Row, tagId: number): Member {
  return {
    nodeId: String(row.id),
    objectId: String(row.object_id),
    environmentId: String(row.environment_id),
    primaryKind: String(row.primary_kind),
    name: String(row.name),
    tagId,
    source: Number(row.source) as MemberSource,
    certified: Number(row.certified) as CertificationState,
    certifiedBy: optionalString(row.certified_by),
  };
}
