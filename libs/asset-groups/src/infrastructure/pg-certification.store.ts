import { Injectable } from '@nestjs/common';
import {
  applyListFilters, applyListQuery, Database, dateOf, param, sql, type ListQuery, type Row, type Sql,
} from '@app/platform';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type {
  CertificationAction, CertificationChange, CertificationState, SelectorRecord,
} from '../domain/certification.js';
import type { MemberSource } from '../domain/selector.js';
import { CERTIFICATION_LIST } from '../application/list-specs.js';
import { CertificationStore, type CertificationAudit, type CertificationRecord } from '../application/certification-commands.js';

/** The records a request may change, locked in a fixed order (node, selector) so concurrent requests cannot deadlock. */
const LOCK_RECORDS = `
  SELECT s.asset_group_tag_id AS tag_id, sn.selector_id, sn.node_id, sn.source, s.is_default, sn.certified
    FROM asset_group_tag_selector_nodes sn
    JOIN asset_group_tag_selectors s ON s.id = sn.selector_id
   WHERE sn.node_id = ANY($1::bigint[]) AND s.disabled_at IS NULL
   ORDER BY sn.node_id, sn.selector_id
     FOR UPDATE OF sn`;

/**
 * Writes the planned states and their history in one statement. A record back to pending loses its certifier,
 * time and note (the history keeps them); certified_by is who certified as records show it (the audit's shownAs).
 */
function applyChanges(changes: CertificationChange[], audit: CertificationAudit): Sql {
  const note = param(audit.note);
  return sql`
    WITH changed AS (
      UPDATE asset_group_tag_selector_nodes sn
         SET certified = c.certified,
             certified_by = CASE WHEN c.certified = 0 THEN NULL ELSE ${audit.shownAs} END,
             certified_at = CASE WHEN c.certified = 0 THEN NULL ELSE now() END,
             certification_note = CASE WHEN c.certified = 0 THEN NULL ELSE ${note} END,
             updated_at = now()
        FROM unnest(${changes.map((c) => c.selectorId)}::int[], ${changes.map((c) => c.nodeId)}::bigint[],
                    ${changes.map((c) => c.certified)}::smallint[]) AS c (selector_id, node_id, certified)
       WHERE sn.selector_id = c.selector_id AND sn.node_id = c.node_id
      RETURNING sn.selector_id, sn.node_id, sn.certified, sn.object_id, sn.name, sn.primary_kind, sn.environment_id
    ), logged AS (
      INSERT INTO asset_group_certification_history (actor, email, action, certified, member_id, object_id, name,
                                                     primary_kind, environment_id, asset_group_tag_id, selector_id,
                                                     note)
      SELECT ${audit.actor}, ${audit.email}, ${audit.action}, c.certified, c.node_id, c.object_id, c.name,
             c.primary_kind, c.environment_id, s.asset_group_tag_id, c.selector_id, ${note}
        FROM changed c
        JOIN asset_group_tag_selectors s ON s.id = c.selector_id
       ORDER BY c.node_id, s.asset_group_tag_id, c.selector_id
      RETURNING 1
    )
    SELECT count(*)::int AS count FROM logged`;
}

/**
 * The history as the listing reads it: `certified_by` is who acted (the email they had, else the principal name of
 * the live user, else the actor's id).
 */
const HISTORY = `
  SELECT h.id, h.created_at, h.actor, h.email,
         COALESCE(NULLIF(h.email, ''),
                  (SELECT u.principal_name FROM users u WHERE u.id::text = h.actor AND u.deleted_at IS NULL),
                  h.actor) AS certified_by,
         h.action, h.certified, h.member_id, h.object_id, h.name, h.primary_kind, h.environment_id,
         h.asset_group_tag_id, h.selector_id, h.note
    FROM asset_group_certification_history h`;

/** Certification of selector records, and its history, in PostgreSQL. */
@Injectable()
export class PgCertificationStore extends CertificationStore {
  constructor(private readonly db: Database) {
    super();
  }

  certify(
    nodeIds: string[],
    plan: (records: SelectorRecord[]) => CertificationChange[],
    audit: CertificationAudit,
  ): Promise<number> {
    return this.db.transaction(async (m) => {
      const rows: Row[] = await m.query(LOCK_RECORDS, [nodeIds]);
      const changes = plan(rows.map(toSelectorRecord));
      if (changes.length === 0) return 0;
      const { text, values } = applyChanges(changes, audit).toQuery();
      const [{ count }] = await m.query(text, values);
      return Number(count);
    });
  }

  history(query: ListQuery, environments: string[]): Promise<{ items: CertificationRecord[]; count: number }> {
    return this.db.transaction(async (m) => {
      const qb = this.records(m, environments).select('x.*').addSelect('count(*) OVER ()', 'total_count');
      const rows = await applyListQuery(qb, CERTIFICATION_LIST, query).getRawMany();
      const count = rows.length > 0 ? Number(rows[0].total_count) : await this.countAll(m, query, environments);
      return { items: rows.map(toCertificationRecord), count };
    }, { readOnly: true });
  }

  private async countAll(m: EntityManager, query: ListQuery, environments: string[]): Promise<number> {
    const qb = this.records(m, environments).select('count(*)', 'count');
    const [row] = await applyListFilters(qb, CERTIFICATION_LIST, query).getRawMany();
    return Number(row.count);
  }

  /** The history as `x`, environments applied. */
  private records(m: EntityManager, environments: string[]): SelectQueryBuilder<Row> {
    const qb = m.createQueryBuilder().from(`(${HISTORY})`, 'x');
    if (environments.length > 0) qb.andWhere('x.environment_id = ANY(:environments)', { environments });
    return qb;
  }
}

function toSelectorRecord(row: Row): SelectorRecord {
  return {
    tagId: Number(row.tag_id),
    selectorId: Number(row.selector_id),
    nodeId: String(row.node_id),
    source: Number(row.source) as MemberSource,
    isDefault: row.is_default as boolean,
    certified: Number(row.certified) as CertificationState,
  };
}

function toCertificationRecord(row: Row): CertificationRecord {
  return {
    id: String(row.id),
    createdAt: dateOf(row.created_at),
    actor: String(row.actor),
    email: String(row.email),
    certifiedBy: String(row.certified_by),
    action: Number(row.action) as CertificationAction,
    certified: Number(row.certified) as CertificationState,
    memberId: String(row.member_id),
    objectId: String(row.object_id),
    name: String(row.name),
    primaryKind: String(row.primary_kind),
    environmentId: String(row.environment_id),
    tagId: Number(row.asset_group_tag_id),
    selectorId: Number(row.selector_id),
    note: row.note as string | null,
  };
}
